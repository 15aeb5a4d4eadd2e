import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@invest/runtime';
import {
  Button,
  calls,
  Dialog,
  failureKey,
  invalidateWallet,
  QueryState,
  SkeletonRows,
  toast,
  useCall,
  useCallMutation,
  useQueryClient,
  WithDeployment,
  type Fund,
} from '@invest/shared';
import { FUND_BUY_COOLDOWN_MS } from '@invest/shared/values/funds';
import { ProductPage } from '../components/ProductPage';
import { money, percent } from '../components/money';
import { useCycleText } from './useCycle';
import s from '../components/products.module.css';

/** Fixed-term funds: each project's return range (not guaranteed), cycle, amount and how much is sold; a purchase is confirmed first. */
export function FundsPage() {
  return (
    <ProductPage title="titles.funds" link={{ to: '/fund-investment/orders', label: 'funds.orders' }}>
      <WithDeployment>{(d) => <FundList currency={d.currency} />}</WithDeployment>
    </ProductPage>
  );
}

function FundList({ currency }: { currency: string }) {
  const { t } = useTranslation('products');
  const q = useCall(calls.fundList, { page: 1, limit: 100 });
  const [buying, setBuying] = useState<Fund | null>(null);
  // Spec §4: the buy buttons stay locked until 0.8 s after the attempt, whatever its outcome.
  const [locked, setLocked] = useState(false);
  const unlock = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(unlock.current), []);
  const client = useQueryClient();
  const purchase = useCallMutation(calls.fundPurchase, {
    onSuccess: () => {
      setBuying(null);
      toast(t('funds.success'), 'success');
      void client.invalidateQueries({ queryKey: [calls.fundOrders.path] });
    },
    onError: (e) => toast(t(failureKey(e, 'funds.failed')), 'error'),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: [calls.fundList.path] });
      void invalidateWallet(client);
      unlock.current = setTimeout(() => setLocked(false), FUND_BUY_COOLDOWN_MS);
    },
  });
  const confirm = () => {
    if (!buying || locked) return;
    setLocked(true);
    purchase.mutate({ project_id: buying.id });
  };
  const rows = q.data?.rows ?? [];

  return (
    <QueryState query={q} skeleton={<SkeletonRows rows={4} />} errorTitle={t('funds.loadFailed')}>
      <p className={`${s.warn} ${s.intro}`} data-testid="return-note">
        {t('funds.notGuaranteed')}
      </p>
      {rows.length === 0 ? (
        <p className={s.muted} data-testid="funds-empty">
          {t('funds.empty')}
        </p>
      ) : (
        <ul className={s.rows} aria-label={t('titles.funds')}>
          {rows.map((f) => (
            <li key={f.id}>
              <FundCard fund={f} currency={currency} locked={locked} onBuy={() => setBuying(f)} />
            </li>
          ))}
        </ul>
      )}
      <p className={s.footNote}>{t('lists.end')}</p>
      <Dialog open={buying !== null} onClose={() => !purchase.isPending && setBuying(null)} title={t('funds.confirmTitle')}>
        {buying && <FundFacts fund={buying} currency={currency} named />}
        <p className={s.note}>{t('funds.notGuaranteed')}</p>
        <div className={s.actions}>
          <Button variant="secondary" disabled={purchase.isPending} onClick={() => setBuying(null)}>
            {t('common.cancel')}
          </Button>
          <Button busy={purchase.isPending} disabled={locked} onClick={confirm}>
            {t('funds.confirm')}
          </Button>
        </div>
      </Dialog>
    </QueryState>
  );
}

/** Name, amount, expected return and cycle: what the card and the confirmation both show. */
function FundFacts({ fund: f, currency, named = false }: { fund: Fund; currency: string; named?: boolean }) {
  const { t } = useTranslation('products');
  const cycle = useCycleText();
  return (
    <dl className={s.dl}>
      {named && (
        <div className={s.kv}>
          <dt>{t('funds.name')}</dt>
          <dd>{f.name}</dd>
        </div>
      )}
      <div className={s.kv}>
        <dt>{t('funds.amount')}</dt>
        <dd className="num">{money(f.amount, currency)}</dd>
      </div>
      <div className={s.kv}>
        <dt>{t('funds.expected')}</dt>
        <dd className="num">{percent(f.expected_return)}</dd>
      </div>
      <div className={s.kv}>
        <dt>{t('funds.range')}</dt>
        <dd className="num">{t('funds.rangeValue', { min: percent(f.min_return), max: percent(f.max_return) })}</dd>
      </div>
      <div className={s.kv}>
        <dt>{t('funds.cycleLabel')}</dt>
        <dd data-testid="fund-cycle">{cycle(f.investment_period)}</dd>
      </div>
    </dl>
  );
}

function FundCard({ fund: f, currency, locked, onBuy }: { fund: Fund; currency: string; locked: boolean; onBuy: () => void }) {
  const { t } = useTranslation('products');
  const share = f.issue_amount > 0 ? Math.min(100, (f.sold_amount / f.issue_amount) * 100) : 0;
  return (
    <article className={s.card} aria-label={f.name} data-testid="fund">
      <div className={s.cardHead}>
        <h2 className={s.cardTitle}>{f.name}</h2>
      </div>
      <FundFacts fund={f} currency={currency} />
      {/* Spec §2: the sold/issued bar only once something is sold. */}
      {f.sold_amount > 0 && (
        <div className={s.progress} data-testid="fund-progress">
          <div className={s.progressBar} role="progressbar" aria-label={t('funds.sold')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(share)}>
            <span className={s.progressFill} style={{ width: `${share}%` }} />
          </div>
          <div className={s.progressText}>
            <span>{t('funds.soldOf', { sold: money(f.sold_amount, currency), issued: money(f.issue_amount, currency) })}</span>
            <span className="num">{percent(share)}</span>
          </div>
        </div>
      )}
      <Button disabled={!f.available || locked} onClick={onBuy}>
        {f.available ? t('funds.buy') : t('funds.unavailable')}
      </Button>
    </article>
  );
}
