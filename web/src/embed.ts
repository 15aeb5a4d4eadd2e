/**
 * iframe.html, the spec's special page: one instrument's live chart (its quote and the app's price chart, updated by
 * the public quote stream) that a partner's site or the hybrid app's shell embeds, with no login, no money and nothing
 * personal (shell/src/embed). A page meant to be framed is a page an attacker could frame too (clickjacking, or
 * passing our prices off as theirs), so who may frame it is an operators' setting: `embed_origins`, a space-separated
 * list of origins (`https://partner.example`), published by the API's public config call. Its CSP's frame-ancestors
 * is that list and this origin; every other page of the app still refuses to be framed.
 */
import { ApiError, contentSecurityPolicy, rejection } from '@invest/api';
import { EMBED_ORIGINS_SETTING, embedOriginOf } from '@invest/shared/contract';
import type { FrameAnswers } from './first-frame';

export { EMBED_ORIGINS_SETTING };
/** How long the setting is kept: an operator's change applies within this time, without a restart. */
export const EMBED_ORIGINS_TTL_MS = 2_000;

/** A setting as the public config call answers it (GET /api/v2/config). */
export interface ConfigRow {
  tag: string;
  value: string;
}

/**
 * The origins of the setting's value that frame-ancestors can take as they are (the contract's check, which the API
 * applied when an operator set it), and what is not such an origin: left out, never passed into the policy.
 */
export function embedOriginsOf(value: string): { origins: string[]; refused: string[] } {
  const origins: string[] = [];
  const refused: string[] = [];
  for (const token of value.split(/\s+/).filter(Boolean)) {
    const origin = embedOriginOf(token);
    if (origin) origins.push(origin);
    else refused.push(token);
  }
  return { origins: [...new Set(origins)], refused };
}

/** The app's policy with frame-ancestors naming who may frame the page: this origin and `origins`. */
export function embedPolicy(origins: readonly string[]): string {
  return contentSecurityPolicy()
    .split(';')
    .map((directive) => (directive.startsWith('frame-ancestors ') ? ["frame-ancestors 'self'", ...origins].join(' ') : directive))
    .join(';');
}

/**
 * The setting, read through the public config call and kept EMBED_ORIGINS_TTL_MS. A read that fails keeps the origins
 * read before (an operator's choice of seconds ago); with none read yet, only this origin may frame the page.
 */
export class EmbedOrigins {
  private kept: { at: number; origins: Promise<string[]> } | null = null;
  private known: string[] = [];
  private warnedOf = '';

  constructor(
    private readonly config: () => Promise<readonly ConfigRow[]>,
    private readonly warn: (msg: string, err?: unknown) => void,
    private readonly now: () => number = () => Date.now(),
  ) {}

  origins(): Promise<string[]> {
    if (this.kept && this.now() - this.kept.at < EMBED_ORIGINS_TTL_MS) return this.kept.origins;
    const origins = this.read();
    this.kept = { at: this.now(), origins };
    return origins;
  }

  private async read(): Promise<string[]> {
    try {
      const value = (await this.config()).find((r) => r.tag === EMBED_ORIGINS_SETTING)?.value ?? '';
      const { origins, refused } = embedOriginsOf(value);
      if (refused.length && value !== this.warnedOf) this.warn(`${EMBED_ORIGINS_SETTING}: not origins, left out: ${refused.join(' ')}`);
      this.warnedOf = value;
      this.known = origins;
    } catch (err) {
      this.warn(`${EMBED_ORIGINS_SETTING} could not be read: iframe.html keeps the origins it had`, err);
    }
    return this.known;
  }
}

/** The query of iframe.json: the instrument and the chart's interval, as the page's address gives them. */
export interface EmbedQuery {
  symbol?: unknown;
  interval?: unknown;
}

/**
 * What iframe.json answers, as the API answers: GET /v2/yahoo's quote and chart rows, which are the same for every
 * user (the first frames' answers), without the sparkline paths; the page asks no /api call but the public quote stream.
 */
export function embedChart(answers: FrameAnswers, { symbol, interval }: EmbedQuery): { status: number; body: unknown } {
  const chart = answers['/v2/yahoo'];
  if (!chart) return { status: 404, body: rejection('notFound') };
  try {
    const input = { symbol, ...(interval === undefined ? {} : { mold: interval }) };
    const { linePath: _line, areaPath: _area, ...data } = chart(input) as Record<string, unknown>;
    return { status: 200, body: { msg: 'ok', data } };
  } catch (err) {
    if (err instanceof ApiError) return { status: err.statusCode, body: rejection(err.key) };
    throw err;
  }
}
