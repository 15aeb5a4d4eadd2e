import { ownServerConfig } from '../own-server.config';

/**
 * `npm run test:independent`: one remote deployed alone on the production build, in the browser the other tests use.
 * The spec starts its own server (from a team's checkout).
 */
export default ownServerConfig({ dir: __dirname, spec: 'independent.spec.ts', minutes: 10 });
