/**
 * The page a route is sent: the shell's page as built, with what the server adds for that route: remotes.json (the
 * shell registers the remotes from it as its entry runs), the remote's preload hints (route-hints.ts) and, where the
 * remote prerenders the route, its first frame (first-frame.ts).
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { EARLY_CALLS, EARLY_CALLS_SCRIPT } from '@invest/shared/early-calls';
import { FIRST_FRAME, FRAME_GATE_SCRIPT } from '@invest/shared/first-frame';
import { REGISTRY_DATA_ID } from 'shell/registry-data';
import type { DrawnFrame } from './first-frame';

/**
 * The frame covers the page like the loading screen it replaces (so the screen the remote then draws under it takes
 * its place without a layout shift), at the app's width.
 */
const { id, stateId, hiddenClass } = FIRST_FRAME;
const FRAME_CSS =
  `#${id}{position:fixed;inset:0;z-index:9999;overflow:hidden;background:var(--c-bg)}#${id}>div{max-width:var(--max-width);margin:0 auto}` +
  `html:not(.${hiddenClass}) #app-loading,html.${hiddenClass} #${id}{display:none}`;

/** JSON inside a <script> element: nothing in it may close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** What the server adds to the shell's page for a route. */
export interface PageParts {
  frame?: DrawnFrame | null;
  /** `<link>` tags for the head, after the shell's own. */
  hints?: string;
  /** The route's early calls (early-calls.ts): URLs the head script starts with the visitor's token. */
  early?: readonly string[];
  /** remotes.json as it is now: container name → manifest URL. */
  registry?: Readonly<Record<string, string>>;
}

/** The shell's page with the route's parts in it. */
export function composePage(shellHtml: string, { frame, hints = '', early = [], registry }: PageParts): string {
  if (!/<head[^>]*>/i.test(shellHtml) || !shellHtml.includes('</head>') || !/<body[^>]*>/.test(shellHtml)) throw new Error('the shell page has no head or body');
  const calls = early.length ? `<script type="application/json" id="${EARLY_CALLS.dataId}">${scriptJson(early)}</script><script>${EARLY_CALLS_SCRIPT}</script>` : '';
  const remotes = registry ? `<script type="application/json" id="${REGISTRY_DATA_ID}">${scriptJson(registry)}</script>` : '';
  const head = `${remotes}${frame ? `<script>${FRAME_GATE_SCRIPT}</script><style>${frame.css}${FRAME_CSS}</style>` : ''}${hints}`;
  // The early calls open the head (after its charset): they start as the page's first bytes are read.
  const opening = /<meta charset[^>]*>/i.test(shellHtml) ? /<meta charset[^>]*>/i : /<head[^>]*>/i;
  const body = frame
    ? `<div id="${id}"><div>${frame.frame.html}</div></div><script type="application/json" id="${stateId}">${scriptJson(frame.frame.state)}</script>`
    : '';
  // Replacer functions: a `$` in a price or a style is text, not a replacement pattern.
  return shellHtml
    .replace(opening, (tag) => `${tag}${calls}`)
    .replace('</head>', () => `${head}</head>`)
    .replace(/<body[^>]*>/, (tag) => `${tag}${body}`);
}

/** A composed page, as sent in each encoding (compressed on first use, off the event loop). */
export interface SentPage {
  html: Buffer;
  br(): Promise<Buffer>;
  gzip(): Promise<Buffer>;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function sentPage(html: Buffer): SentPage {
  let br: Promise<Buffer> | undefined;
  let gz: Promise<Buffer> | undefined;
  return {
    html,
    br: () => (br ??= brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length } })),
    gzip: () => (gz ??= gzip(html, { level: 9 })),
  };
}

/** Pages kept per frame, and without one: a route's params (in its early calls) make pages of their own. */
const PAGES_KEPT = 64;

/**
 * Composed pages, each once: a page with a frame per frame drawn (a frame with prices changes with the price tick,
 * not per request), one without per set of hints, early calls and registry (a remote's release, a route's params, a
 * repoint), the most
 * recently used kept. Brotli at its best level: home's page (~110 KB of markup and answers, mostly sparkline paths)
 * is 11.5 KB instead of 14 KB at level 5, under the ~14 KB a new connection's first round trip carries, for ~60 ms
 * of a thread-pool thread per tick.
 */
export class Pages {
  private readonly framed = new WeakMap<DrawnFrame, Map<string, { shellHtml: string; page: SentPage }>>();
  private readonly plain = new Map<string, { shellHtml: string; page: SentPage }>();

  pageFor(shellHtml: string, parts: PageParts): SentPage {
    const key = JSON.stringify([parts.hints ?? '', parts.early ?? [], parts.registry ?? null]);
    let cache = this.plain;
    if (parts.frame) {
      cache = this.framed.get(parts.frame) ?? new Map();
      this.framed.set(parts.frame, cache);
    }
    const known = cache.get(key);
    cache.delete(key);
    if (known?.shellHtml === shellHtml) {
      cache.set(key, known);
      return known.page;
    }
    const page = sentPage(Buffer.from(composePage(shellHtml, parts)));
    cache.set(key, { shellHtml, page });
    if (cache.size > PAGES_KEPT) cache.delete(cache.keys().next().value!);
    return page;
  }
}
