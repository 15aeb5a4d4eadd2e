import { useCallback } from 'react';
import { useTranslation } from '@invest/runtime';
import { SearchDialog, stockHref, type StockRow as Row } from '@invest/shared';
import { InstrumentRow, instrumentRowView, searchStocks } from '@invest/shared/instruments';

/** Searches stocks by name or code; a result opens /stock/v2/{code}/{name}. */
export function StockSearch({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('markets');
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
      title={t('search.title')}
      placeholder={t('search.placeholder')}
      hint={t('search.hint')}
      requiredMessage={t('search.required')}
      noResultsMessage={t('search.noResults')}
      search={searchStocks}
      keyOf={(r) => r.stock}
      renderItem={render}
    />
  );
}
