/**
 * `npm run stack`: the production topology of docker-compose.yml on this machine, without Docker: Debian's nginx with
 * the deployment's own site files (the edge, the shell's and each remote's), the page server, two API replicas, the
 * local PostgreSQL (database `invest_stack`) and Redis. Installs nginx and its brotli module, and starts PostgreSQL
 * and Redis, where missing. Everything it writes is under .stack/ (the releases, remotes.json, uploads, nginx's
 * files and logs). Ctrl-C stops it all. The edge listens on STACK_PORT (8300).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { deployBuilds, distOf, ROOT, WEB_APPS } from '@invest/web';
import { buildMissing } from './build-missing';
import { writeNginx } from './stack/nginx';
import { stackPorts, stackSites } from './stack/topology';

const log = (msg: string) => console.log(`[stack] ${msg}`);
const STACK_DIR = path.join(ROOT, '.stack');
const PG_ADMIN = process.env.STACK_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'invest_stack';
const REDIS_URL = process.env.STACK_REDIS_URL ?? 'redis://127.0.0.1:6379';

const has = (cmd: string, args: string[]) => {
  try {
    execFileSync(cmd, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** nginx with the brotli module, PostgreSQL and Redis, as this machine's packages install and start them. */
function ensureServices(): void {
  if (!fs.existsSync('/usr/sbin/nginx') || !fs.existsSync('/etc/nginx/modules-enabled/50-mod-http-brotli-static.conf')) {
    log('installing nginx and its brotli module (Debian packages)');
    execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx libnginx-mod-http-brotli-static >/dev/null'], { stdio: 'inherit' });
    // The package starts the system's nginx on port 80: not ours.
    has('sh', ['-c', 'nginx -s quit || pkill -x nginx']);
  }
  if (!has('pg_isready', ['-q', '-h', '127.0.0.1'])) {
    log('starting PostgreSQL');
    execFileSync('sh', ['-c', 'pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start'], { stdio: 'inherit' });
  }
  if (!has('redis-cli', ['-h', '127.0.0.1', 'ping'])) {
    log('starting Redis');
    fs.mkdirSync('/var/lib/redis', { recursive: true });
    execFileSync('redis-server', ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', '6379', '--save', '', '--appendonly', 'no', '--dir', '/var/lib/redis'], { stdio: 'inherit' });
  }
}

async function ensureDatabase(): Promise<string> {
  const client = new Client({ connectionString: PG_ADMIN });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
  const url = new URL(PG_ADMIN);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

const children: ChildProcess[] = [];

/** Starts `args` (a Node entry with tsx's loader, or a command), its output prefixed with `name`. */
function start(name: string, command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (d: Buffer) => process.stdout.write(d.toString().replace(/^(?=.)/gm, `[${name}] `));
  child.stdout!.on('data', prefix);
  child.stderr!.on('data', prefix);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      log(`${name} stopped (${signal ?? code}): stopping the stack`);
      void stopAll(1);
    }
  });
  children.push(child);
  return child;
}

async function waitFor(url: string, ms = 120_000): Promise<void> {
  for (const until = Date.now() + ms; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
  }
  throw new Error(`${url} did not answer`);
}

let stopping = false;
async function stopAll(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          c.once('exit', () => resolve());
          c.kill('SIGTERM');
        }),
    ),
  );
  process.exit(code);
}

async function main(): Promise<void> {
  ensureServices();
  const ports = stackPorts();
  const built = await buildMissing(log);
  log(`built ${built.length ? built.join(', ') : 'nothing (up to date)'}`);
  const releases = path.join(STACK_DIR, 'releases');
  const remotesFile = deployBuilds(releases);
  const databaseUrl = await ensureDatabase();
  const node = (entry: string): [string, string[]] => [process.execPath, ['--import', 'tsx', entry]];
  const shared = {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: process.env.REDIS_PREFIX ?? 'invest-stack:',
    DATA_DIR: path.join(STACK_DIR, 'data'),
    SEED_DEMO: process.env.SEED_DEMO ?? '1',
    // The edge is the only proxy: only its X-Forwarded-For is believed.
    TRUST_PROXY: '127.0.0.1',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
  };

  // The first replica migrates and seeds; the others start once it is ready.
  start('api-1', ...node('api/src/main.ts'), { ...shared, PORT: String(ports.api[0]) });
  await waitFor(`http://127.0.0.1:${ports.api[0]}/api/ready`);
  start('api-2', ...node('api/src/main.ts'), { ...shared, PORT: String(ports.api[1]) });
  start('page', ...node('web/src/main.ts'), { ...shared, PORT: String(ports.page), RELEASES_DIR: releases, REMOTES_FILE: remotesFile });
  const nginx = writeNginx(path.join(STACK_DIR, 'nginx'), stackSites(ports, { releases, remotesFile, shell: distOf(WEB_APPS[0]!) }));
  execFileSync('nginx', ['-t', '-q', '-c', nginx], { stdio: 'inherit' });
  start('nginx', 'nginx', ['-c', nginx, '-g', 'daemon off;']);
  await Promise.all([waitFor(`http://127.0.0.1:${ports.api[1]}/api/ready`), waitFor(`http://127.0.0.1:${ports.page}/api/health`)]);
  await waitFor(`http://127.0.0.1:${ports.edge}/api/ready`);
  log(`ready: http://localhost:${ports.edge}/ (edge nginx → page server :${ports.page}, API :${ports.api.join(' and :')}, shell :${ports.shell}, remotes :${Object.values(ports.remotes).join(', :')})`);
  log(`remotes.json: ${remotesFile} (repoint a remote there); nginx logs: ${path.join(STACK_DIR, 'nginx', 'logs')}`);
  process.once('SIGINT', () => void stopAll(0));
  process.once('SIGTERM', () => void stopAll(0));
}

main().catch((err: Error) => {
  console.error(`[stack] ${err.message}`);
  void stopAll(1);
});
