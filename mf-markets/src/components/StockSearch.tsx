import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { call, calls, SearchDialog, stockHref, type StockRow as Row } from '@invest/shared';
import { InstrumentRow, instrumentRowView } from '@invest/shared/instruments';
import { logListError } from '../lib/display';

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
        <InstrumentRow href={stockHref(r.stock, r.name)} row={instrumentRowView(r)} />
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
