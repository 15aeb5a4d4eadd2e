import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { lazyScreen, ScreenFallback } from '@invest/shared';
import { BillsPage } from './bills/BillsPage';
import { WalletLive } from './lib/live';

// Bills (/account/changes, where the account's wallet links lead) comes with the remote; every other screen loads
// with its route.
const RecordDetailPage = lazyScreen(() => import('./records/RecordDetailPage'), 'RecordDetailPage');
const RechargePage = lazyScreen(() => import('./recharge/RechargePage'), 'RechargePage');
const WithdrawPage = lazyScreen(() => import('./withdraw/WithdrawPage'), 'WithdrawPage');
const WithdrawRecordsPage = lazyScreen(() => import('./records/RecordsPages'), 'WithdrawRecordsPage');
const RechargeRecordsPage = lazyScreen(() => import('./records/RecordsPages'), 'RechargeRecordsPage');
const LoanPage = lazyScreen(() => import('./loan/LoanPage'), 'LoanPage');
const LoanApplicationPage = lazyScreen(() => import('./loan/LoanPage'), 'LoanApplicationPage');
const LoanRecordsPage = lazyScreen(() => import('./loan/LoanRecordsPage'), 'LoanRecordsPage');

/** Bills, recharge, withdraw, their records and details, and loans. Absolute paths: the shell mounts them. */
export function AppRoutes() {
  return (
    <Suspense fallback={<ScreenFallback />}>
      <Routes>
        {/* One wallet stream for every wallet screen, kept while the user moves between them. */}
        <Route element={<WalletLive />}>
          <Route path="/account/changes" element={<BillsPage />} />
          <Route path="/account/recharge-withdraw/:id" element={<RecordDetailPage />} />
          <Route path="/recharge" element={<RechargePage />} />
          <Route path="/withdraw" element={<WithdrawPage />} />
          <Route path="/withdraw-records" element={<WithdrawRecordsPage />} />
          <Route path="/recharge-records/:type?" element={<RechargeRecordsPage />} />
          <Route path="/loan" element={<LoanPage />} />
          <Route path="/LoanApplication" element={<LoanApplicationPage />} />
          <Route path="/loan-records" element={<LoanRecordsPage />} />
        </Route>
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
