import type { Page } from '@playwright/test';

/** The smallest control a finger hits reliably (WCAG 2.5.5, Apple and Material guidance). */
export const MIN_TARGET_PX = 44;

/** Everything a user can tap or focus to act. */
export const CONTROLS = [
  'button',
  'a[href]',
  '[role=button]',
  '[role=tab]',
  '[role=checkbox]',
  '[role=switch]',
  '[role=link]',
  'input[type=checkbox]',
  'input[type=radio]',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

export interface SmallTarget {
  control: string;
  width: number;
  height: number;
}

/**
 * Visible controls whose hit area is under 44×44 px. The hit area is the element's box grown by an absolutely
 * placed ::before/::after (the kit's way to enlarge a small control) and, for a checkbox or radio, by its label.
 * Excepted, as WCAG 2.5.8 does: a link inside running text, i.e. one with words of the sentence beside it.
 */
export function smallTapTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate(
    ({ selector, min }) => {
      type Box = { left: number; top: number; right: number; bottom: number };
      const union = (a: Box, b: Box): Box => ({
        left: Math.min(a.left, b.left),
        top: Math.min(a.top, b.top),
        right: Math.max(a.right, b.right),
        bottom: Math.max(a.bottom, b.bottom),
      });
      const px = (v: string) => (v.endsWith('px') ? parseFloat(v) : null);

      // An absolutely placed pseudo-element: its box from the element's, which is its containing block in the kit.
      const pseudoBox = (el: Element, r: DOMRect, which: '::before' | '::after'): Box | null => {
        const cs = getComputedStyle(el, which);
        if (cs.content === 'none' || cs.position !== 'absolute' || cs.pointerEvents === 'none') return null;
        const [top, right, bottom, left, width, height] = [px(cs.top), px(cs.right), px(cs.bottom), px(cs.left), px(cs.width), px(cs.height)];
        const l = left ?? (right !== null && width !== null ? r.width - right - width : null);
        const t = top ?? (bottom !== null && height !== null ? r.height - bottom - height : null);
        if (l === null || t === null || width === null || height === null) return null;
        return { left: r.left + l, top: r.top + t, right: r.left + l + width, bottom: r.top + t + height };
      };

      const inRunningText = (el: Element) =>
        el.tagName === 'A' &&
        [...(el.parentElement?.childNodes ?? [])].some((n) => n !== el && n.nodeType === Node.TEXT_NODE && /\p{L}/u.test(n.textContent ?? ''));

      const describe = (el: Element) => {
        const name = el.getAttribute('aria-label') ?? el.getAttribute('title') ?? el.textContent?.trim().slice(0, 40) ?? '';
        const testId = el.getAttribute('data-testid');
        return `<${el.tagName.toLowerCase()}${testId ? ` data-testid=${testId}` : ''}> "${name}"`;
      };

      const small: { control: string; width: number; height: number }[] = [];
      for (const el of document.querySelectorAll(selector)) {
        if (!el.checkVisibility({ visibilityProperty: true }) || el.closest('[aria-hidden="true"], [inert]')) continue;
        if (inRunningText(el)) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        let box: Box = r;
        for (const which of ['::before', '::after'] as const) {
          const p = pseudoBox(el, r, which);
          if (p) box = union(box, p);
        }
        const label = el instanceof HTMLInputElement ? el.labels?.[0] : null;
        if (label) box = union(box, label.getBoundingClientRect());
        const width = Math.round(box.right - box.left);
        const height = Math.round(box.bottom - box.top);
        if (width < min || height < min) small.push({ control: describe(el), width, height });
      }
      return small;
    },
    { selector: CONTROLS, min: MIN_TARGET_PX },
  );
}
