import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { runStatement } from '../db/statement';
import { ApiError } from './errors';

/** What a client may send as a key: a UUID, a ULID or any other token of 8–128 safe characters. */
const KEY = /^[A-Za-z0-9._:-]{8,128}$/;

/** The request's Idempotency-Key header; a money call without a usable one is refused before anything happens. */
export function idempotencyKeyOf(req: FastifyRequest): string {
  const value = req.headers['idempotency-key'];
  if (typeof value !== 'string' || !KEY.test(value)) throw new ApiError(400, 'idempotencyKeyRequired');
  return value;
}

/** JSON with every object's keys in order (and absent fields left out): equal inputs give equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const fields = Object.keys(o).filter((k) => o[k] !== undefined);
    return `{${fields
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The fingerprint of a call's input as its schema parsed it: what the handler acts on. So field order, a default left
 * out or sent, and a number sent as a form's digits ("100") or as a JSON number (100) make the same request: a retry
 * that wrote its input another way is still that request, and books nothing more.
 */
const fingerprintOf = (input: unknown): string => createHash('sha256').update(canonicalJson(input)).digest('hex');

const CLAIM_SQL = `
insert into idempotency_keys (caller, key, call, fingerprint) values ($1::text, $2::text, $3::text, $4::text)
on conflict (caller, key) do nothing
returning 1 as claimed`;
const BOUND_SQL = `select call, fingerprint from idempotency_keys where caller = $1::text and key = $2::text`;

export interface KeyUse {
  /** The route's subject, `user:<id>`. */
  caller: string;
  /** `POST /stock/success/deal/sell`. */
  call: string;
  /** The parsed input. */
  input: unknown;
}

/**
 * Binds the request's Idempotency-Key to its caller, call and input the first time it is used, and refuses it (409
 * idempotencyKeyReused, before the handler, so nothing is written) when it was bound to another call or input before.
 * The claim is a statement of its own, committed before the handler runs: of requests racing with one key, exactly
 * one claims it (the others wait for its commit, then compare), and a request that stops after its claim (a crash,
 * a refusal) leaves the key bound, so its retry with the same input goes through, and the handler's own key
 * handling answers a replay with the first request's answer. Answers the key scoped to the caller, which the handler
 * books under.
 */
export async function bindIdempotencyKey(db: Db, req: FastifyRequest, use: KeyUse): Promise<string> {
  const key = idempotencyKeyOf(req);
  const fingerprint = fingerprintOf(use.input);
  const [claimed] = await runStatement(db, 'idempotency_claim', CLAIM_SQL, [use.caller, key, use.call, fingerprint]);
  if (!claimed) {
    // Keys are never deleted: a conflict means a committed binding, which this statement sees.
    const [bound] = await runStatement<{ call: string; fingerprint: string }>(db, 'idempotency_bound', BOUND_SQL, [use.caller, key]);
    if (bound?.call !== use.call || bound.fingerprint !== fingerprint) throw new ApiError(409, 'idempotencyKeyReused');
  }
  return `${use.caller}:${key}`;
}
