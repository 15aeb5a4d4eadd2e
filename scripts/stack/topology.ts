/**
 * The production topology on one machine (`npm run stack`): the addresses of each process and the nginx sites that
 * wire them, rendered from the same templates docker-compose's containers use. Ports from STACK_PORT (the edge,
 * default 8300) upwards.
 */
import { REMOTES } from '@invest/web';
import type { Site } from './nginx';

export interface StackPorts {
  edge: number;
  api: [number, number];
  page: number;
  shell: number;
  remotes: Record<string, number>;
}

export function stackPorts(edge = Number(process.env.STACK_PORT ?? 8300)): StackPorts {
  return {
    edge,
    api: [edge + 11, edge + 12],
    page: edge + 20,
    shell: edge + 30,
    remotes: Object.fromEntries(REMOTES.map((r, i) => [r.short, edge + 31 + i])),
  };
}

const local = (port: number) => `127.0.0.1:${port}`;

/** The edge, the shell's nginx and one nginx per remote, as server blocks of one nginx process. */
export function stackSites(ports: StackPorts, dirs: { releases: string; remotesFile: string; shell: string }): Site[] {
  const upstream = (short: string) => `${short.toUpperCase()}_SERVER`;
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
      },
    },
    { template: 'shell.conf.template', name: 'shell.conf', vars: { APP_PORT: String(ports.shell), SHELL_ROOT: dirs.shell } },
    ...Object.entries(ports.remotes).map(([short, port]) => ({
      template: 'remote.conf.template',
      name: `remote-${short}.conf`,
      vars: { APP_PORT: String(port), APP_SHORT: short, RELEASES_ROOT: dirs.releases },
    })),
  ];
}
