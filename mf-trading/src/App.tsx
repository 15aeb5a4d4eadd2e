import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ComingSoonPage } from '@invest/shared';

/** Positions, stock trading and stock records (built in the ledger-and-trading issue). */
export function App() {
  const { t } = useTranslation();
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/trade" element={<ComingSoonPage title={t('titles.trade')} back={false} />} />
        <Route path="/trade-no-nav/:type/:buck?" element={<ComingSoonPage title={t('titles.trade')} />} />
        <Route path="/trading/:code" element={<ComingSoonPage title={t('titles.tradingDemo')} />} />
        <Route path="/stock/trading/:symbol/:market/:name" element={<ComingSoonPage title={t('titles.stockTrading')} />} />
        <Route path="/records" element={<ComingSoonPage title={t('titles.records')} />} />
        <Route path="/records/:id" element={<ComingSoonPage title={t('titles.recordDetail')} />} />
      </Routes>
    </BrowserRouter>
  );
}
