// `npm run check:deploy`: the deployment files hold together: docker-compose.yml parses with .env.example's settings
// (`docker-compose config`, Debian's docker-compose, no daemon needed) and the nginx templates, rendered as
// `npm run stack` renders them, pass `nginx -t` with the brotli module loaded.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { distOf, ROOT, WEB_APPS } from '@invest/web';
import { writeNginx } from './stack/nginx';
import { stackPorts, stackSites } from './stack/topology';

const run = (cmd: string, args: string[], cwd = ROOT) => execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });

function checkCompose(): void {
  // The services read .env: a checkout has none, so the check writes .env.example's in its place for the while.
  const env = path.join(ROOT, '.env');
  const made = !fs.existsSync(env);
  if (made) fs.copyFileSync(path.join(ROOT, '.env.example'), env);
  try {
    run('docker-compose', ['config', '--quiet']);
    const services = run('docker-compose', ['config', '--services']).trim().split('\n').sort();
    console.log(`[deploy] docker-compose.yml: ${services.length} services (${services.join(', ')})`);
  } finally {
    if (made) fs.rmSync(env);
  }
}

function checkNginx(): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invest-nginx-check-'));
  try {
    const remotesFile = path.join(dir, 'remotes.json');
    fs.writeFileSync(remotesFile, '{}\n');
    const main = writeNginx(dir, stackSites(stackPorts(), { releases: path.join(dir, 'releases'), remotesFile, shell: distOf(WEB_APPS[0]!) }, distOf));
    run('nginx', ['-t', '-q', '-c', main]);
    console.log(`[deploy] nginx -t: ${fs.readdirSync(path.join(dir, 'sites')).length} sites pass`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

try {
  checkCompose();
  checkNginx();
} catch (err) {
  const e = err as Error & { stderr?: string };
  console.error(`[deploy] ${e.stderr || e.message}`);
  process.exit(1);
}
