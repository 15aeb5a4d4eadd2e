import { useTranslation } from '@invest/runtime';
import { stockHref, type Quote, type StockRow } from '@invest/shared';
import { InstrumentListHead, InstrumentRow, instrumentRowView } from '@invest/shared/instruments';
import s from '../components/products.module.css';

/** The rows of a product list: name, exchange, code, price and change in the market's colours; a row opens the detail and its ticket. */
export function InstrumentList({ rows, quotes, label }: { rows: readonly StockRow[]; quotes: Record<string, Quote>; label: string }) {
  const { t } = useTranslation('products');
  return (
    <>
      <InstrumentListHead name={t('col.name')} price={t('col.price')} change={t('col.change')} />
      <ul className={s.rows} aria-label={label}>
        {rows.map((r) => (
          <li key={r.stock}>
            <InstrumentRow row={instrumentRowView(r, quotes[r.stock])} href={stockHref(r.stock, r.name)} />
          </li>
        ))}
      </ul>
    </>
  );
}
