/**
 * A route's early calls: the URLs of the personal GET calls its screen makes first, read from the owning remote's
 * release (`early-calls.json`, see @invest/shared/early-calls). The page lists them and a head script starts them
 * with the visitor's stored token as the page arrives, so a screen like positions has its data by the time its code
 * has run, instead of asking only then. A remote that names none, or is served elsewhere, gets none.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { callUrl } from '@invest/shared/api-url';
import { EARLY_CALLS_SCRIPT, type EarlyCallsFile } from '@invest/shared/early-calls';
import { matchRoute, routeFor } from 'shell/routes';
import { WEB_APPS } from './apps';

const FILE = 'early-calls.json';
/** The CSP source of the head script that starts them: a page with early calls runs it. */
export const EARLY_SCRIPT_HASH = `'sha256-${crypto.createHash('sha256').update(EARLY_CALLS_SCRIPT).digest('base64')}'`;
/** Param values go into the page (and key its cache): an address bar's worth, not more. */
const PARAM_MAX = 64;

export class EarlyCalls {
  /** By manifest URL: a release never changes, so its file is read once. */
  private readonly known = new Map<string, EarlyCallsFile['calls']>();

  constructor(
    private readonly releaseDirOf: (manifestUrl: string) => string | null,
    private readonly remotes: () => Record<string, string>,
  ) {}

  /** The URLs to start for `routePath`, in the remote's order; [] when it names none. */
  urlsFor(routePath: string): string[] {
    const route = routeFor(routePath);
    const container = WEB_APPS.find((a) => a.dir === route?.owner && a.short)?.container;
    const manifestUrl = container ? this.remotes()[container] : undefined;
    if (!route || !manifestUrl) return [];
    const calls = this.callsOf(manifestUrl).filter((c) => c.route === route.pattern);
    const params = calls.length ? matchRoute(route.pattern, routePath) : null;
    if (!params || Object.values(params).some((v) => v.length > PARAM_MAX)) return [];
    return calls.flatMap((c) => {
      const input: Record<string, string | number> = {};
      for (const [k, v] of Object.entries(c.input)) {
        const param = typeof v === 'string' && v.startsWith(':') ? params[v.slice(1)] : v;
        if (param === undefined) return [];
        input[k] = param;
      }
      return [callUrl({ method: 'GET', path: c.path }, input)];
    });
  }

  private callsOf(manifestUrl: string): EarlyCallsFile['calls'] {
    let calls = this.known.get(manifestUrl);
    if (!calls) {
      calls = this.read(manifestUrl);
      this.known.set(manifestUrl, calls);
    }
    return calls;
  }

  private read(manifestUrl: string): EarlyCallsFile['calls'] {
    const dir = this.releaseDirOf(manifestUrl);
    if (!dir) return [];
    try {
      const file = JSON.parse(fs.readFileSync(path.join(dir, FILE), 'utf8')) as Partial<EarlyCallsFile>;
      return Array.isArray(file.calls)
        ? file.calls.filter((c) => typeof c?.route === 'string' && typeof c.path === 'string' && c.path.startsWith('/') && c.input && typeof c.input === 'object')
        : [];
    } catch {
      // No file: the remote names no early calls.
      return [];
    }
  }
}
