import path from 'node:path';

/**
 * The API package's folder (its package.json, drizzle/), found by Node's resolution: the same whether the code runs
 * from its sources (tsx, tests) or from the production bundle (api/dist/).
 */
export const API_ROOT = path.dirname(require.resolve('@invest/api/package.json'));
