import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { TradingDemoPage } from './demo/TradingDemoPage';
import { PositionsNoNavPage, PositionsPage } from './positions/PositionsPage';
import { RecordDetailPage } from './records/RecordDetailPage';
import { RecordsPage } from './records/RecordsPage';
import { StockTradingPage } from './trading/StockTradingPage';

/** Positions, stock trading, stock order records and their details. Absolute paths: the shell mounts them. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/trade" element={<PositionsPage />} />
      <Route path="/trade-no-nav/:type/:buck?" element={<PositionsNoNavPage />} />
      <Route path="/trading/:code" element={<TradingDemoPage />} />
      <Route path="/stock/trading/:symbol/:market/:name" element={<StockTradingPage />} />
      <Route path="/records" element={<RecordsPage />} />
      <Route path="/records/:id" element={<RecordDetailPage />} />
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
