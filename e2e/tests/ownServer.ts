import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';

const ROOT = path.resolve(__dirname, '../..');

/**
 * `npm start`'s server for one spec, on its own port and embedded database (a deployment the shared server is not: a
 * clock a term later, another currency). Its data folder holds its operator's login (opsCliOn, operatorToken).
 */
export class OwnServer {
  readonly baseURL: string;
  readonly dataDir: string;
  private child: ChildProcess | undefined;

  constructor(
    private readonly port: number,
    private readonly env: Record<string, string> = {},
    name = 'own',
  ) {
    this.baseURL = `http://127.0.0.1:${port}`;
    this.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `invest-e2e-${name}-`));
  }

  private answers(): Promise<number> {
    return fetch(`${this.baseURL}/api/v2/config`).then((r) => r.status, () => 0);
  }

  /** Starts it, its clock `daysLater` ahead of the machine's (libfaketime); resolves once it answers. */
  async start(daysLater = 0): Promise<void> {
    // Not another run's server left on the port: the spec must talk to its own.
    expect(await this.answers(), `port ${this.port} is taken`).toBe(0);
    const node = [process.execPath, '--import', 'tsx', 'scripts/start.ts'];
    const [command, ...args] = daysLater ? ['faketime', `+${daysLater} days`, ...node] : node;
    const child = spawn(command!, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        RELEASES_DIR: path.join(this.dataDir, 'releases'),
        LOG_LEVEL: 'warn',
        RATE_LIMIT_FACTOR: '10',
        MARKET_ALWAYS_OPEN: '1',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A group of its own: faketime runs the server as its child, and stopping must reach both.
      detached: true,
    });
    this.child = child;
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
          return this.answers();
        },
        { timeout: 120_000, intervals: [250] },
      )
      .toBe(200);
  }

  /** Stops it and waits until the port answers no more. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
    await expect.poll(() => this.answers(), { timeout: 15_000 }).toBe(0);
  }

  /** Stops it and removes its data. */
  async remove(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
