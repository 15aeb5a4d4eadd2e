/** The parent's side of bench/web-server.ts: start it as a child process, and stop it. */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { WebServerReady } from './web-server';

/** Starts the real app and a variant's web files (`WEB_DIST`, else each app's dist) in a child; resolves once it listens. */
export function startWebServer(env: Record<string, string> = {}): Promise<{ child: ChildProcess; ready: WebServerReady }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'web-server.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, NODE_ENV: 'production', ...env },
    });
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error('the web server did not start within 60 s'));
    }, 60_000);
    child.once('message', (m) => {
      clearTimeout(timer);
      resolve({ child, ready: m as WebServerReady });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the web server exited (${code}) before it was ready`));
    });
  });
}

export async function stopWebServer(child: ChildProcess): Promise<void> {
  child.send('stop');
  await new Promise((r) => {
    child.once('exit', r);
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}
