import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PageHeader, Tabs } from '@invest/shared';
import { WithDeployment } from '../components/common';
import { isRecordKind, RECORD_KINDS, RecordsList, usePageParam, type RecordKind } from './RecordsList';
import w from '../components/wallet.module.css';

/** Recharge and withdraw records side by side: /recharge-records/:type? (recharge by default). */
export function RechargeRecordsPage() {
  const { type } = useParams();
  const kind: RecordKind = isRecordKind(type) ? type : 'recharge';
  return <TabbedRecords kind={kind} title="titles.rechargeRecords" base="/recharge-records" />;
}

/** The tabbed records; a tab is a path, so the back button and a shared link keep it. */
export function TabbedRecords({ kind, title, base }: { kind: RecordKind; title: string; base: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [page, setPage] = usePageParam();
  return (
    <div className={w.page}>
      <PageHeader
        title={t(title)}
        back
        right={
          <Link to={kind === 'recharge' ? '/recharge' : '/withdraw'} className={w.headerLink}>
            {t(kind === 'recharge' ? 'wallet.recharge.action' : 'wallet.withdraw.action')}
          </Link>
        }
      />
      <Tabs
        label={t('wallet.records.kind')}
        fill
        className={w.tabs}
        items={RECORD_KINDS.map((k) => ({ value: k, label: t(`wallet.records.tabs.${k}`) }))}
        value={kind}
        onChange={(k) => navigate(`${base}/${k}`, { replace: true })}
      />
      <WithDeployment>{(d) => <RecordsList key={kind} kind={kind} currency={d.currency} page={page} onPage={setPage} />}</WithDeployment>
    </div>
  );
}

/** /withdraw-records: where a withdrawal lands after it is submitted. */
export function WithdrawRecordsPage() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  return (
    <div className={w.page}>
      <PageHeader
        title={t('titles.withdrawRecords')}
        back
        right={
          <Link to="/withdraw" className={w.headerLink}>
            {t('wallet.withdraw.action')}
          </Link>
        }
      />
      <WithDeployment>{(d) => <RecordsList kind="withdraw" currency={d.currency} page={page} onPage={setPage} />}</WithDeployment>
    </div>
  );
}
