import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { lazyScreen, ScreenFallback } from '@invest/shared';
import { HomePage } from './home/HomePage';
import { MarketsPage } from './markets/MarketsPage';
import { prefetchStockDetail, STOCK_ROUTES } from './stock/stockRoute';
import { WatchlistsPage } from './watchlists/WatchlistsPage';

// Home and the two tabs it leads to come with the remote: switching tabs must work, and say offline rather than
// fail, when the connection drops after the page opened. Every other screen (its code and its styles) loads with its
// route (lazyScreen); the article page also carries the HTML sanitizer (DOMPurify).
const NewsListPage = lazyScreen(() => import('./news/NewsListPage'), 'NewsListPage');
const ArticlePage = lazyScreen(() => import('./news/ArticlePage'), 'ArticlePage');
const StockDetailPage = lazyScreen(() => import('./stock/StockDetailPage'), 'StockDetailPage', { alongside: prefetchStockDetail });

/** Home, markets, stock detail, watchlist and news. Absolute paths: the shell mounts this remote on them. */
export function AppRoutes() {
  return (
    <Suspense fallback={<ScreenFallback />}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/markets" element={<MarketsPage />} />
        <Route path="/watchlists" element={<WatchlistsPage />} />
        <Route path="/news" element={<NewsListPage />} />
        <Route path="/news/:id" element={<ArticlePage />} />
        {STOCK_ROUTES.map((path) => (
          <Route key={path} path={path} element={<StockDetailPage />} />
        ))}
      </Routes>
    </Suspense>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
