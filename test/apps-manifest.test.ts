/**
 * @jest-environment node
 *
 * apps.json is the one list of web apps; what cannot read it (npm workspaces) must agree with it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { apps } from '../apps.json';
import pkg from '../package.json';
import { APP_NAMES, ROUTES } from '../shell/src/routes';

const ROOT = path.resolve(__dirname, '..');

interface WebpackConfig {
  name: string;
  dependencies?: string[];
  entry: Record<string, string>;
  output: { uniqueName: string; path: string };
  devServer: { port: number };
  plugins: { constructor: { name: string }; options?: object }[];
}
const dirs = apps.map((a) => a.dir);

it('npm workspaces are the runtime and shared packages, the API, the page server, every app of the manifest and the browser tests', () => {
  expect([...pkg.workspaces].sort()).toEqual(['runtime', 'shared', 'api', 'web', ...dirs, 'e2e'].sort());
});

it('each app is a workspace named after its folder, with a unique port and an underscore container name', () => {
  for (const app of apps) {
    const own = JSON.parse(fs.readFileSync(path.join(ROOT, app.dir, 'package.json'), 'utf8')) as { name: string };
    expect(own.name).toBe(app.dir);
    // Federation container names cannot hold a hyphen; the shell derives them from the folder this way.
    expect(app.container).toBe(app.dir.replace(/-/g, '_'));
  }
  expect(new Set(apps.map((a) => a.port)).size).toBe(apps.length);
  expect(apps[0]?.dir).toBe('shell');
});

/** The shell and its remotes; a standalone app (the operators' console) is a page of its own. */
const federated = apps.filter((a) => !('standalone' in a));

it('each webpack config takes its container name, port and exposes from the manifest', () => {
  for (const app of federated) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- webpack configs are CommonJS
    const factory = require(`../${app.dir}/webpack.config.js`) as (env: unknown, argv: unknown) => WebpackConfig | WebpackConfig[];
    const [config] = [factory({}, { mode: 'production' })].flat() as [WebpackConfig];
    expect(config.output.uniqueName).toBe(app.container);
    expect(config.devServer.port).toBe(app.port);
    // The release's manifest names what the container exposes.
    const manifest = config.plugins.find((p) => p.constructor.name === 'RemoteManifestPlugin');
    expect(manifest?.options).toMatchObject({ name: app.container, entry: 'remoteEntry.js', exposes: 'short' in app ? { './lifecycles': 'lifecycles' } : {} });
  }
});

it('a standalone app is a plain bundle served under its base, never a remote of the shell', () => {
  const standalone = apps.filter((a) => 'standalone' in a);
  expect(standalone.map((a) => a.dir)).toEqual(['ops-console']);
  for (const app of standalone) {
    expect('short' in app).toBe(false);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- webpack configs are CommonJS
    const factory = require(`../${app.dir}/webpack.config.js`) as (env: unknown, argv: unknown) => WebpackConfig & { output: { publicPath: string } };
    const config = factory({}, { mode: 'production' });
    expect(config.output.uniqueName).toBe(app.container);
    expect(config.output.publicPath).toBe('base' in app ? app.base : undefined);
    expect(config.devServer.port).toBe(app.port);
    expect(config.plugins.map((p) => p.constructor.name)).not.toContain('ModuleFederationPlugin');
    expect(APP_NAMES).not.toContain(app.dir);
    expect(ROUTES.some((r) => r.owner === app.dir)).toBe(false);
  }
});

it("the shell's production build adds its standalone login page after it: no federation, same folder", () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- webpack configs are CommonJS
  const factory = require('../shell/webpack.config.js') as (env: unknown, argv: unknown) => WebpackConfig | WebpackConfig[];
  const built = factory({}, { mode: 'production' });
  if (!Array.isArray(built)) throw new Error('the production shell build is one config');
  const [shell, login] = built as [WebpackConfig, WebpackConfig];
  expect(login.dependencies).toEqual([shell.name]);
  expect(login.entry).toEqual({ login: './src/loginPage/index.tsx' });
  expect(login.output.path).toBe(shell.output.path);
  expect(login.plugins.map((p) => p.constructor.name)).not.toContain('ModuleFederationPlugin');
  // Development serves /login from the shell.
  expect(Array.isArray(factory({}, { mode: 'development' }))).toBe(false);
});

it('jest has a project for every app', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS config itself
  const { projects } = require('../jest.config.js') as { projects: { displayName: string }[] };
  expect(projects.map((p) => p.displayName)).toEqual(expect.arrayContaining(dirs));
});

it('the shell registers every remote, and every route owner is the shell or a remote', () => {
  expect(APP_NAMES).toEqual(federated.map((a) => a.dir).slice(1));
  for (const route of ROUTES) expect(['shell', ...APP_NAMES]).toContain(route.owner);
  for (const app of APP_NAMES) expect(ROUTES.some((r) => r.owner === app)).toBe(true);
});
