import { useState } from 'react';
import { useTranslation } from '@invest/runtime';
import {
  Button,
  calls,
  ConfirmDialog,
  EmptyState,
  failureKey,
  formatTime,
  type FundOrder,
  invalidateWallet,
  keepPreviousData,
  LinkButton,
  PagedList,
  StatusBadge,
  type StatusTone,
  Tabs,
  toast,
  useCall,
  useCallMutation,
  useQueryClient,
  WithDeployment,
} from '@invest/shared';
import { FUND_ORDER_STATUSES } from '@invest/shared/values/funds';
import { ProductPage } from '../components/ProductPage';
import { money, percent } from '../components/money';
import { useListParams } from '../components/useListParams';
import { useCycleText } from './useCycle';
import s from '../components/products.module.css';

const TABS = ['all', ...FUND_ORDER_STATUSES] as const;
type Tab = (typeof TABS)[number];
export const FUND_ORDERS_PAGE_SIZE = 20;

const TONES: Record<string, StatusTone> = { active: 'pending', completed: 'done', cancelled: 'muted' };

/** The caller's fund orders by status (all, active, completed, cancelled); an active one can be cancelled before its term. */
export function FundOrdersPage() {
  const { t } = useTranslation('products');
  const { tab, page, setTab, setPage } = useListParams<Tab>(TABS, 'all');
  return (
    <ProductPage title="titles.fundOrders" link={{ to: '/fund-investment', label: 'funds.browse' }}>
      <Tabs label={t('funds.statusTabs')} fill className={s.tabs} items={TABS.map((v) => ({ value: v, label: t(`funds.tabs.${v}`) }))} value={tab} onChange={setTab} />
      <WithDeployment>{(d) => <Orders key={tab} tab={tab} page={page} onPage={setPage} currency={d.currency} />}</WithDeployment>
    </ProductPage>
  );
}

function Orders({ tab, page, onPage, currency }: { tab: Tab; page: number; onPage: (p: number) => void; currency: string }) {
  const { t } = useTranslation('products');
  const q = useCall(calls.fundOrders, { ...(tab !== 'all' && { status: tab }), page, limit: FUND_ORDERS_PAGE_SIZE }, { placeholderData: keepPreviousData });
  const [cancelling, setCancelling] = useState<FundOrder | null>(null);
  const client = useQueryClient();
  const cancel = useCallMutation(calls.fundCancel, {
    onSuccess: () => {
      setCancelling(null);
      toast(t('funds.cancelled'), 'success');
    },
    onError: (e) => toast(t(failureKey(e, 'funds.cancelFailed')), 'error'),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: [calls.fundOrders.path] });
      void client.invalidateQueries({ queryKey: [calls.fundList.path] });
      void invalidateWallet(client);
    },
  });
  return (
    <>
      <PagedList
        query={q}
        skeletonRows={4}
        errorTitle={t('funds.ordersFailed')}
        label={t('titles.fundOrders')}
        empty={<EmptyState testId="orders-empty" title={t('funds.noOrders')} action={<LinkButton to="/fund-investment">{t('funds.browse')}</LinkButton>} />}
        page={page}
        size={FUND_ORDERS_PAGE_SIZE}
        onPage={onPage}
      >
        {q.data?.rows.map((o) => (
          <li key={o.id}>
            <OrderCard order={o} currency={currency} onCancel={() => setCancelling(o)} />
          </li>
        ))}
      </PagedList>
      <ConfirmDialog
        open={cancelling !== null}
        title={t('funds.cancelTitle')}
        message={cancelling ? t('funds.cancelConfirm', { name: cancelling.project.name, amount: money(cancelling.amount, currency) }) : ''}
        confirmLabel={t('funds.cancel')}
        danger
        busy={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate({ id: cancelling.id })}
        onCancel={() => !cancel.isPending && setCancelling(null)}
      />
    </>
  );
}

function OrderCard({ order: o, currency, onCancel }: { order: FundOrder; currency: string; onCancel: () => void }) {
  const { t } = useTranslation('products');
  const cycle = useCycleText();
  const known = (FUND_ORDER_STATUSES as readonly string[]).includes(o.status);
  return (
    <article className={s.card} aria-label={o.project.name} data-testid="fund-order">
      <div className={s.cardHead}>
        <h2 className={s.cardTitle}>{o.project.name}</h2>
        <StatusBadge tone={TONES[o.status] ?? 'muted'} label={t(known ? `funds.status.${o.status}` : 'funds.status.unknown')} />
      </div>
      <dl className={s.dl}>
        <div className={s.kv}>
          <dt>{t('funds.cycleLabel')}</dt>
          <dd>{cycle(o.project.investment_period)}</dd>
        </div>
        <div className={s.kv}>
          <dt>{t('funds.amount')}</dt>
          <dd className="num">{money(o.amount, currency)}</dd>
        </div>
        <div className={s.kv}>
          <dt>{t('funds.expected')}</dt>
          <dd className="num">{percent(o.expected_return)}</dd>
        </div>
        <div className={s.kv}>
          <dt>{t('funds.range')}</dt>
          <dd className="num">{t('funds.rangeValue', { min: percent(o.project.min_return), max: percent(o.project.max_return) })}</dd>
        </div>
        {o.status === 'completed' && o.profit !== null && (
          <div className={s.kv}>
            <dt>{t('funds.profit')}</dt>
            <dd className="num">
              {money(o.profit, currency)}
              {o.return_rate !== null && ` (${percent(o.return_rate)})`}
            </dd>
          </div>
        )}
        <div className={s.kv}>
          <dt>{t('funds.endTime')}</dt>
          <dd>{formatTime(o.end_time)}</dd>
        </div>
        <div className={s.kv}>
          <dt>{t('funds.createdAt')}</dt>
          <dd>{formatTime(o.created_at)}</dd>
        </div>
      </dl>
      {o.status === 'active' && (
        <Button variant="secondary" onClick={onCancel}>
          {t('funds.cancel')}
        </Button>
      )}
    </article>
  );
}
