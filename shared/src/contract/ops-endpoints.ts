import type { EndpointsOf } from './endpoints';
import { opsRoutes } from './ops-routes';

/** The operators' calls by name, for the console (`@invest/shared/ops-calls`): `call(opsCalls.opsLogin, input)`. */
export const opsCalls: EndpointsOf<typeof opsRoutes> = opsRoutes;
