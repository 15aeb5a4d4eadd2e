/**
 * Registers the service worker that lets the app open offline (sw.ts) once the page has loaded, so it costs the
 * page's start nothing (the worker installs on its own thread). Nothing where the browser has no service workers
 * (plain http off localhost).
 */
export function registerServiceWorker(): void {
  const workers = navigator.serviceWorker;
  // A page the worker does not control (the first visit) fetched its files before the worker existed: it hands the
  // worker their list, kept by the rules of the fetches it sees (sw.ts), so the next load finds them offline too. A
  // worker installing for the first time gets it as it installs, and waits for it; what the page fetched while it
  // installed (a tab opened meanwhile) follows once it is active.
  const handOver = !workers?.controller;
  const files = () => performance.getEntriesByType('resource').map((e) => e.name);
  addEventListener('load', () =>
    setTimeout(() =>
      workers
        ?.register('/sw.js')
        // A browser that blocks workers (an automation setting) may answer with no registration.
        .then(async (registration: ServiceWorkerRegistration | undefined) => {
          if (!handOver) return;
          const installing = registration?.installing;
          const sent = installing ? files() : [];
          installing?.postMessage(sent);
          const { active } = await workers.ready;
          const rest = files().filter((file) => !sent.includes(file));
          if (rest.length) active?.postMessage(rest);
        })
        // Without a worker, or with a failed hand-over, the page runs as it would without one.
        .catch(() => undefined),
    ),
    { once: true },
  );
}
