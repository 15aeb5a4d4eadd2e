import { useState, type FormEvent } from 'react';
import { useTranslation } from '@invest/runtime';
import { Button, failureKey, formatMoney, formatTime, TextField, toast, useCall, useCallMutation, useDeployment, type IpoAllotment, type OpsIpo } from '@invest/shared';
import { calls as schemas } from '@invest/shared/forms';
import { opsCalls } from '@invest/shared/ops-calls';
import { atPath } from '@invest/shared/path-params';
import { check } from '../forms/check';
import { ConfirmAction } from '../forms/ConfirmAction';
import { useRefreshQueue } from '../queue/queueQuery';
import { useOperator } from '../roles';
import s from '../queue/queue.module.css';
import a from './ipos.module.css';

/**
 * Runs the allotment of a Forthcoming or Closed issue, once: the shares offered to applicants, then a confirmation
 * (it cannot be undone). The answer, with the draw's seed, is handed to `onAllotted` for the page to keep showing.
 */
export function AllotForm({ ipo, onAllotted }: { ipo: OpsIpo; onAllotted: (a: IpoAllotment) => void }) {
  const { t } = useTranslation('ops');
  const refresh = useRefreshQueue(opsCalls.opsIpos);
  const [shares, setShares] = useState('');
  const [asking, setAsking] = useState(false);
  const checked = check(schemas.opsIpoAllot.input, { shares: shares.trim() });
  const allotting = useCallMutation(atPath(opsCalls.opsIpoAllot, { id: ipo.id }), {
    onSuccess: (answer) => {
      toast(t('allot.done', { id: ipo.id, shares: answer.shares_allotted, winners: answer.winners }), 'success');
      setAsking(false);
      onAllotted(answer);
      refresh();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (checked.data) setAsking(true);
  };
  const invalid = shares.trim() !== '' && !checked.data;
  return (
    <section className={a.section} aria-labelledby={`allot-${ipo.id}`}>
      <h3 id={`allot-${ipo.id}`} className={a.heading}>
        {t('allot.title')}
      </h3>
      <p className={a.note}>{t('allot.explain', { applied: ipo.applied_shares, applications: ipo.applications, min: ipo.min })}</p>
      <form onSubmit={submit} className={a.allotForm}>
        <TextField
          label={t('allot.shares')}
          value={shares}
          onChange={setShares}
          inputMode="numeric"
          autoComplete="off"
          error={invalid ? t(`hint.${Object.values(checked.errors)[0] ?? 'invalidInput'}`) : null}
        />
        <Button type="submit" disabled={!checked.data}>
          {t('allot.run')}
        </Button>
      </form>
      <ConfirmAction
        open={asking}
        title={t('allot.confirmTitle', { id: ipo.id, symbol: ipo.symbol })}
        message={t('allot.confirmMessage', { shares: checked.data?.shares ?? 0, applied: ipo.applied_shares, applications: ipo.applications })}
        confirmLabel={t('allot.run')}
        busy={allotting.isPending}
        error={allotting.error ? t(failureKey(allotting.error, 'action.failed')) : null}
        onConfirm={() => checked.data && allotting.mutate(checked.data)}
        onClose={() => setAsking(false)}
      />
    </section>
  );
}

/**
 * An allotted issue's outcome: the shares offered and given, the draw's seed (none when every application was met in
 * full) and, right after a run here, what the run answered. An admin also sees each application's share, from the
 * audit log's record of the allotment (the API gives it nowhere else).
 */
export function AllotmentFacts({ ipo, result }: { ipo: OpsIpo; result?: IpoAllotment }) {
  const { t } = useTranslation('ops');
  const currency = useDeployment().data?.currency ?? '';
  const admin = useOperator().data?.role === 'admin';
  const seed = result ? result.seed : ipo.draw_seed;
  return (
    <section className={a.section} aria-labelledby={`allotment-${ipo.id}`} data-testid="allotment">
      <h3 id={`allotment-${ipo.id}`} className={a.heading}>
        {t('allot.outcome')}
      </h3>
      {/* The seed on a line of its own: 32 hex digits, whole, for anyone who runs the draw again. */}
      <p className={a.seedLine}>
        <span className={a.seedLabel}>{t('allot.seed')}</span>
        {seed ? (
          <code className={a.seed} data-testid="draw-seed">
            {seed}
          </code>
        ) : (
          <span>{t('allot.noDraw')}</span>
        )}
      </p>
      <dl className={s.facts}>
        <dt>{t('allot.offered')}</dt>
        <dd className="num">{ipo.shares_offered ?? '—'}</dd>
        <dt>{t('allot.given')}</dt>
        <dd className="num">{result?.shares_allotted ?? ipo.shares_allotted ?? '—'}</dd>
        {ipo.allotted_at && (
          <>
            <dt>{t('allot.at')}</dt>
            <dd>{formatTime(ipo.allotted_at)}</dd>
          </>
        )}
        {result && (
          <>
            <dt>{t('allot.applications')}</dt>
            <dd className="num">{t('allot.appliedFor', { applications: result.applications, shares: result.applied_shares })}</dd>
            <dt>{t('allot.oversubscribed')}</dt>
            <dd>{result.oversubscribed ? t('users.yes') : t('users.no_')}</dd>
            <dt>{t('allot.winners')}</dt>
            <dd className="num">{result.winners}</dd>
            <dt>{t('allot.captured')}</dt>
            <dd className="num">{formatMoney(result.captured, currency)}</dd>
            <dt>{t('allot.released')}</dt>
            <dd className="num">{formatMoney(result.released, currency)}</dd>
          </>
        )}
      </dl>
      {admin ? <PerApplication ipoId={ipo.id} /> : <p className={a.note}>{t('allot.perApplicationAdmin')}</p>}
    </section>
  );
}

/** [application id, shares] pairs of the audit record, or none when the record is not of that shape. */
const pairs = (v: unknown): [number, number][] =>
  Array.isArray(v) ? v.filter((p): p is [number, number] => Array.isArray(p) && p.length === 2 && p.every((n) => typeof n === 'number')) : [];

// Built, not written as one quoted dotted name: the texts' key check would read it as a text key.
const ALLOT_ACTION = ['ipo', 'allot'].join('.');

/** Each application's shares as the audit log recorded the allotment: applied for and allotted (admins only). */
function PerApplication({ ipoId }: { ipoId: number }) {
  const { t } = useTranslation('ops');
  const query = useCall(opsCalls.opsAudit, { action: ALLOT_ACTION, target: `ipo ${ipoId}`, page: 1, limit: 5 });
  // The target filter matches a part of it ("ipo 1" is in "ipo 12"): the record of this issue exactly.
  const record = query.data?.rows.find((r) => r.target === `ipo ${ipoId}`);
  if (!record?.detail) return null;
  const allotted = new Map(pairs(record.detail.winners));
  const applied = pairs(record.detail.applications);
  if (!applied.length) return null;
  return (
    <table className={a.perApplication}>
      <caption>{t('allot.perApplication')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('allot.application')}</th>
          <th scope="col" className={a.right}>
            {t('allot.appliedShares')}
          </th>
          <th scope="col" className={a.right}>
            {t('allot.allottedShares')}
          </th>
        </tr>
      </thead>
      <tbody>
        {applied.map(([id, count]) => (
          <tr key={id} data-testid="allotted-row">
            <td className="num">{id}</td>
            <td className={`${a.right} num`}>{count}</td>
            <td className={`${a.right} num`}>{allotted.get(id) ?? 0}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
