/**
 * The production topology on one machine (`npm run stack`): the addresses of each process and the nginx sites that
 * wire them, rendered from the same templates docker-compose's containers use. Ports from STACK_PORT (the edge,
 * default 8300) upwards.
 */
import { REMOTES, STANDALONE_APPS, type WebApp } from '@invest/web';
import type { Site } from './nginx';

export interface StackPorts {
  edge: number;
  api: [number, number];
  page: number;
  shell: number;
  remotes: Record<string, number>;
  /** Each standalone app's nginx (the operators' console), by folder. */
  standalone: Record<string, number>;
}

export function stackPorts(edge = Number(process.env.STACK_PORT ?? 8300)): StackPorts {
  return {
    edge,
    api: [edge + 11, edge + 12],
    page: edge + 20,
    shell: edge + 30,
    remotes: Object.fromEntries(REMOTES.map((r, i) => [r.short, edge + 31 + i])),
    standalone: Object.fromEntries(STANDALONE_APPS.map((a, i) => [a.dir, edge + 41 + i])),
  };
}

const local = (port: number) => `127.0.0.1:${port}`;

/**
 * The edge, the shell's nginx, one nginx per remote and one per standalone app, as server blocks of one nginx
 * process. `distOf` gives a standalone app's build.
 */
export function stackSites(ports: StackPorts, dirs: { releases: string; remotesFile: string; shell: string }, distOf: (app: WebApp) => string): Site[] {
  const upstream = (name: string) => `${name.toUpperCase().replace(/-/g, '_')}_SERVER`;
  return [
    {
      template: 'edge.conf.template',
      name: 'edge.conf',
      vars: {
        EDGE_PORT: String(ports.edge),
        API_SERVERS: ports.api.map((p) => `server ${local(p)} max_fails=0;`).join(' '),
        PAGE_SERVER: local(ports.page),
        SHELL_SERVER: local(ports.shell),
        REMOTES_FILE: dirs.remotesFile,
        ...Object.fromEntries(Object.entries(ports.remotes).map(([short, port]) => [upstream(short), local(port)])),
        ...Object.fromEntries(Object.entries(ports.standalone).map(([dir, port]) => [upstream(dir), local(port)])),
      },
    },
    { template: 'shell.conf.template', name: 'shell.conf', vars: { APP_PORT: String(ports.shell), SHELL_ROOT: dirs.shell } },
    ...Object.entries(ports.remotes).map(([short, port]) => ({
      template: 'remote.conf.template',
      name: `remote-${short}.conf`,
      vars: { APP_PORT: String(port), APP_SHORT: short, RELEASES_ROOT: dirs.releases },
    })),
    ...STANDALONE_APPS.map((app) => ({
      template: 'standalone.conf.template',
      name: `standalone-${app.dir}.conf`,
      vars: { APP_PORT: String(ports.standalone[app.dir]), APP_BASE: app.base, APP_ROOT: distOf(app) },
    })),
  ];
}
