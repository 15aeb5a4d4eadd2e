// `npm run release -- <remote dir> [releases dir]`: a team's release of one remote: builds it alone and publishes the
// build into `<releases>/<short>/<version>/` (default ./releases), printing the manifest URL remotes.json is pointed
// at. What a remote's image build runs (deploy/docker/remote.Dockerfile); the running page is not touched.
import path from 'node:path';
import { DEFAULT_RELEASES_DIR, distOf, publish, REMOTES } from '@invest/web';
import { buildApps } from './build-missing';

async function main(): Promise<void> {
  const [dir, into] = process.argv.slice(2);
  const remote = REMOTES.find((r) => r.dir === dir);
  if (!remote) throw new Error(`usage: npm run release -- <${REMOTES.map((r) => r.dir).join('|')}> [releases dir]`);
  await buildApps([remote], (m) => console.log(`[release] ${m}`));
  const manifestUrl = publish(remote, distOf(remote), path.resolve(into ?? DEFAULT_RELEASES_DIR));
  console.log(`[release] ${remote.dir}: ${manifestUrl}`);
}

main().catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});
