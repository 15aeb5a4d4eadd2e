import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '@invest/runtime';
import { Button, failureKey, formatDate, formatTime, StatusBadge, TextField, toast, useCall, useCallMutation, type CallOutput } from '@invest/shared';
import { calls as schemas } from '@invest/shared/forms';
import { opsCalls } from '@invest/shared/ops-calls';
import { check } from '../forms/check';
import { CreateActions } from '../forms/fields';
import { QueuePage } from '../queue/QueuePage';
import { useRefreshQueue } from '../queue/queueQuery';
import type { QueueColumn } from '../queue/QueueTable';
import { ColumnFacts } from '../queue/requestColumns';
import s from '../queue/queue.module.css';
import f from '../forms/forms.module.css';

/** A code as the table keys it: by the code itself (codes are unique). */
type Code = CallOutput<typeof opsCalls.opsInvitationCodes>[number] & { id: string };

const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A code hard to guess and easy to read out: 8 letters and digits, none that look alike (no O/0, I/1). */
export function suggestCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => CODE_CHARS[b % CODE_CHARS.length]).join('');
}

/**
 * Invitation codes (admin): every code with how many users registered with it, newest first; a new one is made in
 * the side panel, a selected one is disabled (registration refuses it from then on) or enabled again.
 */
export function InvitationCodesPage() {
  const { t } = useTranslation('ops');
  const query = useCall(opsCalls.opsInvitationCodes);
  const data = useMemo(() => query.data && { rows: query.data.map((c) => ({ ...c, id: c.code })), count: query.data.length }, [query.data]);
  const columns = useMemo<QueueColumn<Code>[]>(
    () => [
      { id: 'code', header: t('invitations.code'), value: (r) => r.code, cell: (r) => <span className="num">{r.code}</span> },
      {
        id: 'status',
        header: t('col.status'),
        value: (r) => t(r.active ? 'invitations.active' : 'invitations.disabled'),
        cell: (r) => <StatusBadge tone={r.active ? 'done' : 'muted'} label={t(r.active ? 'invitations.active' : 'invitations.disabled')} />,
      },
      { id: 'uses', header: t('invitations.uses'), value: (r) => r.uses, numeric: true },
      { id: 'created', header: t('invitations.since'), value: (r) => r.created_at, cell: (r) => formatDate(r.created_at) },
    ],
    [t],
  );
  const existing = useMemo(() => new Set(query.data?.map((c) => c.code)), [query.data]);
  return (
    <QueuePage
      title={t('invitations.title')}
      query={{ ...query, data }}
      columns={columns}
      live={false}
      emptyText={t('invitations.none')}
      create={{ label: t('invitations.new'), title: t('invitations.newTitle'), form: (done) => <CodeForm existing={existing} done={done} /> }}
      detailTitle={(r) => t('invitations.detail', { code: r.code })}
      detail={(r) => <CodeDetail code={r} columns={columns} />}
    />
  );
}

function CodeDetail({ code, columns }: { code: Code; columns: QueueColumn<Code>[] }) {
  const { t } = useTranslation('ops');
  const refresh = useRefreshQueue(opsCalls.opsInvitationCodes);
  const saving = useCallMutation(opsCalls.opsInvitationCodeSave, {
    onSuccess: (c) => {
      toast(t(c.active ? 'invitations.enabledDone' : 'invitations.disabledDone', { code: c.code }), 'success');
      refresh();
    },
  });
  return (
    <>
      <ColumnFacts columns={columns} row={code}>
        <dt>{t('invitations.createdAt')}</dt>
        <dd>{formatTime(code.created_at)}</dd>
      </ColumnFacts>
      <p className={f.hint}>{t(code.active ? 'invitations.disableHint' : 'invitations.enableHint')}</p>
      <div className={s.actions}>
        {code.active ? (
          <Button variant="danger" busy={saving.isPending} onClick={() => saving.mutate({ code: code.code, active: false })}>
            {t('invitations.disable')}
          </Button>
        ) : (
          <Button busy={saving.isPending} onClick={() => saving.mutate({ code: code.code, active: true })}>
            {t('invitations.enable')}
          </Button>
        )}
      </div>
      {saving.error && (
        <p className={s.error} role="alert">
          {t(failureKey(saving.error, 'action.failed'))}
        </p>
      )}
    </>
  );
}

/**
 * A new code, checked by the contract (letters, digits, - and _, up to 32; matched exactly, case included). Saving a
 * code that exists would only switch it on again, so one the list has is refused here, before anything is sent.
 */
function CodeForm({ existing, done }: { existing: ReadonlySet<string>; done: (id?: string) => void }) {
  const { t } = useTranslation('ops');
  const refresh = useRefreshQueue(opsCalls.opsInvitationCodes);
  const [code, setCode] = useState('');
  const [left, setLeft] = useState(false);
  const checked = check(schemas.opsInvitationCodeSave.input, { code: code.trim(), active: true });
  const taken = existing.has(code.trim());
  const creating = useCallMutation(opsCalls.opsInvitationCodeSave, {
    onSuccess: (c) => {
      toast(t('invitations.created', { code: c.code }), 'success');
      refresh();
      done(c.code);
    },
  });
  const problem = taken ? t('invitations.taken') : left && !checked.data ? t(`hint.${Object.values(checked.errors)[0] ?? 'invalidInvitationCode'}`) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setLeft(true);
    if (checked.data && !taken) creating.mutate(checked.data);
  };
  return (
    <form className={f.form} onSubmit={submit} aria-label={t('invitations.newTitle')} noValidate>
      <TextField label={t('invitations.code')} value={code} onChange={setCode} onBlur={() => setLeft(true)} maxLength={32} autoComplete="off" autoFocus error={problem} />
      <p className={f.hint}>{t('invitations.codeHint')}</p>
      <Button variant="secondary" className={f.inline} onClick={() => setCode(suggestCode())}>
        {t('invitations.suggest')}
      </Button>
      <CreateActions error={creating.error} busy={creating.isPending} ready={Boolean(checked.data) && !taken} label={t('invitations.create')} onCancel={() => done()} />
    </form>
  );
}
