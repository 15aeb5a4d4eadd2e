/**
 * The web apps call through the zod-free route tables (contract/routes.ts for the investor's, contract/ops-routes.ts
 * for the console's); the server registers the contract's calls, each built by spreading its route. A call that spread
 * another call's route would still type-check.
 */
import type { Route } from '../src/contract/route';
import * as contract from '../src/contract/calls';
import { opsRoutes } from '../src/contract/ops-routes';
import { routes as investorRoutes } from '../src/contract/routes';

const routes: Record<string, Route> = { ...investorRoutes, ...opsRoutes };

it('every contract call sits where its route says, and every route has its call', () => {
  expect(Object.keys(routes).sort()).toEqual(Object.keys(contract).sort());
  for (const [name, def] of Object.entries(contract)) {
    const route = routes[name]!;
    expect({ name, method: def.method, path: def.path, auth: def.auth, role: def.role, idempotent: def.idempotent ?? false }).toEqual({
      name,
      method: route.method,
      path: route.path,
      auth: route.auth,
      role: route.role,
      idempotent: route.idempotent ?? false,
    });
  }
});

it('keeps the operators\' calls out of the investor table and the investor calls out of the console\'s', () => {
  expect(Object.values(investorRoutes).filter((r) => r.path.startsWith('/ops/'))).toEqual([]);
  expect(Object.values(opsRoutes).filter((r) => !r.path.startsWith('/ops/'))).toEqual([]);
});

it('no two calls share a method and a path', () => {
  const places = Object.values(routes).map((r) => `${r.method} ${r.path}`);
  expect(new Set(places).size).toBe(places.length);
});
