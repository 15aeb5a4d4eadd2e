/** The spec's swipe-back: starts within 40 px of the left edge, > 60 px to the right, under 500 ms, mostly horizontal. */
export const EDGE_PX = 40;
export const MIN_TRAVEL_PX = 60;
export const MAX_DURATION_MS = 500;

export interface TouchPoint {
  x: number;
  y: number;
  t: number;
}

export function isSwipeBack(start: TouchPoint, end: TouchPoint): boolean {
  const dx = end.x - start.x;
  const dy = Math.abs(end.y - start.y);
  return start.x <= EDGE_PX && dx > MIN_TRAVEL_PX && end.t - start.t < MAX_DURATION_MS && dx > dy;
}

/**
 * Goes back on an edge swipe, and on the hardware back button of the hybrid app shell
 * (it fires a `backbutton` event on document, as Cordova and Capacitor bridges do).
 */
export function installBackGestures(goBack: () => void, target: Document = document): () => void {
  // Timed with the clock at handling, not event.timeStamp: some WebViews stamp touch events inconsistently.
  let start: TouchPoint | null = null;
  const onStart = (e: TouchEvent) => {
    const touch = e.touches[0];
    start = touch && e.touches.length === 1 ? { x: touch.clientX, y: touch.clientY, t: performance.now() } : null;
  };
  const onEnd = (e: TouchEvent) => {
    const touch = e.changedTouches[0];
    if (start && touch && isSwipeBack(start, { x: touch.clientX, y: touch.clientY, t: performance.now() })) goBack();
    start = null;
  };
  const onCancel = () => (start = null);
  const onHardwareBack = (e: Event) => {
    e.preventDefault();
    goBack();
  };
  target.addEventListener('touchstart', onStart, { passive: true });
  target.addEventListener('touchend', onEnd, { passive: true });
  target.addEventListener('touchcancel', onCancel, { passive: true });
  target.addEventListener('backbutton', onHardwareBack);
  return () => {
    target.removeEventListener('touchstart', onStart);
    target.removeEventListener('touchend', onEnd);
    target.removeEventListener('touchcancel', onCancel);
    target.removeEventListener('backbutton', onHardwareBack);
  };
}
