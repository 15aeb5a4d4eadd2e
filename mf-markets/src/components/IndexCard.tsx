import { Link } from 'react-router-dom';
import { direction, formatPrice, precisionOf, PriceChange, Skeleton, Sparkline, stockHref, type Quote, newest } from '@invest/shared';
import type { IndexLine } from '../lib/indexLines';
import s from './IndexCard.module.css';

/** An index's price: the loaded line, or a fresher pushed quote. */
export function indexQuote(line: IndexLine | undefined, live: Quote | undefined) {
  return newest(line, live);
}

/**
 * An index card: name, live price, change and percent in the market's colours and the sparkline of the day.
 * `wide` is the markets screen's single card; tiles are the watchlist's small ones. Tapping opens the index.
 * The link's name is its visible text (name, price, change), so a voice user can say what they see (WCAG 2.5.3).
 */
export function IndexCard({
  symbol,
  name,
  line,
  live,
  variant = 'card',
}: {
  symbol: string;
  name: string;
  line?: IndexLine;
  live?: Quote;
  variant?: 'card' | 'wide' | 'tile';
}) {
  const q = indexQuote(line, live);
  const precision = q ? precisionOf(q) : 2;
  const trend = q ? direction(q.change || q.changePercent) : 'flat';
  return (
    <Link
      to={stockHref(symbol, name)}
      // A flat card has no colour class of its own, and the default variant is the card itself.
      className={[s.card, variant !== 'card' && s[variant], s[trend]].filter(Boolean).join(' ')}
      data-testid="index-card"
    >
      <div className={s.top}>
        <span className={s.name}>{name}</span>
      </div>
      {q ? (
        <>
          <span className={`${s.price} num`}>{formatPrice(q.price, precision)}</span>
          {variant === 'tile' ? (
            <PriceChange change={q.change} percent={q.changePercent} precision={precision} show="percent" className={s.change} />
          ) : (
            <PriceChange change={q.change} percent={q.changePercent} precision={precision} className={s.change} />
          )}
          {variant !== 'tile' && line && (
            <div className={s.spark}>
              <Sparkline linePath={line.linePath} areaPath={line.areaPath} trend={trend} />
            </div>
          )}
        </>
      ) : (
        <>
          <Skeleton width="70%" height={20} style={{ margin: '6px 0 4px' }} />
          <Skeleton width="50%" height={12} />
          {variant !== 'tile' && <Skeleton height={variant === 'wide' ? 56 : 36} style={{ marginTop: 10 }} />}
        </>
      )}
    </Link>
  );
}
