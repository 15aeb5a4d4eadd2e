import * as calls from '../contract/calls';
import type { CallDef } from '../contract/envelope';

// Two calls may share a path (an operator's GET and POST of one chat): a call is its method and path.
const byRoute = new Map(Object.values(calls).map((def) => [`${def.method} ${def.path}`, def as CallDef]));

/** The contract's own call (with its schemas) at `method` and `path`, as the API registers it. */
export const contractCall = (method: string, path: string): CallDef | undefined => byRoute.get(`${method.toUpperCase()} ${path}`);
