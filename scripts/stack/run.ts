/**
 * The production topology of docker-compose.yml on this machine, without Docker: Debian's nginx with the deployment's
 * own site files (the edge, the shell's and each remote's), the page server, two API replicas, the local PostgreSQL
 * and Redis. Installs nginx and its brotli module, and starts PostgreSQL and Redis, where missing. `npm run stack`
 * runs it until Ctrl-C; the stack test (e2e/stack) runs one of its own and stops and starts replicas under load.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { deployBuilds, distOf, ROOT, WEB_APPS } from '@invest/web';
import { buildMissing } from '../build-missing';
import { buildServer } from '../build-server';
import { writeNginx } from './nginx';
import { stackPorts, stackSites, type StackPorts } from './topology';

const PG_ADMIN = process.env.STACK_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.STACK_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface StackOptions {
  /** The edge's port; the others follow it (topology.ts). */
  port?: number;
  /** Where the stack writes (releases, remotes.json, uploads, nginx's files). */
  dir?: string;
  /** Its PostgreSQL database, made when missing. */
  database?: string;
  /** Its Redis prefix (REDIS_PREFIX). */
  redisPrefix?: string;
  /** More environment for the API replicas and the page server (RATE_LIMIT_FACTOR, MARKET_ALWAYS_OPEN...). */
  env?: Record<string, string>;
  log?: (msg: string) => void;
  /** Where the processes' output goes (default: this process's, prefixed with their names). */
  output?: (name: string, text: string) => void;
}

export interface Stack {
  ports: StackPorts;
  /** The edge's URL. */
  base: string;
  databaseUrl: string;
  dataDir: string;
  releases: string;
  remotesFile: string;
  /** Stops replica `i` (0 or 1) with `signal` and waits for its exit. */
  stopReplica(i: number, signal: NodeJS.Signals): Promise<void>;
  /** Starts replica `i` again and waits until it is ready. */
  startReplica(i: number): Promise<void>;
  /** Stops every process of the stack (not PostgreSQL or Redis). */
  stop(): Promise<void>;
}

const has = (cmd: string, args: string[]) => {
  try {
    execFileSync(cmd, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** nginx with the brotli module, PostgreSQL and Redis, as this machine's packages install and start them. */
function ensureServices(log: (msg: string) => void): void {
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

async function ensureDatabase(name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name ${name}: lower-case letters, digits and _ only`);
  const client = new Client({ connectionString: PG_ADMIN });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function waitFor(url: string, ms = 120_000): Promise<void> {
  for (const until = Date.now() + ms; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
  }
  throw new Error(`${url} did not answer`);
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
}

export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const log = opts.log ?? ((msg: string) => console.log(`[stack] ${msg}`));
  const output = opts.output ?? ((name: string, text: string) => process.stdout.write(text.replace(/^(?=.)/gm, `[${name}] `)));
  ensureServices(log);
  const ports = stackPorts(opts.port);
  const dir = opts.dir ?? path.join(ROOT, '.stack');
  // nginx's workers run as an unprivileged user: they must be able to read the releases and remotes.json here.
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o755);
  const built = await buildMissing(log);
  log(`built ${built.length ? built.join(', ') : 'nothing (up to date)'}`);
  // The server processes run as production runs them: compiled JavaScript (scripts/build-server.ts).
  await buildServer();
  const releases = path.join(dir, 'releases');
  const remotesFile = deployBuilds(releases);
  const databaseUrl = await ensureDatabase(opts.database ?? 'invest_stack');
  const dataDir = path.join(dir, 'data');
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: opts.redisPrefix ?? 'invest-stack:',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    // The edge is the only proxy: only its X-Forwarded-For is believed.
    TRUST_PROXY: '127.0.0.1',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    ...opts.env,
  };

  const children = new Set<ChildProcess>();
  let stopping = false;
  const start = (name: string, command: string, args: string[], extra: Record<string, string>) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d: Buffer) => output(name, d.toString()));
    child.stderr!.on('data', (d: Buffer) => output(name, d.toString()));
    children.add(child);
    child.once('exit', () => children.delete(child));
    return child;
  };
  const node = (name: string, entry: string, extra: Record<string, string>) => start(name, process.execPath, [entry], extra);

  const replicas: (ChildProcess | null)[] = [null, null];
  const startReplica = async (i: number) => {
    replicas[i] = node(`api-${i + 1}`, 'api/dist/main.js', { PORT: String(ports.api[i]) });
    await waitFor(`http://127.0.0.1:${ports.api[i]}/api/ready`);
  };
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.all([...children].map((c) => (c.kill('SIGTERM'), exited(c))));
  };

  try {
    // The first replica migrates and seeds; the other starts once it is ready.
    await startReplica(0);
    const second = startReplica(1);
    node('page', 'web/dist/main.js', { PORT: String(ports.page), RELEASES_DIR: releases, REMOTES_FILE: remotesFile });
    const nginx = writeNginx(path.join(dir, 'nginx'), stackSites(ports, { releases, remotesFile, shell: distOf(WEB_APPS[0]!) }, distOf));
    execFileSync('nginx', ['-t', '-q', '-c', nginx], { stdio: 'inherit' });
    start('nginx', 'nginx', ['-c', nginx, '-g', 'daemon off;'], {});
    await Promise.all([second, waitFor(`http://127.0.0.1:${ports.page}/api/health`)]);
    await waitFor(`http://127.0.0.1:${ports.edge}/api/ready`);
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    ports,
    base: `http://127.0.0.1:${ports.edge}`,
    databaseUrl,
    dataDir,
    releases,
    remotesFile,
    async stopReplica(i, signal) {
      const child = replicas[i];
      if (!child) return;
      replicas[i] = null;
      child.kill(signal);
      await exited(child);
    },
    startReplica,
    stop,
  };
}
