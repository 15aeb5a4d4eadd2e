import type * as defs from './calls';
import type { CallInput, CallOutput, Endpoint } from './route';
import { routes } from './routes';

type Defs = typeof defs;

/** Calls as the web apps hold them: their routes from `table`, typed by the contract's schemas (which stay on the server). */
export type EndpointsOf<T> = { readonly [K in keyof T & keyof Defs]: Endpoint<CallInput<Defs[K]>, CallOutput<Defs[K]>> & T[K] };

/** Every investor call, as the web apps hold it. */
export type Endpoints = EndpointsOf<typeof routes>;

/** The calls by name, as `@invest/shared` gives them to the web apps: `call(calls.login, input)`. */
export const calls: Endpoints = routes;
