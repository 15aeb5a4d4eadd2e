import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ComingSoonPage } from '@invest/shared';

/** Bills, recharge, withdraw, their records, and loans (built in the wallet issue). */
export function App() {
  const { t } = useTranslation();
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/account/changes" element={<ComingSoonPage title={t('titles.bills')} />} />
        <Route path="/account/recharge-withdraw/:id" element={<ComingSoonPage title={t('titles.rechargeWithdrawDetail')} />} />
        <Route path="/recharge" element={<ComingSoonPage title={t('titles.recharge')} />} />
        <Route path="/withdraw" element={<ComingSoonPage title={t('titles.withdraw')} />} />
        <Route path="/withdraw-records" element={<ComingSoonPage title={t('titles.withdrawRecords')} />} />
        <Route path="/recharge-records/:type?" element={<ComingSoonPage title={t('titles.rechargeRecords')} />} />
        <Route path="/loan" element={<ComingSoonPage title={t('titles.loan')} />} />
        <Route path="/LoanApplication" element={<ComingSoonPage title={t('titles.loanApplication')} />} />
        <Route path="/loan-records" element={<ComingSoonPage title={t('titles.loanRecords')} />} />
      </Routes>
    </BrowserRouter>
  );
}
