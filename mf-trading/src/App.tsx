import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { lazyScreen, ScreenFallback } from '@invest/shared';
import { PositionsNoNavPage, PositionsPage } from './positions/PositionsPage';

// Positions (/trade, the nav tab) comes with the remote; every other screen loads with its route.
const TradingDemoPage = lazyScreen(() => import('./demo/TradingDemoPage'), 'TradingDemoPage');
const StockTradingPage = lazyScreen(() => import('./trading/StockTradingPage'), 'StockTradingPage');
const RecordsPage = lazyScreen(() => import('./records/RecordsPage'), 'RecordsPage');
const RecordDetailPage = lazyScreen(() => import('./records/RecordDetailPage'), 'RecordDetailPage');

/** Positions, stock trading, stock order records and their details. Absolute paths: the shell mounts them. */
export function AppRoutes() {
  return (
    <Suspense fallback={<ScreenFallback />}>
      <Routes>
        <Route path="/trade" element={<PositionsPage />} />
        <Route path="/trade-no-nav/:type/:buck?" element={<PositionsNoNavPage />} />
        <Route path="/trading/:code" element={<TradingDemoPage />} />
        <Route path="/stock/trading/:symbol/:market/:name" element={<StockTradingPage />} />
        <Route path="/records" element={<RecordsPage />} />
        <Route path="/records/:id" element={<RecordDetailPage />} />
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
