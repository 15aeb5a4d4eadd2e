import { useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { Button, calls, EmptyState, formatDate, QueryState, SkeletonRows, StatusBadge, useCall, WithDeployment, type Ipo, type StatusTone } from '@invest/shared';
import { IPO_APPLICATION_STATUS, ipoCode, ipoIsTba, ipoOpen } from '@invest/shared/values/ipo';
import { ProductPage } from '../components/ProductPage';
import { money } from '../components/money';
import { ApplyDialog } from './ApplyDialog';
import { shares, sharePrice } from './ipoDisplay';
import s from '../components/products.module.css';

const TONES: Record<string, StatusTone> = { Upcoming: 'muted', Forthcoming: 'pending', Closed: 'muted', Allotted: 'done', Cancelled: 'failed' };

/** The issues: series, company, issue price, min and max (TBA until announced), dates; only a Forthcoming issue takes an application. */
export function IpoPage() {
  const { t } = useTranslation('products');
  const q = useCall(calls.ipoList, {});
  const [applying, setApplying] = useState<Ipo | null>(null);
  const rows = q.data ?? [];
  return (
    <ProductPage title="titles.ipo" link={{ to: '/ipo/orders', label: 'ipo.orders' }}>
      <WithDeployment>
        {(d) => (
          <QueryState query={q} skeleton={<SkeletonRows rows={4} />} errorTitle={t('ipo.loadFailed')}>
            {rows.length === 0 ? (
              <EmptyState testId="ipo-empty" title={t('ipo.empty')} />
            ) : (
              <ul className={`${s.rows} ${s.listTop}`} aria-label={t('titles.ipo')}>
                {rows.map((ipo) => (
                  <li key={ipo.id}>
                    <IpoCard ipo={ipo} currency={d.currency} onApply={() => setApplying(ipo)} />
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        )}
      </WithDeployment>
      {applying && <ApplyDialog ipo={applying} onClose={() => setApplying(null)} />}
    </ProductPage>
  );
}

function IpoCard({ ipo, currency, onApply }: { ipo: Ipo; currency: string; onApply: () => void }) {
  const { t } = useTranslation('products');
  const tba = ipoIsTba(ipo);
  const open = ipoOpen(ipo) && ipo.can_apply;
  return (
    <article className={s.card} aria-label={ipo.company_name} data-testid="ipo">
      <div className={s.cardHead}>
        <div>
          <h2 className={s.cardTitle}>{ipo.company_name}</h2>
          <p className={s.cardSub}>
            <span className={s.series}>{ipo.series}</span> <span className="num">{ipoCode(ipo.symbol)}</span>
          </p>
        </div>
        <StatusBadge tone={TONES[ipo.status] ?? 'muted'} label={t(`ipo.status.${ipo.status}`, { defaultValue: ipo.status })} />
      </div>
      <dl className={s.dl}>
        <div className={s.kv}>
          <dt>{t('ipo.issuePrice')}</dt>
          <dd className="num">{sharePrice(ipo.issue_price, ipo.currency)}</dd>
        </div>
        <div className={s.kv}>
          <dt>{t('ipo.minQty')}</dt>
          <dd className="num" data-testid="ipo-min">
            {tba ? t('ipo.tba') : shares(ipo.min)}
          </dd>
        </div>
        <div className={s.kv}>
          <dt>{t('ipo.maxQty')}</dt>
          <dd className="num" data-testid="ipo-max">
            {tba ? t('ipo.tba') : shares(ipo.max)}
          </dd>
        </div>
        <div className={s.kv}>
          <dt>{t('ipo.dates')}</dt>
          <dd className="num">{t('ipo.dateRange', { start: formatDate(ipo.issue_start_date), end: formatDate(ipo.issue_end_date) })}</dd>
        </div>
      </dl>
      {ipo.mine && (
        <p className={s.note} data-testid="ipo-mine">
          {ipo.mine.status === IPO_APPLICATION_STATUS.success
            ? t('ipo.mineAllotted', { count: ipo.mine.allotted })
            : ipo.mine.status === IPO_APPLICATION_STATUS.failed
              ? t('ipo.mineFailed')
              : t('ipo.mine', { count: ipo.mine.count, amount: money(ipo.mine.held, currency) })}
        </p>
      )}
      <Button disabled={!open} onClick={onApply}>
        {ipo.mine ? t('ipo.applied') : t('ipo.apply')}
      </Button>
    </article>
  );
}
