import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AccountPage } from './account/AccountPage';
import { BankCardsPage } from './bankCards/BankCardsPage';
import { LoginPasswordPage } from './passwords/LoginPasswordPage';
import { RealNamePage } from './realName/RealNamePage';
import { ChatPage } from './customerService/ChatPage';
import { SettingsPage } from './settings/SettingsPage';

/** Account, settings, passwords, real-name, bank cards and customer-service chat. Absolute paths: the shell mounts this remote on them. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/account" element={<AccountPage />} />
      <Route path="/settings" element={<SettingsPage />} />
      <Route path="/settings/login-password" element={<LoginPasswordPage />} />
      <Route path="/settings/real-name" element={<RealNamePage />} />
      <Route path="/settings/bank-cards" element={<BankCardsPage />} />
      <Route path="/customer-service" element={<ChatPage />} />
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
