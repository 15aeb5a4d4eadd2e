// Where toasts may sit: above the controls a page keeps at the bottom of the screen whatever the scroll — the nav,
// the service button floating over it, a screen's buy/sell bar, a chat's composer. Measured, so a screen's own bar
// needs no registration. A layer over the whole screen (a dialog's backdrop) is not such a control.

const STEP_PX = 12;

/** Stays put at the bottom while the page scrolls: fixed, or sticky to the bottom. */
function isPinned(el: Element): boolean {
  const style = getComputedStyle(el);
  return style.position === 'fixed' || (style.position === 'sticky' && style.bottom !== 'auto');
}

/**
 * The height, from the screen's bottom edge, of the pinned controls in its lower half: sampled up the middle and
 * near the right edge, where the service button floats. 0 where it cannot be measured (no layout).
 */
export function bottomControlsHeight(): number {
  if (typeof document.elementsFromPoint !== 'function') return 0;
  const { innerWidth: w, innerHeight: h } = window;
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
  return Math.max(0, Math.ceil(h - top));
}
