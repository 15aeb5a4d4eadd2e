import { useEffect, useEffectEvent, useRef } from 'react';

/** Spec §9: the next page loads when the list's end comes within 50 px of the bottom of the screen. */
export const INFINITE_SCROLL_PX = 50;

/**
 * Calls `onReach` when the element the returned ref is on comes within 50 px of the viewport's bottom, and again
 * whenever `key` changes while it still is (a page that did not fill the screen). Observing is cheap on a phone:
 * nothing runs per scroll event.
 */
export function useInfiniteTrigger<T extends Element>(enabled: boolean, key: unknown, onReach: () => void) {
  const ref = useRef<T>(null);
  const reach = useEffectEvent(onReach);
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && reach(), {
      rootMargin: `0px 0px ${INFINITE_SCROLL_PX}px 0px`,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled, key]);
  return ref;
}
