import { WithDeployment } from '@invest/shared';
import { useNavigate, useParams } from 'react-router-dom';
import { WalletPage } from '../components/WalletPage';
import { usePageParam } from '../lib/paging';
import { isRecordKind, RecordKindTabs, RecordsList, type RecordKind } from './RecordsList';

/** Recharge and withdraw records side by side: /recharge-records/:type? (recharge by default). */
export function RechargeRecordsPage() {
  const { type } = useParams();
  const kind: RecordKind = isRecordKind(type) ? type : 'recharge';
  return <TabbedRecords kind={kind} base="/recharge-records" />;
}

/** The tabbed records, named by their tab; a tab is a path, so the back button and a shared link keep it. */
export function TabbedRecords({ kind, base }: { kind: RecordKind; base: string }) {
  const navigate = useNavigate();
  const [page, setPage] = usePageParam();
  return (
    <WalletPage title={`titles.${kind}Records`} link={kind === 'recharge' ? { to: '/recharge', label: 'recharge.action' } : { to: '/withdraw', label: 'withdraw.action' }}>
      <RecordKindTabs kind={kind} onChange={(k) => navigate(`${base}/${k}`, { replace: true })} />
      <WithDeployment>{(d) => <RecordsList key={kind} kind={kind} currency={d.currency} page={page} onPage={setPage} />}</WithDeployment>
    </WalletPage>
  );
}

/** /withdraw-records: where a withdrawal lands after it is submitted. */
export function WithdrawRecordsPage() {
  const [page, setPage] = usePageParam();
  return (
    <WalletPage title="titles.withdrawRecords" link={{ to: '/withdraw', label: 'withdraw.action' }}>
      <WithDeployment>{(d) => <RecordsList kind="withdraw" currency={d.currency} page={page} onPage={setPage} />}</WithDeployment>
    </WalletPage>
  );
}
