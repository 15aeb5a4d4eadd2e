import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { lazyScreen, ScreenFallback } from '@invest/shared';

// Every product is entered from home's quick-access row, none from a nav tab: each screen (its code and its styles)
// loads with its route, so opening one product downloads no other's.
const BlockTradingPage = lazyScreen(() => import('./block/OffersPage'), 'BlockTradingPage');
const QipPage = lazyScreen(() => import('./block/OffersPage'), 'QipPage');
const BlockOrdersPage = lazyScreen(() => import('./block/BlockOrdersPage'), 'BlockOrdersPage');
const QipOrdersPage = lazyScreen(() => import('./block/BlockOrdersPage'), 'QipOrdersPage');
const IpoPage = lazyScreen(() => import('./ipo/IpoPage'), 'IpoPage');
const IpoOrdersPage = lazyScreen(() => import('./ipo/IpoOrdersPage'), 'IpoOrdersPage');
const FundsPage = lazyScreen(() => import('./funds/FundsPage'), 'FundsPage');
const FundOrdersPage = lazyScreen(() => import('./funds/FundOrdersPage'), 'FundOrdersPage');
const ForexPage = lazyScreen(() => import('./lists/ForexPage'), 'ForexPage');
const FuturesPage = lazyScreen(() => import('./lists/MarketListPage'), 'FuturesPage');
const TreasuryPage = lazyScreen(() => import('./lists/MarketListPage'), 'TreasuryPage');

/** Block trading, QIP, IPO, funds, forex, futures and treasury. Absolute paths: the shell mounts this remote on them. */
export function AppRoutes() {
  return (
    <Suspense fallback={<ScreenFallback />}>
      <Routes>
        <Route path="/block-trading" element={<BlockTradingPage />} />
        <Route path="/block-trading/orders" element={<BlockOrdersPage />} />
        <Route path="/qip" element={<QipPage />} />
        <Route path="/qip/orders" element={<QipOrdersPage />} />
        <Route path="/ipo" element={<IpoPage />} />
        <Route path="/ipo/orders" element={<IpoOrdersPage />} />
        <Route path="/fund-investment" element={<FundsPage />} />
        <Route path="/fund-investment/orders" element={<FundOrdersPage />} />
        <Route path="/forex" element={<ForexPage />} />
        <Route path="/futures" element={<FuturesPage />} />
        <Route path="/treasury-debt" element={<TreasuryPage />} />
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
