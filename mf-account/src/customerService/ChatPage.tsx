import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '@invest/runtime';
import {
  callKey,
  callQuery,
  calls,
  charCount,
  CHAT_POLL_MS,
  EmptyState,
  failureKey,
  Icon,
  keepPreviousData,
  MESSAGE_MAX,
  OfflineNote,
  PageHeader,
  QueryState,
  SkeletonRows,
  toast,
  useCallMutation,
  useOnline,
  useQuery,
  useQueryClient,
  type ChatMessage,
} from '@invest/shared';
import { MessageText } from '@invest/shared/forms';
import { useUserEvents } from '@invest/shared/user-events';
import { clockTime, groupByDay } from './chatDays';
import s from './chat.module.css';

/** Messages shown at first, and added by each "show earlier" (the call answers at most 500). */
const PAGE = 50;
const MAX_SHOWN = 500;
/** The counter appears when this few characters are left. */
const COUNTER_FROM = 100;

/**
 * /customer-service: the user's conversation with the agents, and a box to write to them. New messages come over the
 * user's event stream (an agent's reply shows at once), polled every 10 s while the stream is down. What the screen
 * shows of the agents' messages is marked read, which clears the badge on the service icons. Every text is shown as
 * text: markup a user or an agent typed is never interpreted.
 */
export function ChatPage() {
  const { t } = useTranslation('account');
  const client = useQueryClient();
  const online = useOnline();
  const [limit, setLimit] = useState(PAGE);
  const messagesQuery = callQuery(calls.chatMessages, { limit }, { placeholderData: keepPreviousData });
  const messages = useQuery(messagesQuery);
  useUserEvents({ poll: [messagesQuery], intervalMs: CHAT_POLL_MS });
  const rows = messages.data?.rows;

  const [text, setText] = useState('');
  const checked = MessageText.safeParse(text);
  const left = MESSAGE_MAX - charCount(text.trim());
  const send = useCallMutation(calls.chatSend, {
    onSuccess: (sent) => {
      setText('');
      // Shown at once; the refetch brings what else came meanwhile.
      client.setQueryData(callKey(calls.chatMessages, { limit }), (old: { rows: ChatMessage[]; more: boolean } | undefined) =>
        old && !old.rows.some((m) => m.id === sent.id) ? { ...old, rows: [...old.rows, sent] } : old,
      );
      void client.invalidateQueries({ queryKey: [calls.chatMessages.path] });
    },
    onError: (error) => toast(t(failureKey(error, 'chat.sendFailed')), 'error'),
  });
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (checked.success && online) send.mutate({ message: checked.data });
  };
  // Ctrl/Cmd+Enter sends; Enter alone is a new line, as on a phone's keyboard.
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
  };

  // The newest agent message on screen that is still unread: seen now, so the badge clears.
  const newestUnread = rows?.reduce((id, m) => (m.from === 'agent' && !m.read && m.id > id ? m.id : id), 0) ?? 0;
  // Asked up to: a newer message arriving while one is being marked is marked once that answer is in; a failure is
  // not asked again until the next message or visit.
  const asked = useRef(0);
  const { mutate: mark, isPending: marking } = useCallMutation(calls.chatRead, {
    onSuccess: (unread) => client.setQueryData(callKey(calls.chatUnreadCount), unread),
  });
  useEffect(() => {
    if (newestUnread <= asked.current || marking) return;
    asked.current = newestUnread;
    mark({ last_id: newestUnread });
  }, [newestUnread, marking, mark]);

  // Keep the newest message in view as messages arrive (not when earlier ones are added above).
  const end = useRef<HTMLDivElement>(null);
  const lastId = rows?.at(-1)?.id;
  useEffect(() => {
    if (lastId !== undefined) end.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);

  const days = rows ? groupByDay(rows, new Date(), { today: t('chat.today'), yesterday: t('chat.yesterday') }) : [];
  return (
    <div className={s.page}>
      <PageHeader title={t('titles.customerService')} back />
      <main className={s.thread}>
        <QueryState query={messages} errorTitle={t('chat.loadFailed')} skeleton={<SkeletonRows rows={4} />}>
          {messages.data?.more && (
            <button type="button" className={s.earlier} onClick={() => setLimit((n) => Math.min(n + PAGE, MAX_SHOWN))} disabled={limit >= MAX_SHOWN || messages.isFetching}>
              {t('chat.earlier')}
            </button>
          )}
          {rows?.length === 0 ? (
            <EmptyState testId="chat-empty" icon={<Icon name="service" size={40} />} title={t('chat.empty')} text={t('chat.emptyBody')} />
          ) : (
            <div aria-label={t('chat.messages')} role="log" aria-live="polite" data-testid="chat-log">
              {days.map((day) => (
                <section key={day.key} aria-labelledby={`chat-day-${day.key}`}>
                  <h2 id={`chat-day-${day.key}`} className={s.day} data-testid="chat-day">
                    {day.label}
                  </h2>
                  <ol className={s.messages}>
                    {day.messages.map((m) => (
                      <li key={m.id} className={m.from === 'user' ? s.mine : s.theirs} data-testid="chat-message" data-from={m.from}>
                        <span className={s.sender}>{m.from === 'user' ? t('chat.you') : t('chat.agent')}</span>
                        <p className={s.text} data-testid="chat-text">
                          {m.text}
                        </p>
                        <time className={s.time} dateTime={m.created_at}>
                          {clockTime(m.created_at)}
                        </time>
                      </li>
                    ))}
                  </ol>
                </section>
              ))}
            </div>
          )}
          <div ref={end} />
        </QueryState>
      </main>
      <form className={s.composer} onSubmit={submit}>
        <OfflineNote />
        {left <= COUNTER_FROM && (
          <p className={left < 0 ? s.over : s.counter} role={left < 0 ? 'alert' : undefined} data-testid="chat-counter">
            {left < 0 ? t('hint.messageTooLong') : t('chat.remaining', { count: left })}
          </p>
        )}
        <div className={s.row}>
          <textarea
            className={s.input}
            aria-label={t('chat.input')}
            placeholder={t('chat.placeholder')}
            value={text}
            rows={1}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            aria-invalid={left < 0 || undefined}
            data-testid="chat-input"
          />
          <button type="submit" className={s.send} aria-label={t('chat.send')} disabled={!checked.success || !online || send.isPending} data-testid="chat-send">
            <Icon name="send" size={22} />
          </button>
        </div>
      </form>
    </div>
  );
}
