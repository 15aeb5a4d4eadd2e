import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { CallDef, OperatorRole } from '@invest/shared/contract';
import type { z } from 'zod';
import type { Subject } from '../auth/subject';
import { cachedSubject, resolveToken } from '../auth/tokens';
import type { DbOrTx } from '../db/database';
import { operators } from '../db/schema';
import { ApiError, inputErrorKey } from './errors';
import { bindIdempotencyKey } from './idempotency';
import type { Limiter } from './rate-limit';
import './context';

export interface RouteContext {
  req: FastifyRequest;
  reply: FastifyReply;
  /** The caller on 'user' and 'operator' calls (already checked to be of that kind); null on public calls. */
  subject: Subject | null;
  /** One clock reading per request, so every row a request writes agrees on the time. */
  now: Date;
  /**
   * The caller's Idempotency-Key on an idempotent call, scoped to the caller (so two users' keys never meet) and bound
   * to this call and input (another call or input under it never reaches a handler).
   */
  idempotencyKey: string | null;
}

export interface RouteOptions {
  /** Limits counted before the input is checked, so malformed attempts count too. */
  limits?: Limiter[];
}

/**
 * A whole `{msg:'ok', data}` answer, already checked against the call's output schema and serialized: what a
 * handler returns to send bytes it has cached (e.g. a quote and its chart rows for the rest of a price tick).
 * Make one with serializeOk(), never by hand.
 */
export class SerializedOk<C extends CallDef = CallDef> {
  private declare readonly call?: C;
  private gzipped: Buffer | null = null;
  /** @internal use serializeOk() */
  constructor(readonly json: string) {}

  /** The answer gzipped, made once on first use: a phone asking for the same chart this tick gets the same bytes. */
  gzip(): Buffer {
    this.gzipped ??= gzipSync(this.json, { level: 6 });
    return this.gzipped;
  }
}

/** Cached answers this big go out gzipped to clients that accept it (a 1-minute chart is ~55 KB of JSON). */
const GZIP_MIN_BYTES = 1024;
const acceptsGzip = (req: FastifyRequest) => /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));

/** Checks `data` against the call's output (as route() does) and serializes the answer once, for reuse. */
export function serializeOk<C extends CallDef>(def: C, data: z.input<C['output']>): SerializedOk<C> {
  return new SerializedOk<C>(JSON.stringify({ msg: 'ok', data: def.output.parse(data) }));
}

export type Handler<C extends CallDef> = (
  input: z.output<C['input']>,
  ctx: RouteContext,
) => Promise<z.input<C['output']> | SerializedOk<C>>;

/** A call's input checked with its zod schema, as its route checks it: a 400 with the first issue's key. */
export function parseInput<C extends CallDef>(def: C, raw: unknown): z.output<C['input']> {
  const parsed = def.input.safeParse(raw);
  if (!parsed.success) throw new ApiError(400, inputErrorKey(parsed.error));
  return parsed.data as z.output<C['input']>;
}

/** `Authorization: Bearer <token>`; anything else counts as no token. */
export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  const m = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return m?.[1] ?? null;
}

/**
 * Registers one contract call in the current (/api-prefixed) scope: rate limits, then the caller
 * (401 without a valid token, 403 with a token of the other kind or an operator without the call's role), then the input checked with the
 * call's zod schema (400 with the first issue's key), then on a money call its Idempotency-Key bound to the
 * caller, the call and the input (409 when it was bound to anything else), then the handler; its result is checked
 * against the call's output schema, so the server can never drift from the contract the client types come from
 * (a SerializedOk was checked when it was made).
 */
export function route<C extends CallDef>(app: FastifyInstance, def: C, handler: Handler<C>, options: RouteOptions = {}) {
  const limits = options.limits ?? [];
  app.route({
    method: def.method,
    url: def.path,
    preHandler: limits.length
      ? async (req) => {
          for (const limit of limits) await limit.consume(req);
        }
      : undefined,
    handler: async (req, reply) => {
      const now = app.clock();
      let subject: Subject | null = null;
      if (def.auth !== 'public') {
        const token = bearerToken(req);
        // The token cache answers hot paths synchronously; a miss asks the database.
        subject = token ? (cachedSubject(token, now) ?? (await resolveToken(app.db, token, now))) : null;
        if (!subject) throw new ApiError(401, 'unauthorized');
        if (subject.kind !== def.auth) throw new ApiError(403, 'forbidden');
        if (def.role) await requireRole(app.db, subject.id, def.role);
      }
      // A POST without a body (e.g. logout) is an empty input, not a missing one.
      const raw = def.method === 'GET' ? req.query : req.body === undefined ? {} : req.body;
      const input = parseInput(def, raw);
      const idempotencyKey = def.idempotent
        ? await bindIdempotencyKey(app.db, req, { caller: `${subject?.kind ?? 'public'}:${subject?.id ?? ''}`, call: `${def.method} ${def.path}`, input })
        : null;
      const data = await handler(input, { req, reply, subject, now, idempotencyKey });
      if (data instanceof SerializedOk) {
        reply.type('application/json; charset=utf-8');
        if (data.json.length < GZIP_MIN_BYTES) return data.json;
        reply.header('vary', 'accept-encoding');
        if (!acceptsGzip(req)) return data.json;
        reply.header('content-encoding', 'gzip');
        return data.gzip();
      }
      return { msg: 'ok', data: def.output.parse(data) };
    },
  });
}

/**
 * An operator call's role, read on every call (not cached with the token): an admin who changes an operator's role
 * changes what that operator may do at once. Admins may call everything.
 */
async function requireRole(db: DbOrTx, operatorId: number, role: OperatorRole): Promise<void> {
  const [row] = await db.select({ role: operators.role }).from(operators).where(eq(operators.id, operatorId)).limit(1);
  if (!row) throw new ApiError(401, 'unauthorized');
  if (row.role !== role && row.role !== 'admin') throw new ApiError(403, 'operatorRoleRequired');
}

/** The scoped Idempotency-Key of an idempotent call (route() has already required it). */
export function idempotencyKey(ctx: RouteContext): string {
  if (!ctx.idempotencyKey) throw new ApiError(400, 'idempotencyKeyRequired');
  return ctx.idempotencyKey;
}

/** The subject of an authenticated call (route() has already checked its kind). */
export function subjectOf(ctx: RouteContext): Subject {
  if (!ctx.subject) throw new ApiError(401, 'unauthorized');
  return ctx.subject;
}

/** The `:id` of an ops path: a positive int4, else the record cannot exist. */
export function idParam(ctx: RouteContext): number {
  const raw = (ctx.req.params as { id?: string }).id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(id > 0 && id <= 2_147_483_647)) throw new ApiError(404, 'notFound');
  return id;
}
