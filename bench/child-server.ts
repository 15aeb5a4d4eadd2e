/** What the benchmarks' server processes share (bench/api-server.ts, bench/web-server.ts). */
import type { FastifyInstance } from 'fastify';

/** Listens on 127.0.0.1 (`port` 0: any free one) and returns the port. */
export async function listenLocal(app: FastifyInstance, port = 0): Promise<number> {
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Closes the app and exits when the parent says 'stop', goes away, or sends SIGTERM. */
export function serveUntilStopped(app: FastifyInstance): void {
  const stop = () => void app.close().then(() => process.exit(0), () => process.exit(1));
  process.on('message', (m) => m === 'stop' && stop());
  process.on('disconnect', stop);
  process.on('SIGTERM', stop);
}
