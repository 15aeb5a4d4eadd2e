import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ComingSoonPage } from '@invest/shared';
import { AccountPage } from './account/AccountPage';
import { SettingsPage } from './settings/SettingsPage';

/** Account, settings, passwords, real-name, bank cards and customer-service chat. */
export function App() {
  const { t } = useTranslation();
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/account" element={<AccountPage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/settings/login-password" element={<ComingSoonPage title={t('titles.loginPassword')} />} />
        <Route path="/settings/real-name" element={<ComingSoonPage title={t('titles.realName')} />} />
        <Route path="/settings/bank-cards" element={<ComingSoonPage title={t('titles.bankCards')} />} />
        <Route path="/customer-service" element={<ComingSoonPage title={t('titles.customerService')} />} />
      </Routes>
    </BrowserRouter>
  );
}
