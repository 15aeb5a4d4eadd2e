import { useMemo, useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { Button, failureKey, formatPriceIn, formatTime, StatusBadge, toast, useCall, useCallMutation, type OpsOffer } from '@invest/shared';
import { OFFER_STATUS } from '@invest/shared/values/offers';
import { opsCalls } from '@invest/shared/ops-calls';
import { atPath } from '@invest/shared/path-params';
import { ConfirmAction } from '../forms/ConfirmAction';
import { QueuePage } from '../queue/QueuePage';
import { useQueueBatch, useRefreshQueue } from '../queue/queueQuery';
import type { QueueColumn } from '../queue/QueueTable';
import { ColumnFacts } from '../queue/requestColumns';
import { OfferForm } from './OfferForm';
import s from '../queue/queue.module.css';

/** A price in the offer's quote currency ($ or ₹). */
export const offerPrice = (o: Pick<OpsOffer, 'price' | 'currency'>) => formatPriceIn(o.price, o.currency);

/** An offer's daily windows as the panel shows them: `09:15–15:30, 16:00–24:00`. */
const windowsOf = (o: Pick<OpsOffer, 'windows'>) => o.windows.map((w) => `${w.open}–${w.close}`).join(', ');

/**
 * Block trading and QIP offers (products): every offer, newest first, with what it sold; a new one is made in the
 * side panel (checked by the contract before it is sent), an open one is closed there.
 */
export function OffersPage() {
  const { t } = useTranslation('ops');
  const batch = useQueueBatch();
  const query = useCall(opsCalls.opsOffers, batch.input);
  const columns = useMemo<QueueColumn<OpsOffer>[]>(
    () => [
      { id: 'id', header: t('col.id'), value: (r) => r.id, numeric: true },
      { id: 'code', header: t('offers.code'), value: (r) => r.tag },
      { id: 'kind', header: t('offers.kind'), value: (r) => t(`offerMold.${r.mold}`) },
      { id: 'price', header: t('offers.price'), value: (r) => r.price, cell: offerPrice, numeric: true },
      { id: 'minimum', header: t('offers.minimum'), value: (r) => r.count, numeric: true },
      {
        id: 'status',
        header: t('col.status'),
        value: (r) => t(r.status === OFFER_STATUS.open ? 'offers.open' : 'offers.closed'),
        cell: (r) => <StatusBadge tone={r.status === OFFER_STATUS.open ? 'done' : 'muted'} label={t(r.status === OFFER_STATUS.open ? 'offers.open' : 'offers.closed')} />,
      },
      { id: 'orders', header: t('offers.orders'), value: (r) => r.orders, numeric: true },
    ],
    [t],
  );
  return (
    <QueuePage
      title={t('offers.title')}
      query={query}
      columns={columns}
      batch={batch}
      live={false}
      emptyText={t('offers.none')}
      create={{ label: t('offers.new'), title: t('offers.newTitle'), form: (done) => <OfferForm done={done} /> }}
      detailTitle={(r) => t('offers.detail', { id: r.id })}
      detail={(r) => <OfferDetail offer={r} columns={columns} />}
    />
  );
}

function OfferDetail({ offer: r, columns }: { offer: OpsOffer; columns: QueueColumn<OpsOffer>[] }) {
  const { t } = useTranslation('ops');
  const refresh = useRefreshQueue(opsCalls.opsOffers);
  const [asking, setAsking] = useState(false);
  // Who and when; a seeded offer has no operator.
  const byAt = (name: string | null, at: string) => (name ? t('offers.byAt', { name, at: formatTime(at) }) : formatTime(at));
  const closing = useCallMutation(atPath(opsCalls.opsOfferClose, { id: r.id }), {
    onSuccess: (o) => {
      toast(t('offers.closedDone', { id: o.id, code: o.tag }), 'success');
      setAsking(false);
      refresh();
    },
  });
  return (
    <>
      <ColumnFacts columns={columns} row={r}>
        <dt>{t('offers.name')}</dt>
        <dd>{r.name}</dd>
        <dt>{t('offers.market')}</dt>
        <dd>{r.type}</dd>
        <dt>{t('offers.windows')}</dt>
        <dd>
          <span className="num">{windowsOf(r)}</span> ({r.time_zone})
        </dd>
        <dt>{t('offers.qualifiedOnly')}</dt>
        <dd>{r.qualified_only ? t('users.yes') : t('users.no_')}</dd>
        <dt>{t('offers.shares')}</dt>
        <dd className="num">{r.shares}</dd>
        <dt>{t('offers.createdBy')}</dt>
        <dd>{byAt(r.created_by, r.created_at)}</dd>
        {r.closed_at && (
          <>
            <dt>{t('offers.closedAt')}</dt>
            <dd>{byAt(r.closed_by, r.closed_at)}</dd>
          </>
        )}
      </ColumnFacts>
      {r.status === OFFER_STATUS.open && (
        <div className={s.actions}>
          <Button variant="danger" onClick={() => setAsking(true)}>
            {t('offers.close')}
          </Button>
        </div>
      )}
      <ConfirmAction
        open={asking}
        title={t('offers.closeTitle', { id: r.id, code: r.tag })}
        message={t('offers.closeMessage', { code: r.tag })}
        confirmLabel={t('offers.close')}
        busy={closing.isPending}
        error={closing.error ? t(failureKey(closing.error, 'action.failed')) : null}
        onConfirm={() => closing.mutate({})}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
