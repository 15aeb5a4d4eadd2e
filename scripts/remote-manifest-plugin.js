// A federated app's mf-manifest.json: what the page needs to know of a remote before it runs any of its code. The
// shell reads the shared modules' ranges (it refuses a remote built for another runtime before its entry registers
// anything on the page) and the entry's name; the page server and the shell's preloads read the files the exposed
// lifecycles need at once; each shared module lists the files of the app's own copy (what the page downloads when
// it takes that copy). The fields are Module Federation's manifest format, the part this platform reads.
const { providedKeyOf } = require('./share/provided-key');

const NAME = 'RemoteManifestPlugin';

class RemoteManifestPlugin {
  /**
   * @param {{ name: string, entry: string, shared: Record<string, { version: string, requiredVersion: string, singleton: boolean }>, exposes: Record<string, string> }} options
   *   `exposes`: module path (`./lifecycles`) → the name of its chunk.
   */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    const { name, entry, shared, exposes } = this.options;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      // After the files got their final content hashes, before the compressed copies are made.
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 }, () => {
        const manifest = {
          id: name,
          name,
          metaData: { name, globalName: name, remoteEntry: { name: entry, path: '' } },
          shared: Object.entries(shared).map(([key, s]) => ({
            name: key,
            version: s.version,
            requiredVersion: s.requiredVersion,
            singleton: s.singleton,
            assets: filesOf(providedGroups(compilation, key)),
          })),
          exposes: Object.entries(exposes).map(([path, chunkName]) => ({ path, name: chunkName, assets: assetsOf(compilation, chunkName) })),
        };
        compilation.emitAsset('mf-manifest.json', new sources.RawSource(JSON.stringify(manifest)));
      });
    });
  }
}

/** The files an exposed module's chunk group loads at once (its lazy screens' chunks are not listed). */
function assetsOf(compilation, chunkName) {
  const group = compilation.namedChunkGroups.get(chunkName);
  if (!group) compilation.errors.push(new Error(`${NAME}: no chunk group named ${chunkName}`));
  return filesOf(group ? [group] : []);
}

/** The chunk groups that load the app's own copy of the shared module `key`. */
const providedGroups = (compilation, key) => [...compilation.chunkGroups].filter((g) => g.origins.some((o) => providedKeyOf(o.module) === key));

function filesOf(groups) {
  const files = [...new Set(groups.flatMap((g) => g.chunks.flatMap((c) => [...c.files])))];
  const of = (ext) => files.filter((f) => f.endsWith(ext));
  return { js: { sync: of('.js') }, css: { sync: of('.css') } };
}

module.exports = { RemoteManifestPlugin };
