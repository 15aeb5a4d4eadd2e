import { useTranslation } from '@invest/runtime';
import s from './MarketStatus.module.css';

/**
 * "Market open" with a live dot, or "Market closed" (quote.marketOpen false: the last price holds). Nothing while
 * the prices beside it are `stale`: an old price never sits beside "Market open" (its stale notice says how old).
 */
export function MarketStatus({ open, stale = false }: { open: boolean; stale?: boolean }) {
  const { t } = useTranslation('markets');
  if (stale) return null;
  return (
    <span className={`${s.status} ${open ? s.open : s.closed}`} data-testid="market-status">
      <span className={s.dot} aria-hidden="true" />
      {open ? t('open') : t('closed')}
    </span>
  );
}

/** The plain statement that prices come from the simulator, not a live feed. */
export function SimulatedNote() {
  const { t } = useTranslation('markets');
  return (
    <span className={s.simulated} title={t('simulatedHint')} data-testid="simulated-note">
      {t('simulated')}
    </span>
  );
}
