import type * as defs from './calls';
import type { CallInput, CallOutput, Endpoint } from './route';
import { routes } from './routes';

type Defs = typeof defs;

/** Every call as the web apps hold it: its route, typed by the contract's schemas (the schemas stay on the server). */
export type Endpoints = { readonly [K in keyof Defs]: Endpoint<CallInput<Defs[K]>, CallOutput<Defs[K]>> & (typeof routes)[K] };

/** The calls by name, as `@invest/shared` gives them to the web apps: `call(calls.login, input)`. */
export const calls: Endpoints = routes;
