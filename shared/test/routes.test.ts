/**
 * The web apps call through the zod-free route table (contract/routes.ts); the server registers the contract's calls,
 * each built by spreading its route. A call that spread another call's route would still type-check.
 */
import * as contract from '../src/contract/calls';
import { routes } from '../src/contract/routes';

it('every contract call sits where its route says, and every route has its call', () => {
  expect(Object.keys(routes).sort()).toEqual(Object.keys(contract).sort());
  for (const [name, def] of Object.entries(contract)) {
    const route = routes[name as keyof typeof routes];
    expect({ name, method: def.method, path: def.path, auth: def.auth, idempotent: def.idempotent ?? false }).toEqual({
      name,
      method: route.method,
      path: route.path,
      auth: route.auth,
      idempotent: ('idempotent' in route && route.idempotent) || false,
    });
  }
});

it('no two calls share a method and a path', () => {
  const places = Object.values(routes).map((r) => `${r.method} ${r.path}`);
  expect(new Set(places).size).toBe(places.length);
});
