import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ComingSoonPage } from '@invest/shared';
import { AccountPage } from './account/AccountPage';
import { BankCardsPage } from './bankCards/BankCardsPage';
import { SettingsPage } from './settings/SettingsPage';

/** Account, settings, passwords, real-name, bank cards and customer-service chat. Absolute paths: the shell mounts this remote on them. */
export function AppRoutes() {
  const { t } = useTranslation();
  return (
    <Routes>
      <Route path="/account" element={<AccountPage />} />
      <Route path="/settings" element={<SettingsPage />} />
      <Route path="/settings/login-password" element={<ComingSoonPage title={t('titles.loginPassword')} />} />
      <Route path="/settings/real-name" element={<ComingSoonPage title={t('titles.realName')} />} />
      <Route path="/settings/bank-cards" element={<BankCardsPage />} />
      <Route path="/customer-service" element={<ComingSoonPage title={t('titles.customerService')} />} />
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
