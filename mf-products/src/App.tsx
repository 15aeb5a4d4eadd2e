import { useTranslation } from '@invest/runtime';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ComingSoonPage } from '@invest/shared';

/** Block trading, QIP, IPO, funds, forex, futures and treasury (built in the products issue). */
export function App() {
  const { t } = useTranslation('products');
  const page = (key: string) => <ComingSoonPage title={t(`titles.${key}`)} />;
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/block-trading" element={page('blockTrading')} />
        <Route path="/block-trading/orders" element={page('blockOrders')} />
        <Route path="/qip" element={page('qip')} />
        <Route path="/qip/orders" element={page('qipOrders')} />
        <Route path="/ipo" element={page('ipo')} />
        <Route path="/ipo/orders" element={page('ipoOrders')} />
        <Route path="/fund-investment" element={page('funds')} />
        <Route path="/fund-investment/orders" element={page('fundOrders')} />
        <Route path="/forex" element={page('forex')} />
        <Route path="/futures" element={page('futures')} />
        <Route path="/treasury-debt" element={page('treasury')} />
      </Routes>
    </BrowserRouter>
  );
}
