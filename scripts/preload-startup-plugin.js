// The shell's page asks for every file its start needs at once, instead of learning them from main.js: the
// bootstrap chunk and the shared modules the shell itself uses (React, i18n, @invest/shared…), with their styles,
// and the data the shell fetches first (`fetches`: remotes.json).
// Without it those requests wait for main.js to arrive and run (a round trip and main.js's download on a slow
// link). Shared modules only remotes use (react-router-dom) load with the remote, as before.
const HtmlWebpackPlugin = require('html-webpack-plugin');

const isBootstrap = (origin) => origin.module?.constructor.name === 'JavascriptModule' && origin.request === './bootstrap';
// A provide module keeps its share key in _name, a consume module in options.shareKey.
const shareKeyOf = (origin, type) => (origin.module?.constructor.name === type ? (origin.module._name ?? origin.module.options?.shareKey) : undefined);

function startupFiles(compilation) {
  const groups = [...compilation.chunkGroups];
  const consumed = new Set(groups.flatMap((g) => g.origins.map((o) => shareKeyOf(o, 'ConsumeSharedModule')).filter(Boolean)));
  const wanted = groups.filter((g) => g.origins.some((o) => isBootstrap(o) || consumed.has(shareKeyOf(o, 'ProvideSharedModule'))));
  return [...new Set(wanted.flatMap((g) => g.chunks.flatMap((c) => [...c.files])))].filter((f) => /\.(js|css)$/.test(f));
}

const preloadTag = (attributes) => ({ tagName: 'link', voidTag: true, meta: { plugin: 'PreloadStartupPlugin' }, attributes: { rel: 'preload', ...attributes } });

class PreloadStartupPlugin {
  /** @param {{ fetches?: string[] }} options  URLs the start fetches with fetch() (preloaded as="fetch", CORS mode). */
  constructor({ fetches = [] } = {}) {
    this.fetches = fetches;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PreloadStartupPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartupPlugin', (data) => {
        const base = data.publicPath ?? '/';
        const files = startupFiles(compilation);
        // It reads Module Federation's module classes: fail the build rather than preload only the bootstrap after an
        // upgrade renames them.
        if (files.length < 5) compilation.errors.push(new Error(`PreloadStartupPlugin: only ${files.join(', ')} found to preload; the shared modules are missing (Module Federation internals changed?)`));
        const links = files.map((file) => preloadTag({ href: `${base}${file}`, as: file.endsWith('.css') ? 'style' : 'script' }));
        const fetches = this.fetches.map((href) => preloadTag({ href, as: 'fetch', crossorigin: 'anonymous' }));
        data.headTags.unshift(...fetches, ...links);
        return data;
      });
    });
  }
}

module.exports = { PreloadStartupPlugin };
