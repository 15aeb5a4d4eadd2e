/**
 * `npm run stack`: the production topology of docker-compose.yml on this machine, without Docker (scripts/stack/run.ts):
 * the edge nginx on STACK_PORT (8300), the shell's and each remote's nginx, the page server, two API replicas, the
 * local PostgreSQL (database `invest_stack`) and Redis. Everything it writes is under .stack/. Ctrl-C stops it.
 */
import path from 'node:path';
import { startStack } from './stack/run';

async function main(): Promise<void> {
  const stack = await startStack();
  const { ports } = stack;
  const log = (msg: string) => console.log(`[stack] ${msg}`);
  log(`ready: http://localhost:${ports.edge}/ (edge nginx → page server :${ports.page}, API :${ports.api.join(' and :')}, shell :${ports.shell}, remotes :${Object.values(ports.remotes).join(', :')})`);
  log(`remotes.json: ${stack.remotesFile} (repoint a remote there); nginx logs: ${path.join(path.dirname(stack.releases), 'nginx', 'logs')}`);
  const stop = () => void stack.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: Error) => {
  console.error(`[stack] ${err.message}`);
  process.exit(1);
});
