import { direction, formatPercent, formatPrice } from '../format';
import s from './extras.module.css';

/** The colour class of a change: up green, down red, flat grey (tokens --c-up / --c-down / --c-flat). */
export function changeClass(change: number): string {
  return s[direction(change)] ?? '';
}

/**
 * A change in the market's colours: "+12.34 +1.23%" (`show` picks the parts). `badge` draws the percent
 * on a coloured chip, as in quote lists.
 */
export function PriceChange({
  change,
  percent,
  precision = 2,
  show = 'both',
  badge = false,
  className,
}: {
  change: number;
  percent: number;
  precision?: number;
  show?: 'both' | 'change' | 'percent';
  badge?: boolean;
  className?: string;
}) {
  // The percent decides the colour when only it is shown; a zero change with a rounding percent stays flat.
  const dir = direction(show === 'percent' ? percent : change || percent);
  const sign = change > 0 ? '+' : '';
  const text =
    show === 'change'
      ? `${sign}${formatPrice(change, precision)}`
      : show === 'percent'
        ? formatPercent(percent)
        : `${sign}${formatPrice(change, precision)} ${formatPercent(percent)}`;
  return (
    <span className={[s.change, s[dir], badge ? s.badge : '', 'num', className].filter(Boolean).join(' ')} data-direction={dir}>
      {text}
    </span>
  );
}
