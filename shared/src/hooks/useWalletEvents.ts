import { onlineManager, useQueryClient, bus, session } from '@invest/runtime';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { API_BASE } from '../api/client';
import { calls } from '../contract/endpoints';
import { WALLET_STREAM_PATH } from '../contract/values/wallet';
import type { AnyCallQuery } from '../query/useCall';
import { usePollWhile } from '../query/usePollWhile';
import { STREAM_CONNECT_TIMEOUT_MS } from './useLiveQuotes';
import { invalidatePaths, WALLET_POLL_MS, WALLET_QUERY_PATHS } from './walletQueries';

/** The server writes a heartbeat every 15 s: a stream silent for longer than this is dead. */
export const WALLET_STREAM_IDLE_MS = 40_000;
/** After a failed or closed stream, try it again after this (doubling up to the maximum) while polling. */
export const WALLET_STREAM_RETRY_MS = 15_000;
const WALLET_STREAM_RETRY_MAX_MS = 120_000;
/**
 * A stream that served a while and then was closed by the server (its process shutting down for a deploy or a
 * scale-down) is opened again soon, through the balancer to another process: after 1 to 3 s, spread so that the
 * clients of one process do not all come back in the same instant. One closed sooner gets the usual retry.
 */
export const WALLET_STREAM_RECONNECT_MS = 1000;
const WALLET_STREAM_RECONNECT_SPREAD_MS = 2000;
const WALLET_STREAM_SERVED_MS = 10_000;
/** A line longer than this is not from our server: drop it rather than grow without bound. */
const MAX_LINE = 64 * 1024;

/** The calls a `chat` event (a message to or from the user, a read) makes old. */
const CHAT_QUERY_PATHS: readonly string[] = [calls.chatMessages, calls.chatUnreadCount].map((c) => c.path);

/** What each event of the user's stream makes old. */
const STALE_ON: Record<string, readonly string[]> = { wallet: WALLET_QUERY_PATHS, chat: CHAT_QUERY_PATHS };

export const walletStreamUrl = (): string => `${API_BASE}${WALLET_STREAM_PATH}`;

export type WalletStreamMode = 'idle' | 'connecting' | 'stream' | 'polling';

/**
 * A small server-sent-events reader: feed it the text as it arrives (any chunking, LF, CRLF or CR line ends), and it
 * calls `onEvent(type, data)` for each complete event (a blank line ends one). Comments (`: heartbeat`) are skipped.
 */
export function sseParser(onEvent: (type: string, data: string) => void): (chunk: string) => void {
  let buffer = '';
  let type = '';
  let data: string[] = [];
  let first = true;
  const line = (l: string) => {
    if (l === '') {
      if (type || data.length) onEvent(type || 'message', data.join('\n'));
      type = '';
      data = [];
      return;
    }
    if (l.startsWith(':')) return;
    const colon = l.indexOf(':');
    const field = colon < 0 ? l : l.slice(0, colon);
    let value = colon < 0 ? '' : l.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
  };
  return (chunk) => {
    let text = buffer + chunk;
    if (first && text) {
      first = false;
      if (text.startsWith('\uFEFF')) text = text.slice(1);
    }
    // A CR at the end may be the first half of a CRLF: keep it until the next chunk says.
    const hold = text.endsWith('\r') ? '\r' : '';
    const lines = (hold ? text.slice(0, -1) : text).split(/\r\n|\r|\n/);
    buffer = (lines.pop() ?? '') + hold;
    if (buffer.length > MAX_LINE) buffer = '';
    lines.forEach(line);
  };
}

const streamsAvailable = () => typeof fetch === 'function' && typeof TextDecoder === 'function' && typeof AbortController === 'function';

const subscribeSession = (l: () => void) => session.subscribe(l);
const sessionToken = () => session.token();

/**
 * Live wallet and chat: reads the user's one event stream (fetch with the bearer token, since EventSource cannot
 * send one); on each `event: wallet` it refetches every wallet query of the page (user info, balance, bills,
 * recharge, withdraw and loan records), on each `event: chat` the conversation and the unread count. While the stream is unavailable — it failed, closed, went silent, the browser is
 * offline or the app paused — the screen's own queries (`poll`, the options its useQuery/useCall got) refresh every
 * `intervalMs` instead (spec: 3 s), on TanStack's timers, paused with the app. Resume or reconnection opens the
 * stream again, and a failed one is retried now and then while polling. A session change (logout) closes it.
 */
