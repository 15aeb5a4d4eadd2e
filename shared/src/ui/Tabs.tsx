import { useEffect, useRef, type KeyboardEvent } from 'react';
import s from './extras.module.css';

export interface TabItem<T extends string | number> {
  value: T;
  label: string;
}

/**
 * A row of tabs (role=tablist). `underline` for screen sections, `pills` for pickers; `fill` spreads the tabs
 * over the width, otherwise the row scrolls sideways and keeps the selected tab in view. Arrow keys move.
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
    const selected = listRef.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (selected && typeof selected.scrollIntoView === 'function') selected.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [value]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const i = items.findIndex((x) => x.value === value);
    const next = items[(i + (e.key === 'ArrowRight' ? 1 : -1) + items.length) % items.length];
    if (next) {
      e.preventDefault();
      onChange(next.value);
    }
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
            title={item.label}
            onClick={() => !selected && onChange(item.value)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
