import './zod-config';
import { z } from 'zod';
import type { Endpoint } from './route';

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
export interface CallDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> extends Endpoint<z.input<I>, z.output<O>> {
  /** Query (GET) or body (others). */
  input: I;
  /** The `data` of a successful response. */
  output: O;
}

export const defineCall = <I extends z.ZodType, O extends z.ZodType>(def: CallDef<I, O>) => def;

export type { CallInput, CallOutput } from './route';

/** No input at all: unknown query fields are rejected like unknown body fields. */
export const NoInput = z.strictObject({});
