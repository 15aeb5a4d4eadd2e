import { useMemo, useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { Button, CHAT_POLL_MS, failureKey, formatMoney, formatTime, TextField, useCall, useCallMutation, useDeployment, type CallOutput } from '@invest/shared';
import { opsCalls } from '@invest/shared/ops-calls';
import { atPath } from '@invest/shared/path-params';
import { ageOf, useNow } from '../queue/age';
import { QueuePage } from '../queue/QueuePage';
import { QUEUE_POLL, useQueueBatch, useRefreshQueue } from '../queue/queueQuery';
import type { QueueColumn } from '../queue/QueueTable';
import s from '../queue/queue.module.css';
import c from './chat.module.css';

type Conversation = CallOutput<typeof opsCalls.opsChats>['rows'][number] & { id: number };

/**
 * The customer-service inbox: conversations with unread messages first (the API orders them), live; the selected one
 * beside the list, with the user's account at a glance and the reply box.
 */
export function ChatPage() {
  const { t } = useTranslation('ops');
  const now = useNow(60_000);
  const batch = useQueueBatch();
  const query = useCall(opsCalls.opsChats, batch.input, QUEUE_POLL);
  // A queue keys its rows by a number: a conversation is its user's, and their account number is one.
  const rows = useMemo(() => query.data && { ...query.data, rows: query.data.rows.map((r) => ({ ...r, id: Number(r.no) })) }, [query.data]);
  const columns = useMemo<QueueColumn<Conversation>[]>(
    () => [
      { id: 'user', header: t('col.user'), value: (r) => r.user },
      { id: 'unread', header: t('chat.unread'), value: (r) => r.unread, numeric: true },
      { id: 'last', header: t('chat.last'), value: (r) => r.last_text, wrap: true, cell: (r) => `${r.last_from === 'agent' ? `${t('chat.you')}: ` : ''}${r.last_text}` },
      { id: 'age', header: t('col.age'), value: (r) => r.last_at, cell: (r) => ageOf(r.last_at, now) },
    ],
    [t, now],
  );
  return (
    <QueuePage
      title={t('chat.title')}
      query={{ ...query, data: rows }}
      batch={batch}
      columns={columns}
      detailTitle={(r) => t('chat.detail', { user: r.user })}
      detail={(r) => <Conversation user={r.user} />}
    />
  );
}

/** One user's conversation, asked again every CHAT_POLL_MS, their account at a glance, and the reply box. */
function Conversation({ user }: { user: string }) {
  const { t } = useTranslation('ops');
  const currency = useDeployment().data?.currency ?? '';
  const messages = useCall(atPath(opsCalls.opsChatMessages, { user }), { limit: 50 }, { refetchInterval: CHAT_POLL_MS });
  const account = useCall(opsCalls.opsUsers, { q: user, page: 1, limit: 1 }).data?.rows[0];
  const refreshInbox = useRefreshQueue(opsCalls.opsChats);
  const [text, setText] = useState('');
  const reply = useCallMutation(atPath(opsCalls.opsChatReply, { user }), {
    onSuccess: () => {
      setText('');
      void messages.refetch();
      refreshInbox();
    },
  });
  return (
    <>
      {account && (
        <dl className={s.facts}>
          <dt>{t('users.no')}</dt>
          <dd className="num">{account.no}</dd>
          <dt>{t('users.balance')}</dt>
          <dd className="num">{formatMoney(account.balance, currency)}</dd>
          <dt>{t('users.disabled')}</dt>
          <dd>{account.disabled_at ? t('users.yes') : t('users.no_')}</dd>
        </dl>
      )}
      <ol className={c.thread} aria-label={t('chat.messages')}>
        {messages.data?.rows.map((m) => (
          <li key={m.id} className={m.from === 'agent' ? c.agent : c.user}>
            <span className={c.text}>{m.text}</span>
            <span className={c.time}>
              {m.from === 'agent' ? t('chat.you') : user} · {formatTime(m.created_at)}
            </span>
          </li>
        ))}
      </ol>
      <form
        className={c.reply}
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) reply.mutate({ text });
        }}
      >
        <TextField label={t('chat.reply')} value={text} onChange={setText} maxLength={1000} error={reply.error ? t(failureKey(reply.error, 'action.failed')) : null} />
        <Button type="submit" busy={reply.isPending} disabled={!text.trim()}>
          {t('chat.send')}
        </Button>
      </form>
    </>
  );
}
