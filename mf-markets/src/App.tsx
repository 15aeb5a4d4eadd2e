import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ComingSoonPage } from '@invest/shared';

/** Home, markets, stock detail, watchlist and news (built in the market-data issue). */
export function App() {
  const { t } = useTranslation();
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<ComingSoonPage title={t('titles.home')} back={false} />} />
        <Route path="/markets" element={<ComingSoonPage title={t('titles.markets')} back={false} />} />
        <Route path="/watchlists" element={<ComingSoonPage title={t('titles.watchlists')} back={false} />} />
        <Route path="/news" element={<ComingSoonPage title={t('titles.news')} />} />
        <Route path="/news/:id" element={<ComingSoonPage title={t('titles.article')} />} />
        <Route path="/stock/v2/:code/:name" element={<ComingSoonPage title={t('titles.stockDetail')} />} />
        <Route path="/stock/:symbol/:market/:name" element={<ComingSoonPage title={t('titles.stockDetail')} />} />
      </Routes>
    </BrowserRouter>
  );
}
