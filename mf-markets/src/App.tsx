import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Spinner } from '@invest/shared';
import { HomePage } from './home/HomePage';
import { MarketsPage } from './markets/MarketsPage';
import { NewsListPage } from './news/NewsListPage';
import { StockDetailPage } from './stock/StockDetailPage';
import { WatchlistsPage } from './watchlists/WatchlistsPage';

// The article page carries the HTML sanitizer (DOMPurify): its chunk loads only when an article opens.
const ArticlePage = lazy(() => import('./news/ArticlePage').then((m) => ({ default: m.ArticlePage })));

/** Home, markets, stock detail, watchlist and news. Absolute paths: the shell mounts this remote on them. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/markets" element={<MarketsPage />} />
      <Route path="/watchlists" element={<WatchlistsPage />} />
      <Route path="/news" element={<NewsListPage />} />
      <Route
        path="/news/:id"
        element={
          <Suspense fallback={<Spinner />}>
            <ArticlePage />
          </Suspense>
        }
      />
      <Route path="/stock/v2/:code/:name" element={<StockDetailPage />} />
      <Route path="/stock/:symbol/:market/:name" element={<StockDetailPage />} />
    </Routes>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
