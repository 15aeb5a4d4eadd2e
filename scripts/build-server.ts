// `npm run build:server`: the server processes as plain JavaScript for production (the images, `npm run stack`): the
// API (`api/dist/main.js`), its operators' CLI (`api/dist/ops.js`) and the page server (`web/dist/main.js`), each one
// file bundled by esbuild with our own workspaces inside and every npm dependency left to node_modules. No TypeScript
// compiler at run time: an API replica idles at ~130 MB instead of ~170 MB under tsx.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { ROOT } from '@invest/web';

const dependencies = (dir: string) => Object.keys((JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {});

const packages = [...new Set([...dependencies('api'), ...dependencies('web')])].filter((name) => !name.startsWith('@invest/') && name !== 'shell');

/** Whether Node finds the package from `dir`: npm installs some only under the workspace that asks for them. */
function resolvableFrom(dir: string, name: string): boolean {
  try {
    require.resolve(`${name}/package.json`, { paths: [dir] });
    return true;
  } catch {
    try {
      require.resolve(name, { paths: [dir] });
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * npm packages stay outside (their files, wasm and native parts are loaded from node_modules) when Node finds them
 * from where the bundle is; our workspaces, and a package installed only under another workspace, go in.
 */
const externalFrom = (dir: string) => packages.filter((name) => resolvableFrom(dir, name));

export const SERVER_ENTRIES = [
  { entry: 'api/src/main.ts', out: 'api/dist/main.js' },
  { entry: 'api/src/ops/cli.ts', out: 'api/dist/ops.js' },
  { entry: 'web/src/main.ts', out: 'web/dist/main.js' },
];

/** Bundles every server entry; returns the files written. */
export async function buildServer(): Promise<string[]> {
  for (const { entry, out } of SERVER_ENTRIES) {
    await build({
      entryPoints: [path.join(ROOT, entry)],
      outfile: path.join(ROOT, out),
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      sourcemap: true,
      // The API finds its own folder (migrations) through its package.json, wherever the bundle is.
      external: [...externalFrom(path.dirname(path.join(ROOT, out))), '@invest/api/package.json'],
      logLevel: 'warning',
    });
  }
  return SERVER_ENTRIES.map((e) => e.out);
}

if (require.main === module) {
  const t0 = Date.now();
  buildServer().then(
    (files) => console.log(`[build:server] ${files.join(', ')} in ${((Date.now() - t0) / 1000).toFixed(1)} s`),
    (e: Error) => {
      console.error(e.message);
      process.exit(1);
    },
  );
}
