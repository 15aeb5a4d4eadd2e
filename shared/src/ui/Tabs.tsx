import { useEffect, useRef, type KeyboardEvent } from 'react';
import s from './extras.module.css';

export interface TabItem<T extends string | number> {
  value: T;
  label: string;
}

// How much of the next tab shows beside a selected tab brought into view: there is more to scroll to.
const PEEK_PX = 24;

/** Scrolls the row, never the page (a row further down must not pull the page to it), so `tab` is wholly in view. */
function reveal(row: HTMLElement, tab: HTMLElement): void {
  const r = row.getBoundingClientRect();
  const t = tab.getBoundingClientRect();
  if (t.left < r.left) row.scrollLeft -= r.left - t.left + PEEK_PX;
  else if (t.right > r.right) row.scrollLeft += t.right - r.right + PEEK_PX;
}

/**
 * A row of tabs (role=tablist). `underline` for screen sections, `pills` for pickers; `fill` spreads the tabs over
 * the width. A label is never cut: tabs that do not fit scroll sideways, and the selected one is kept in view.
 * Arrow keys, Home and End move the selection and the focus with it.
 */
export function Tabs<T extends string | number>({
  items,
  value,
  onChange,
  label,
  variant = 'underline',
  fill = false,
  className,
}: {
  items: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Accessible name of the tab list. */
  label: string;
  variant?: 'underline' | 'pills';
  fill?: boolean;
  className?: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const row = listRef.current;
    const selected = row?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!row || !selected) return;
    reveal(row, selected);
    if (row.contains(document.activeElement)) selected.focus();
  }, [value]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = items.findIndex((x) => x.value === value);
    const moves: Record<string, number> = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: items.length - 1 };
    const to = moves[e.key];
    const next = to === undefined ? undefined : items[(to + items.length) % items.length];
    if (!next) return;
    e.preventDefault();
    if (next.value !== value) onChange(next.value);
  };

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={[s.tabs, s[variant], fill ? s.fill : '', className].filter(Boolean).join(' ')}
    >
      {items.map((item) => {
        const selected = item.value === value;
        return (
          <button
            key={String(item.value)}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            className={s.tab}
            onClick={() => !selected && onChange(item.value)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
