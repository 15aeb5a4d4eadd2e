/**
 * The deployment's nginx files (deploy/nginx/*.conf.template) rendered for this machine: the same templates the
 * containers render with envsubst, with only `${UPPER_CASE}` names replaced (nginx's own `$variables` stay), and a
 * main file that runs them as an unprivileged nginx in a folder of its own. Used by `npm run stack` and by the
 * deployment check.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '@invest/web';

export const TEMPLATES_DIR = path.join(ROOT, 'deploy', 'nginx');

/** The template with its `${NAME}`s replaced; a name it uses that `vars` lacks is an error, not an empty string. */
export function renderTemplate(text: string, vars: Record<string, string>): string {
  return text.replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (_m, name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`nginx template: no value for \${${name}}`);
    return value;
  });
}

export interface Site {
  /** A template of deploy/nginx, e.g. `edge.conf.template`. */
  template: string;
  /** The file it is rendered to, in the sites folder. */
  name: string;
  vars: Record<string, string>;
}

/** Writes `<dir>/nginx.conf` and `<dir>/sites/*.conf`; returns the main file. */
export function writeNginx(dir: string, sites: Site[]): string {
  const sitesDir = path.join(dir, 'sites');
  const run = path.join(dir, 'run');
  fs.rmSync(sitesDir, { recursive: true, force: true });
  for (const d of [sitesDir, run, path.join(dir, 'logs')]) fs.mkdirSync(d, { recursive: true });
  for (const site of sites) {
    fs.writeFileSync(path.join(sitesDir, site.name), renderTemplate(fs.readFileSync(path.join(TEMPLATES_DIR, site.template), 'utf8'), site.vars));
  }
  const main = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    main,
    `# Written by scripts/stack/nginx.ts: Debian's nginx with the deployment's own site files.
worker_processes 1;
pid ${run}/nginx.pid;
error_log ${dir}/logs/error.log warn;
include /etc/nginx/modules-enabled/*.conf;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  access_log ${dir}/logs/access.log;
  client_body_temp_path ${run}/body;
  proxy_temp_path ${run}/proxy;
  fastcgi_temp_path ${run}/fastcgi;
  uwsgi_temp_path ${run}/uwsgi;
  scgi_temp_path ${run}/scgi;
  include ${sitesDir}/*.conf;
}
`,
  );
  return main;
}
