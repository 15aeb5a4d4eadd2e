import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { BillsPage } from './bills/BillsPage';
import { WalletLive } from './lib/live';
import { LoanPage } from './loan/LoanPage';
import { LoanRecordsPage } from './loan/LoanRecordsPage';
import { RechargePage } from './recharge/RechargePage';
import { RecordDetailPage } from './records/RecordDetailPage';
import { RechargeRecordsPage, WithdrawRecordsPage } from './records/RecordsPages';
import { WithdrawPage } from './withdraw/WithdrawPage';

/** Bills, recharge, withdraw, their records and details, and loans. Absolute paths: the shell mounts them. */
export function AppRoutes() {
  return (
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
        <Route path="/LoanApplication" element={<LoanPage applying />} />
        <Route path="/loan-records" element={<LoanRecordsPage />} />
      </Route>
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