export function useWalletEvents({
  poll = [],
  intervalMs = WALLET_POLL_MS,
  enabled = true,
}: { poll?: readonly AnyCallQuery[]; intervalMs?: number; enabled?: boolean } = {}): { mode: WalletStreamMode } {
  const client = useQueryClient();
  const token = useSyncExternalStore(subscribeSession, sessionToken, sessionToken);
  const [streamMode, setMode] = useState<WalletStreamMode>('connecting');
  // Turned off is idle; without a token to listen with, or a browser that cannot read a stream, the queries poll.
  const mode: WalletStreamMode = !enabled ? 'idle' : token && streamsAvailable() ? streamMode : 'polling';

  useEffect(() => {
    if (!enabled || !token || !streamsAvailable()) return;
    let controller: AbortController | null = null;
    let connectTimer: ReturnType<typeof setTimeout> | undefined;
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = WALLET_STREAM_RETRY_MS;
    let paused = false;
    // Set when a stream closes (lost, paused, offline): what changed meanwhile is fetched when the next one opens.
    let missed = false;

    // After a gap (a lost or paused stream) anything may have changed: every answer the stream keeps fresh.
    const refetch = () => void invalidatePaths(client, Object.values(STALE_ON).flat());

    const close = () => {
      if (controller) missed = true;
      clearTimeout(connectTimer);
      clearTimeout(idleTimer);
      clearTimeout(retryTimer);
      const c = controller;
      controller = null;
      c?.abort();
    };
    /**
     * This stream is over: the queries poll; a later attempt may bring it back (not for a refused token), after
     * `soonMs` when given, else after the backing-off retry delay.
     */
    const fail = (c: AbortController, retry: boolean, soonMs?: number) => {
      if (controller !== c) return;
      close();
      setMode('polling');
      if (!retry || paused || !onlineManager.isOnline()) return;
      retryTimer = setTimeout(open, soonMs ?? retryMs);
      if (soonMs === undefined) retryMs = Math.min(retryMs * 2, WALLET_STREAM_RETRY_MAX_MS);
    };
    const alive = (c: AbortController) => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => fail(c, true), WALLET_STREAM_IDLE_MS);
    };
    const read = async (c: AbortController) => {
      const res = await fetch(walletStreamUrl(), {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
        cache: 'no-store',
        signal: c.signal,
      });
      if (controller !== c) return;
      const reader = res.ok ? res.body?.getReader() : undefined;
      if (!reader) {
        // 401/403: this token may not listen; the queries' own 401 ends the session, so do not knock again.
        await res.body?.cancel().catch(() => {});
        return fail(c, res.status !== 401 && res.status !== 403);
      }
      clearTimeout(connectTimer);
      retryMs = WALLET_STREAM_RETRY_MS;
      const openedAt = Date.now();
      setMode('stream');
      if (missed) refetch();
      missed = false;
      alive(c);
      const decoder = new TextDecoder();
      const feed = sseParser((type) => {
        const paths = STALE_ON[type];
        if (paths) void invalidatePaths(client, paths);
      });
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (controller !== c) return;
          if (done) break;
          alive(c);
          feed(decoder.decode(value, { stream: true }));
        }
      } finally {
        if (controller !== c) void reader.cancel().catch(() => {});
      }
      // The server closed it (a restart, a deploy): poll, and come back, soon when it had served a while.
      const served = Date.now() - openedAt >= WALLET_STREAM_SERVED_MS;
      fail(c, true, served ? WALLET_STREAM_RECONNECT_MS + Math.random() * WALLET_STREAM_RECONNECT_SPREAD_MS : undefined);
    };
    const open = () => {
      if (controller || paused) return;
      clearTimeout(retryTimer);
      const c = new AbortController();
      controller = c;
      setMode('connecting');
      connectTimer = setTimeout(() => fail(c, true), STREAM_CONNECT_TIMEOUT_MS);
      read(c).catch(() => fail(c, true));
    };

    const pause = () => {
      paused = true;
      close();
      setMode('polling');
    };
    const resume = () => {
      paused = false;
      if (onlineManager.isOnline()) open();
    };
    // Offline the stream carries nothing: the queries take over (pausing there, the screen says offline).
    const offline = () => {
      close();
      setMode('polling');
    };
    const subs = [bus.on('app:pause').subscribe(pause), bus.on('app:resume').subscribe(resume)];
    const unsubscribeOnline = onlineManager.subscribe((online) => (!online ? offline() : paused ? undefined : open()));
    if (!onlineManager.isOnline()) offline();
    else if (typeof document !== 'undefined' && document.visibilityState === 'hidden') pause();
    else open();
    return () => {
      subs.forEach((s) => s.unsubscribe());
      unsubscribeOnline();
      close();
    };
  }, [client, token, enabled]);

  usePollWhile(mode === 'polling', poll, intervalMs);
  return { mode };
}

/** The same hook by its general name, for screens that are not about money (the chat): one stream carries both. */
export const useUserEvents = useWalletEvents;
