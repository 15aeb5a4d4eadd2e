import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { lazyScreen, ScreenFallback } from '@invest/shared';
import { AccountPage } from './account/AccountPage';

// The account (/account, the nav tab) comes with the remote; every other screen loads with its route. Bank cards
// and real name also carry the card form and the photo resizing.
const SettingsPage = lazyScreen(() => import('./settings/SettingsPage'), 'SettingsPage');
const LoginPasswordPage = lazyScreen(() => import('./passwords/LoginPasswordPage'), 'LoginPasswordPage');
const RealNamePage = lazyScreen(() => import('./realName/RealNamePage'), 'RealNamePage');
const BankCardsPage = lazyScreen(() => import('./bankCards/BankCardsPage'), 'BankCardsPage');
const ChatPage = lazyScreen(() => import('./customerService/ChatPage'), 'ChatPage');

/** Account, settings, passwords, real-name, bank cards and customer-service chat. Absolute paths: the shell mounts this remote on them. */
export function AppRoutes() {
  return (
    <Suspense fallback={<ScreenFallback />}>
      <Routes>
        <Route path="/account" element={<AccountPage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/settings/login-password" element={<LoginPasswordPage />} />
        <Route path="/settings/real-name" element={<RealNamePage />} />
        <Route path="/settings/bank-cards" element={<BankCardsPage />} />
        <Route path="/customer-service" element={<ChatPage />} />
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
