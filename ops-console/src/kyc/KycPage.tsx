import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from '@invest/runtime';
import { formatTime, REAL_NAME_STATUS, Spinner, useCall, type OpsRealName } from '@invest/shared';
import { opsCalls } from '@invest/shared/ops-calls';
import { atPath } from '@invest/shared/path-params';
import { ageOf, useNow } from '../queue/age';
import { Decision } from '../queue/Decision';
import { QueuePage } from '../queue/QueuePage';
import { QUEUE_POLL, useQueueBatch } from '../queue/queueQuery';
import type { QueueColumn } from '../queue/QueueTable';
import s from '../queue/queue.module.css';

// The zoom library comes with the first photo shown, not with the console.
const PhotoViewer = lazy(() => import(/* webpackChunkName: "photo-viewer" */ './PhotoViewer'));

/** Real-name submissions waiting for a check: the fields against both ID photos, then approve, or reject with a reason. */
export function KycPage() {
  const { t } = useTranslation('ops');
  const now = useNow(60_000);
  const batch = useQueueBatch();
  const query = useCall(opsCalls.opsKycList, { status: REAL_NAME_STATUS.review, ...batch.input }, QUEUE_POLL);
  const columns = useMemo<QueueColumn<OpsRealName>[]>(
    () => [
      { id: 'id', header: t('col.id'), value: (r) => r.id, numeric: true },
      { id: 'user', header: t('col.user'), value: (r) => r.user },
      { id: 'name', header: t('col.name'), value: (r) => r.real_name, wrap: true },
      { id: 'idType', header: t('col.idType'), value: (r) => t(`idType.${r.id_type}`) },
      { id: 'idNumber', header: t('col.idNumber'), value: (r) => r.id_number },
      { id: 'age', header: t('col.age'), value: (r) => r.created_at, cell: (r) => ageOf(r.created_at, now) },
    ],
    [t, now],
  );
  return (
    <QueuePage
      title={t('kyc.title')}
      query={query}
      batch={batch}
      columns={columns}
      detailTitle={(r) => t('kyc.detail', { id: r.id })}
      detail={(r, close) => (
        <>
          <dl className={s.facts}>
            <dt>{t('col.user')}</dt>
            <dd>{r.user}</dd>
            <dt>{t('col.name')}</dt>
            <dd>{r.real_name}</dd>
            <dt>{t('col.idType')}</dt>
            <dd>{t(`idType.${r.id_type}`)}</dd>
            <dt>{t('col.idNumber')}</dt>
            <dd className="num">{r.id_number}</dd>
            <dt>{t('col.submitted')}</dt>
            <dd>{formatTime(r.created_at)}</dd>
          </dl>
          <Suspense fallback={<Spinner />}>
            <PhotoViewer url={r.id_number_img} label={t('kyc.front')} />
            <PhotoViewer url={r.id_number_img_two} label={t('kyc.back')} />
          </Suspense>
          <Decision
            accept={atPath(opsCalls.opsKycApprove, { id: r.id })}
            refuse={atPath(opsCalls.opsKycReject, { id: r.id })}
            list={opsCalls.opsKycList}
            texts={{
              accept: t('kyc.approve'),
              refuse: t('kyc.reject'),
              refuseTitle: t('kyc.rejectTitle', { id: r.id }),
              accepted: t('kyc.approved', { id: r.id }),
              refused: t('kyc.rejected', { id: r.id }),
            }}
            onDone={close}
          />
        </>
      )}
    />
  );
}
