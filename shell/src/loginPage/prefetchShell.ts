/** The shell page's start files (scripts, style sheets, preloads), read off its build by the login page's build. */
declare const __SHELL_START_FILES__: string[];

/**
 * Once the user starts on the form (a tap, a key, a field taking focus), the browser fetches the shell's start files
 * at idle priority, so the page load that follows the login finds them cached. Not before: a visitor who only looks
 * pays for the login page alone.
 */
export function prefetchShellOnIntent(): void {
  const events = ['pointerdown', 'keydown', 'focusin'] as const;
  const prefetch = () => {
    events.forEach((type) => document.removeEventListener(type, prefetch, true));
    for (const href of __SHELL_START_FILES__) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      document.head.append(link);
    }
  };
  events.forEach((type) => document.addEventListener(type, prefetch, true));
}
