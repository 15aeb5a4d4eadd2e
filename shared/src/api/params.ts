import type { Route } from '../contract/route';

/**
 * A call whose route has path parameters (`/ops/recharges/:id/complete`) at the given values: the same call, its
 * path filled in (each value URL-encoded), to hand to `call` or the query hooks.
 */
export function atPath<C extends Route>(def: C, params: Readonly<Record<string, string | number>>): C {
  const path = def.path.replace(/:(\w+)/g, (_m, name: string) => {
    if (!(name in params)) throw new Error(`${def.path}: no value for :${name}`);
    return encodeURIComponent(String(params[name]));
  });
  return { ...def, path };
}
