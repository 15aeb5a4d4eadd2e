import { ownServerConfig } from '../own-server.config';

/** `npm run test:stack`: the production topology on this machine (scripts/stack/run.ts), started by the spec. */
export default ownServerConfig({ dir: __dirname, spec: 'stack.spec.ts', minutes: 5 });
