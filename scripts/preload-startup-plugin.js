// The shell's page asks for every file its start needs at once, instead of learning them from main.js: the
// bootstrap chunk and the shared modules the shell itself uses (React, i18n, @invest/shared…), with their styles.
// Without it those requests wait for main.js to arrive and run (a round trip and main.js's download on a slow
// link). `shares` adds shared modules the shell provides but only its remotes use, when every page needs them
// (react-router-dom: each remote routes with it); other shared modules load with the remote that asks.
// main.js itself is asked for first and at high priority: Chrome otherwise holds a deferred script (low priority)
// until the preloads are in, and everything the start does waits for main.js.
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { providedKeyOf } = require('./share/provided-key');

// Modules are told apart by their public `type` (webpack's module types: `javascript/auto`, `consume-shared-module`,
// `provide-module`).
const isBootstrap = (origin) => String(origin.module?.type ?? '').startsWith('javascript/') && origin.request === './bootstrap';
// A module's share key: a provide module's (provided-key.js), a consume module's options.
function shareKeyOf(origin, type) {
  const { module } = origin;
  if (module?.type !== type) return undefined;
  return type === 'consume-shared-module' ? module.options?.shareKey : providedKeyOf(module);
}

const consumesOf = (compilation, groups) =>
  groups
    .flatMap((g) => g.chunks)
    .flatMap((c) => [...compilation.chunkGraph.getChunkModulesIterable(c)])
    .map((module) => shareKeyOf({ module }, 'consume-shared-module'))
    .filter(Boolean);

/** The chunk groups `start` needs: themselves, the shared modules they consume, what those consume in turn. */
function withConsumes(compilation, groups, start) {
  const wanted = [...start];
  const consumed = new Set();
  for (let added = consumesOf(compilation, wanted); added.length; ) {
    added.forEach((key) => consumed.add(key));
    const more = groups.filter((g) => !wanted.includes(g) && g.origins.some((o) => consumed.has(shareKeyOf(o, 'provide-module'))));
    wanted.push(...more);
    added = consumesOf(compilation, more).filter((key) => !consumed.has(key));
  }
  return wanted;
}

/** The files of the shell's start, and how many shared modules' chunk groups were found for it. */
function startupFiles(compilation, shares) {
  const groups = [...compilation.chunkGroups];
  // The bootstrap chunks and what they consume: only the start's (a lazy screen's own shared module, such as the
  // form rules, loads with that screen). Then the shares every page needs, after the shell's own start.
  const bootstrap = groups.filter((g) => g.origins.some(isBootstrap));
  const start = withConsumes(compilation, groups, bootstrap);
  const extra = withConsumes(compilation, groups, groups.filter((g) => g.origins.some((o) => shares.includes(shareKeyOf(o, 'provide-module')))));
  const files = [...new Set([...start, ...extra].flatMap((g) => g.chunks.flatMap((c) => [...c.files])))].filter((f) => /\.(js|css)$/.test(f));
  return { files, sharedGroups: start.length - bootstrap.length };
}

const preloadTag = (attributes) => ({ tagName: 'link', voidTag: true, meta: { plugin: 'PreloadStartupPlugin' }, attributes: { rel: 'preload', ...attributes } });

class PreloadStartupPlugin {
  /**
   * @param {{ shares?: string[] }} options  `shares`: share keys every page needs beyond the shell's own start.
   */
  constructor({ shares = [] } = {}) {
    this.shares = shares;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PreloadStartupPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartupPlugin', (data) => {
        const base = data.publicPath ?? '/';
        const { files, sharedGroups } = startupFiles(compilation, this.shares);
        // It reads Module Federation's module types: fail the build rather than preload only the bootstrap after an
        // upgrade renames them.
        if (!sharedGroups) compilation.errors.push(new Error(`PreloadStartupPlugin: only ${files.join(', ')} found to preload; the shared modules are missing (Module Federation internals changed?)`));
        const links = files.map((file) => preloadTag({ href: `${base}${file}`, as: file.endsWith('.css') ? 'style' : 'script' }));
        const entries = data.headTags.filter((tag) => tag.tagName === 'script');
        for (const tag of entries) tag.attributes.fetchpriority = 'high';
        data.headTags = [...entries, ...links, ...data.headTags.filter((tag) => !entries.includes(tag))];
        return data;
      });
    });
  }
}

module.exports = { PreloadStartupPlugin };
