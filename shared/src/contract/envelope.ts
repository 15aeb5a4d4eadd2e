import './zod-config';
import { z } from 'zod';

/** Every response: `{msg:'ok', data}` on success, `{msg:'no', data:'<errorKey>'}` on rejection. */
export const ok = <T extends z.ZodType>(data: T) => z.object({ msg: z.literal('ok'), data });
export const Rejection = z.object({ msg: z.enum(['no', 'logout']), data: z.string() });
export type Rejection = z.infer<typeof Rejection>;

/** Money crosses the wire as integer minor units (1/100 of the currency), never floats. */
export const Minor = z.number().int();

/** Row ids are PostgreSQL `integer`: past its range an id can name no row, and the database would refuse it. */
export const INT4_MAX = 2_147_483_647;
/** A row id in a JSON body. */
export const Id = z.number({ error: 'invalidInput' }).int('invalidInput').positive('invalidInput').max(INT4_MAX, 'invalidInput');
/** A row id in a query string or path (text until coerced). */
export const QueryId = z.coerce.number({ error: 'invalidInput' }).int('invalidInput').positive('invalidInput').max(INT4_MAX, 'invalidInput');

/** A call as both sides see it: the server validates `input` with it, the client types come from it. */
export interface CallDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path below /api. */
  path: string;
  /** Who may call: anyone, a logged-in user, or an operator. */
  auth: 'public' | 'user' | 'operator';
  /** Query (GET) or body (others). */
  input: I;
  /** The `data` of a successful response. */
  output: O;
  /**
   * A money call: the client sends an `Idempotency-Key` header, one per submit and the same when it retries after
   * a lost answer, and the server books the request once per key (a double tap or a retry changes nothing more).
   */
  idempotent?: boolean;
}

export const defineCall = <I extends z.ZodType, O extends z.ZodType>(def: CallDef<I, O>) => def;

export type CallInput<C extends CallDef> = z.input<C['input']>;
export type CallOutput<C extends CallDef> = z.output<C['output']>;

/** No input at all: unknown query fields are rejected like unknown body fields. */
export const NoInput = z.strictObject({});
