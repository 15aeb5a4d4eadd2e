import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import type { ReactNode } from 'react';
import { lazyScreen, Spinner, useLoggedIn } from '@invest/shared';
import { ConsoleLayout } from './layout/ConsoleLayout';
import { LoginPage } from './login/LoginPage';
import { DepositsPage } from './deposits/DepositsPage';
import { WithdrawalsPage } from './withdrawals/WithdrawalsPage';
import { LoansPage } from './loans/LoansPage';
import { KycPage } from './kyc/KycPage';
import { UsersPage } from './users/UsersPage';
import { ChatPage } from './chat/ChatPage';
import { AuditPage } from './audit/AuditPage';
import { mayUse, PAGES, pagesFor, useOperator } from './roles';

// The pages that make and change things validate with the contract's schemas (zod): each comes in a chunk of its own
// with its route, so the queues an operator works all day do not download them.
const OffersPage = lazyScreen(() => import(/* webpackChunkName: "offers" */ './offers/OffersPage'), 'OffersPage');
const IposPage = lazyScreen(() => import(/* webpackChunkName: "ipos" */ './ipos/IposPage'), 'IposPage');
const FundsPage = lazyScreen(() => import(/* webpackChunkName: "funds" */ './funds/FundsPage'), 'FundsPage');
const InvitationCodesPage = lazyScreen(() => import(/* webpackChunkName: "invitation-codes" */ './invitations/InvitationCodesPage'), 'InvitationCodesPage');
const SettingsPage = lazyScreen(() => import(/* webpackChunkName: "settings" */ './settings/SettingsPage'), 'SettingsPage');

/** The console's base path (apps.json): every route is under it. */
export const BASE = '/ops';

/** Where the console opens: the first page the operator's role may use (the role is asked first). */
function FirstPage() {
  const me = useOperator().data;
  if (!me) return <Spinner />;
  return <Navigate to={pagesFor(me.role)[0]?.path ?? `${BASE}/users`} replace />;
}

/**
 * A page the operator's role may use, else the first one it may: the page waits for the role, so it never asks for
 * what the API would refuse.
 */
function Allowed({ path, children }: { path: string; children: ReactNode }) {
  const me = useOperator().data;
  const page = PAGES.find((p) => p.path === `${BASE}/${path}`);
  if (!me) return <Spinner />;
  if (page && !mayUse(page, me.role)) return <FirstPage />;
  return children;
}

/** The pages, for a signed-in operator. Absolute paths under /ops. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={BASE} element={<ConsoleLayout />}>
        <Route index element={<FirstPage />} />
        <Route path="deposits" element={<Allowed path="deposits"><DepositsPage /></Allowed>} />
        <Route path="withdrawals" element={<Allowed path="withdrawals"><WithdrawalsPage /></Allowed>} />
        <Route path="loans" element={<Allowed path="loans"><LoansPage /></Allowed>} />
        <Route path="kyc" element={<Allowed path="kyc"><KycPage /></Allowed>} />
        <Route path="chat" element={<Allowed path="chat"><ChatPage /></Allowed>} />
        <Route path="offers" element={<Allowed path="offers"><OffersPage /></Allowed>} />
        <Route path="ipos" element={<Allowed path="ipos"><IposPage /></Allowed>} />
        <Route path="funds" element={<Allowed path="funds"><FundsPage /></Allowed>} />
        <Route path="users" element={<Allowed path="users"><UsersPage /></Allowed>} />
        <Route path="invitation-codes" element={<Allowed path="invitation-codes"><InvitationCodesPage /></Allowed>} />
        <Route path="settings" element={<Allowed path="settings"><SettingsPage /></Allowed>} />
        <Route path="audit" element={<Allowed path="audit"><AuditPage /></Allowed>} />
        <Route path="*" element={<FirstPage />} />
      </Route>
    </Routes>
  );
}

/** The sign-in screen until there is an operator session (a 401 ends it: back here), then the pages. */
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
