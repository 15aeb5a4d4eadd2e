import fs from 'node:fs';
import type { CallDef, CallInput, CallOutput } from '@invest/shared/contract';
import { en } from '@invest/shared/texts/en';
import type { Config } from '../config';
import { credentialsFile } from '../seed';

/** The running server refused or did not answer: the CLI may fall back to the database where that is safe. */
export class ServerUnreachableError extends Error {}

const messageOf = (key: string): string | undefined => (Object.hasOwn(en.hint, key) ? en.hint[key as keyof typeof en.hint] : undefined);

/** A rejection from the API: the message an app shows for its error key, then the key (for scripts). */
export class OpsCallError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
  ) {
    const message = messageOf(key);
    super(message ? `refused (${status}): ${message} (${key})` : `refused (${status}): ${key}`);
  }
}

export interface OpsApi {
  call<C extends CallDef>(def: C, input: CallInput<C>, params?: Record<string, string | number>): Promise<CallOutput<C>>;
}

/** Where the server listens: OPS_URL, else this machine on PORT (8080). */
export const serverUrl = (env: NodeJS.ProcessEnv) => (env.OPS_URL ?? `http://127.0.0.1:${env.PORT ?? 8080}`).replace(/\/+$/, '');

/** OPS_USER/OPS_PASSWORD, else the demo operator's file in the data folder. */
function credentials(env: NodeJS.ProcessEnv, config: Pick<Config, 'dataDir'>): { user: string; password: string } {
  if (env.OPS_USER && env.OPS_PASSWORD) return { user: env.OPS_USER, password: env.OPS_PASSWORD };
  try {
    const { user, password } = JSON.parse(fs.readFileSync(credentialsFile(config), 'utf8')) as { user: string; password: string };
    return { user, password };
  } catch {
    throw new Error('no operator login: set OPS_USER and OPS_PASSWORD (or run on the machine whose data folder has operator-credentials.json)');
  }
}

/**
 * The operator API of a running server, as the CLI uses it: one login, then calls by the contract. The CLI works
 * while the server runs (the embedded database allows one process), and every action is the server's, audited.
 */
export async function connectOps(env: NodeJS.ProcessEnv, config: Pick<Config, 'dataDir'>): Promise<OpsApi> {
  const base = `${serverUrl(env)}/api`;
  const send = async (method: string, path: string, body: unknown, token?: string) => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      throw new ServerUnreachableError(`the server at ${serverUrl(env)} did not answer (${(err as Error).message}); is npm start running? Set OPS_URL otherwise.`);
    }
    const json = (await res.json().catch(() => null)) as { msg?: string; data?: unknown } | null;
    if (!res.ok || json?.msg !== 'ok') throw new OpsCallError(res.status, String(json?.data ?? res.statusText));
    return json.data;
  };

  const { token } = (await send('POST', '/ops/login', credentials(env, config))) as { token: string };
  return {
    async call<C extends CallDef>(def: C, input: CallInput<C>, params: Record<string, string | number> = {}): Promise<CallOutput<C>> {
      const path = def.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(params[name] ?? '')));
      if (def.method === 'GET') {
        const query = new URLSearchParams(Object.entries(input as Record<string, unknown>).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
        const qs = query.size ? `?${query}` : '';
        return def.output.parse(await send('GET', `${path}${qs}`, undefined, token)) as CallOutput<C>;
      }
      return def.output.parse(await send(def.method, path, input, token)) as CallOutput<C>;
    },
  };
}
