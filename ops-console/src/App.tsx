import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { useLoggedIn } from '@invest/shared';
import { ConsoleLayout } from './layout/ConsoleLayout';
import { LoginPage } from './login/LoginPage';
import { DepositsPage } from './deposits/DepositsPage';
import { WithdrawalsPage } from './withdrawals/WithdrawalsPage';
import { KycPage } from './kyc/KycPage';

/** The console's base path (apps.json): every route is under it. */
export const BASE = '/ops';

/** The queues, for a signed-in operator. Absolute paths under /ops. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={BASE} element={<ConsoleLayout />}>
        <Route index element={<Navigate to={`${BASE}/deposits`} replace />} />
        <Route path="deposits" element={<DepositsPage />} />
        <Route path="withdrawals" element={<WithdrawalsPage />} />
        <Route path="kyc" element={<KycPage />} />
        <Route path="*" element={<Navigate to={`${BASE}/deposits`} replace />} />
      </Route>
    </Routes>
  );
}

/** The sign-in screen until there is an operator session (a 401 ends it: back here), then the queues. */
export function Console() {
  return useLoggedIn() ? <AppRoutes /> : <LoginPage />;
}

export function App() {
  return (
    <BrowserRouter>
      <Console />
    </BrowserRouter>
  );
}
