import './zod-config';
import { z } from 'zod';
import { wholeNumber } from './numbers';
import type { Endpoint } from './route';
import { BALANCE_MAX } from './values/wallet';

/** Every response: `{msg:'ok', data}` on success, `{msg:'no', data:'<errorKey>'}` on rejection. */
export const ok = <T extends z.ZodType>(data: T) => z.object({ msg: z.literal('ok'), data });
export const Rejection = z.object({ msg: z.enum(['no', 'logout']), data: z.string() });
export type Rejection = z.infer<typeof Rejection>;

/** Money crosses the wire as integer minor units (1/100 of the currency), never floats. */
export const Minor = z.number().int();
/**
 * A money amount in a request: positive integer minor units, as a JSON number or a form's digits, never more than a
 * wallet may hold (the API refuses more than the deployment's max_amount). Too large is checked first: past 2^53 a
 * number is no exact integer either, and "too large" is what the user should hear.
 */
export const Amount = wholeNumber(
  z.number({ error: 'invalidAmount' }).max(BALANCE_MAX, 'amountTooLarge').int('invalidAmount').positive('invalidAmount'),
);

/** Row ids are PostgreSQL `integer`: past its range an id can name no row, and the database would refuse it. */
export const INT4_MAX = 2_147_483_647;
/** A row id in a JSON body. */
export const Id = z.number({ error: 'invalidInput' }).int('invalidInput').positive('invalidInput').max(INT4_MAX, 'invalidInput');
/** A row id that may arrive as text: in a query string or a path, or as a form's digits. */
export const QueryId = wholeNumber(z.number({ error: 'invalidInput' }).int('invalidInput').positive('invalidInput').max(INT4_MAX, 'invalidInput'));

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
