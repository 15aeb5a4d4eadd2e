import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { call, calls, SearchDialog, type StockRow as Row } from '@invest/shared';
import { logListError, precisionOf, stockHref } from '../lib/display';
import { StockRow } from './StockRow';

export const SEARCH_LIMIT = 20;

/** Searches stocks by name or code (GET /v2/stock/list keyword); a result opens /stock/v2/{code}/{name}. */
export async function searchStocks(keyword: string): Promise<Row[]> {
  try {
    const { rows } = await call(calls.stockList, { keyword, page: 1, limit: SEARCH_LIMIT });
    return rows;
  } catch (e) {
    logListError('search', e);
    return [];
  }
}

export function StockSearch({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const render = useCallback(
    (r: Row, close: () => void) => (
      <div onClick={close}>
        <StockRow
          href={stockHref(r.stock, r.name)}
          row={{
            code: r.stock,
            name: r.name,
            market: r.market,
            exchange: r.exchange_name,
            price: r.prasent,
            prevClose: r.close_prices,
            percent: r.percent_change,
            precision: precisionOf(r),
          }}
        />
      </div>
    ),
    [],
  );
  return (
    <SearchDialog<Row>
      open={open}
      onClose={onClose}
      title={t('markets.search.title')}
      placeholder={t('markets.search.placeholder')}
      hint={t('markets.search.hint')}
      requiredMessage={t('markets.search.required')}
      noResultsMessage={t('markets.search.noResults')}
      search={searchStocks}
      keyOf={(r) => r.stock}
      renderItem={render}
    />
  );
}
