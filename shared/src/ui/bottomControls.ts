// Where toasts may sit: above the controls a page keeps at the bottom of the screen whatever the scroll — the nav,
// the service button floating over it, a screen's buy/sell bar, a chat's composer, an open dialog's sheet. Measured,
// so a screen's own bar needs no registration. A dialog's backdrop covers the whole screen and is not such a control;
// the sheet on it is, whatever its height.

const STEP_PX = 12;
/** Room a toast needs above the controls (one line, its gap and a margin); with less it goes to the screen's top. */
const TOAST_ROOM_PX = 96;

export type ToastPlace = { edge: 'bottom'; inset: number } | { edge: 'top' };

/** Stays put at the bottom while the page scrolls: fixed, or sticky to the bottom. */
function isPinned(el: Element): boolean {
  const style = getComputedStyle(el);
  return style.position === 'fixed' || (style.position === 'sticky' && style.bottom !== 'auto');
}

/** The top of the pinned controls in the screen's lower half: sampled up the middle and near the right edge, where the service button floats. */
function pinnedTop(w: number, h: number): number {
  const seen = new Set<Element>();
  let top = h;
  for (let y = h - 1; y > h / 2; y -= STEP_PX) {
    for (const x of [w / 2, w - 42]) {
      for (const el of document.elementsFromPoint(x, y)) {
        if (seen.has(el)) continue;
        seen.add(el);
        const box = el.getBoundingClientRect();
        if (box.top > h / 2 && isPinned(el)) top = Math.min(top, box.top);
      }
    }
  }
  return top;
}

/**
 * Where toasts go: above the bottom controls and any open dialog's sheet (its buttons stay uncovered), or at the top
 * of the screen when a tall sheet leaves no room above it. At the bottom edge where it cannot be measured (no layout).
 */
export function toastPlace(): ToastPlace {
  if (typeof document.elementsFromPoint !== 'function') return { edge: 'bottom', inset: 0 };
  const { innerWidth: w, innerHeight: h } = window;
  let top = pinnedTop(w, h);
  for (const sheet of document.querySelectorAll('[aria-modal="true"]')) top = Math.min(top, sheet.getBoundingClientRect().top);
  if (top < TOAST_ROOM_PX) return { edge: 'top' };
  return { edge: 'bottom', inset: Math.max(0, Math.ceil(h - top)) };
}
