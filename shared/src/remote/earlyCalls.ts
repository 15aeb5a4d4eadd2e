import { SESSION_KEYS } from '@invest/runtime';
import { API_TIMEOUT_MS } from '../api/url';

/**
 * A page's early calls: the personal GET calls a route's screen makes first (a remote names them for its routes in
 * `src/early-calls.json`; the page server puts their URLs in the page, @invest/web's early-calls.ts). A head script
 * starts them as the page arrives, with the stored token, instead of after the app's code has come and run; the
 * client's `call()` then takes the answer already on its way for the same URL and token.
 */
export const EARLY_CALLS = {
  /** The `<script type="application/json">` with the URLs. */
  dataId: 'early-calls',
  /** Where the head script leaves what it started. */
  global: '__investEarlyCalls',
} as const;

/** An answer older than this is not taken: the screen asks again (its data would be older than its poll). */
export const EARLY_ANSWER_MAX_AGE_MS = 10_000;

/** What a remote's `src/early-calls.json` holds: per route pattern, GET calls by path with their inputs. */
export interface EarlyCallsFile {
  calls: {
    /** The route pattern, as the shell's route table writes it (`/trade-no-nav/:type/:buck?`). */
    route: string;
    /** The call's path (the contract's `calls.x.path`, GET only). */
    path: string;
    /** The call's input as the screen sends it; a string `:name` stands for the route's param `name`. */
    input: Record<string, string | number>;
  }[];
}

interface Started {
  token: string;
  at: number;
  calls: Record<string, Promise<Response | null>>;
}

/**
 * The head script: with a stored session, one fetch per URL in the page's list, each settling to its Response or to
 * null (a network failure is the screen's to report, when it asks itself).
 */
export const EARLY_CALLS_SCRIPT =
  `try{var t=localStorage.getItem(${JSON.stringify(SESSION_KEYS.token)}),e=document.getElementById(${JSON.stringify(EARLY_CALLS.dataId)});` +
  `if(t&&e){var w=window[${JSON.stringify(EARLY_CALLS.global)}]={token:t,at:Date.now(),calls:{}};` +
  `JSON.parse(e.textContent).forEach(function(u){w.calls[u]=fetch(u,{headers:{Accept:'application/json',Authorization:'Bearer '+t},signal:AbortSignal.timeout(${API_TIMEOUT_MS})}).then(null,function(){return null})})}}catch(x){}`;

/**
 * The early answer for `url`, once, when it was asked with `token` (the session the caller has now) and not too long
 * ago; undefined otherwise. Null inside: it failed to arrive (ask again).
 */
export function takeEarlyAnswer(url: string, token: string): Promise<Response | null> | undefined {
  const started = (globalThis as { [EARLY_CALLS.global]?: Started })[EARLY_CALLS.global];
  const answer = started?.calls[url];
  if (!answer) return undefined;
  delete started.calls[url];
  return started.token === token && Date.now() - started.at <= EARLY_ANSWER_MAX_AGE_MS ? answer : undefined;
}
