// One factory for every front-end app: an app's own webpack.config.js only passes its folder; the rest comes from
// the manifest (apps.json).
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { DefinePlugin, container, optimize, sharing } = require('webpack');
const { PreloadStartupPlugin } = require('./scripts/preload-startup-plugin');
const { EarlyCallsPlugin } = require('./scripts/early-calls-plugin');
const { RemoteManifestPlugin } = require('./scripts/remote-manifest-plugin');
const { RetryFailedSharesPlugin } = require('./scripts/share/retry-failed-shares');
const { apps } = require('./apps.json');

// ts-loader reads the root tsconfig (its one target, ES2022, is the tests' too); types are checked by `npm run typecheck`.
const TSCONFIG = path.join(__dirname, 'tsconfig.json');

const versionOf = (pkg) => require(`${pkg}/package.json`).version;

/**
 * What must exist once per page, shared as singletons: React, the router and @invest/runtime (the bus, the session,
 * the QueryClient, the i18next instance, the remote lifecycles; rxjs, TanStack Query and react-i18next are bundled
 * inside it). The compatibility rule (README.md): a remote built for another major of @invest/runtime is refused
 * (strictVersion), and its routes show the retry panel; React and the router accept any version of their major.
 */
const SINGLETONS = {
  react: { pkg: 'react' },
  'react/jsx-runtime': { pkg: 'react' },
  'react-dom': { pkg: 'react-dom' },
  'react-dom/client': { pkg: 'react-dom' },
  'react-router-dom': { pkg: 'react-router-dom' },
  '@invest/runtime': { pkg: '@invest/runtime', strict: true },
};

/**
 * Libraries shared by version, not as singletons: a module of one is taken from the page when the page has a version
 * in the app's range (`^` the version it was built with), else the app loads its own copy. Apps built from the same
 * versions therefore load one copy; a remote that needs a newer minor than the shell brought loads its own.
 * The contract's zod schemas and the forms are a module of their own, loaded by the first screen that validates; the
 * user's event stream likewise, loaded by the first screen that shows the balance or the chat. `byFile`: the shell
 * never imports it, so the shell's build provides it by file (webpack provides a file whether or not the build
 * imports it, as a lazy chunk): the remotes that use it take the page's one copy.
 */
const VERSIONED = {
  '@invest/shared': { pkg: '@invest/shared' },
  '@invest/shared/forms': { pkg: '@invest/shared' },
  '@invest/shared/user-events': { pkg: '@invest/shared', byFile: true },
};

/**
 * A shared module is never tree-shaken (any app may ask it for any export), so the router is provided as a module
 * that re-exports only what the apps use (scripts/share/react-router-dom.ts, from react-router's public entry; kept
 * complete by test/share-facades.test.ts): 12 KB instead of 51 KB (brotli). The share key, version and singleton stay
 * the package's.
 */
const SHARE_FACADES = {
  'react-router-dom': path.join(__dirname, 'scripts', 'share', 'react-router-dom.ts'),
};

/** A remote's container: its entry file, and the module (with its chunk's name) the shell mounts it by. */
const REMOTE_ENTRY = 'remoteEntry.js';
const LIFECYCLES = './lifecycles';
const LIFECYCLES_CHUNK = 'lifecycles';

/** The shell's provides of the `byFile` modules (webpack's ProvideSharedPlugin, beside what Module Federation provides). */
function providedByFile() {
  const provides = Object.entries(VERSIONED)
    .filter(([, { byFile }]) => byFile)
    .map(([request, { pkg }]) => [require.resolve(request), { shareKey: request, version: versionOf(pkg) }]);
  return new sharing.ProvideSharedPlugin({ provides: Object.fromEntries(provides) });
}

function sharedScope() {
  const singletons = Object.entries(SINGLETONS).map(([request, { pkg, strict = false }]) => {
    const version = versionOf(pkg);
    const facade = SHARE_FACADES[request] ? { import: SHARE_FACADES[request] } : {};
    return [request, { singleton: true, version, requiredVersion: `^${version}`, strictVersion: strict, ...facade }];
  });
  const versioned = Object.entries(VERSIONED).map(([request, { pkg }]) => {
    const version = versionOf(pkg);
    return [request, { singleton: false, version, requiredVersion: `^${version}`, strictVersion: true }];
  });
  return Object.fromEntries([...singletons, ...versioned]);
}

// Packages shared one module at a time (a file each) that always load together: one file per family (below).
const REACT_FAMILY = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const ROUTER_FAMILY = /[\\/](node_modules[\\/](react-router|react-router-dom)[\\/]|scripts[\\/]share[\\/]react-router-dom\.ts$)/;

/** The folders of `pkgs` and of the packages they depend on, transitively (peers are shared on their own). */
function packageFolders(pkgs, from = __dirname) {
  const folders = new Set();
  const visit = (pkg, base) => {
    const folder = path.dirname(require.resolve(`${pkg}/package.json`, { paths: [base] }));
    if (folders.has(folder)) return;
    folders.add(folder);
    for (const dep of Object.keys(require(path.join(folder, 'package.json')).dependencies ?? {})) visit(dep, folder);
  };
  pkgs.forEach((pkg) => visit(pkg, from));
  return [...folders];
}

/**
 * The shell's page loads every singleton at its start (React, the router, @invest/runtime and the libraries bundled
 * inside it) and @invest/shared's main entry, so the shell's build puts them in one file, `start`: fewer requests
 * (each costs the page's main thread work to ask for and to take in, even from the service worker's cache), and one
 * brotli window compresses them smaller than a file each does. Singletons are matched by package folder, dependencies
 * included; @invest/shared by the chunk it is provided from (its lazy entries, such as the form rules, stay apart).
 * A remote keeps a file per family: it loads its own copy only of what the page lacks. The shell's bootstrap chunk
 * stays apart: joined with the shared modules it consumes, it waited for its own download and the page never started.
 */
const SINGLETON_FOLDERS = packageFolders(new Set(Object.values(SINGLETONS).map((s) => s.pkg)));
const isSingletonModule = (module) => {
  const file = module.nameForCondition();
  return Boolean(file) && (ROUTER_FAMILY.test(file) || SINGLETON_FOLDERS.some((folder) => file.startsWith(`${folder}${path.sep}`)));
};
const SHARED_INDEX = require.resolve('@invest/shared');
/** Whether a chunk holds @invest/shared's main entry; asked for every module of the build, so read once per chunk. */
const holdsSharedIndex = new WeakMap();
const chunkHoldsSharedIndex = (chunk, chunkGraph) => {
  if (!holdsSharedIndex.has(chunk)) holdsSharedIndex.set(chunk, [...chunkGraph.getChunkModulesIterable(chunk)].some((m) => m.nameForCondition() === SHARED_INDEX));
  return holdsSharedIndex.get(chunk);
};
/** A module of the chunk @invest/shared's main entry is provided from. */
const isSharedIndexModule = (module, { chunkGraph }) => [...chunkGraph.getModuleChunksIterable(module)].some((chunk) => chunkHoldsSharedIndex(chunk, chunkGraph));
const isStartModule = (module, context) => isSingletonModule(module) || isSharedIndexModule(module, context);

const SHARED_DIR = path.join(__dirname, 'shared');

/** Webpack's file cache for one of an app's builds: warm rebuilds reuse everything a change did not touch. */
const fileCache = (dir, name) => ({
  type: 'filesystem',
  cacheDirectory: path.join(dir, 'node_modules', '.cache', name),
  buildDependencies: { config: [__filename, path.join(dir, 'webpack.config.js'), path.join(__dirname, 'apps.json'), TSCONFIG, path.join(__dirname, 'tsconfig.base.json')] },
});

const RESOLVE = { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] };

/** The loaders of a CSS file whose module classes are named `${name}_…` (salted with `name`). */
function cssLoaders(name, production) {
  return [
    // Production: CSS as .css files beside their chunks (loaded in parallel with the chunk's JS, parsed by
    // the CSS parser, cached on their own) instead of strings that JS must evaluate and inject.
    production ? MiniCssExtractPlugin.loader : 'style-loader',
    {
      loader: 'css-loader',
      options: {
        // Its default follows `devtool`, which in production inlined each file's map (sources included)
        // into the JS as a string: twice the bytes of the CSS itself. The JS maps stay.
        sourceMap: !production,
        modules: {
          auto: /\.module\.css$/,
          // Prefix + salt: two apps with the same file and class names never collide on one page.
          localIdentName: production ? `${name}_[hash:base64:6]` : `${name}_[name]_[local]`,
          localIdentHashSalt: name,
          namedExport: false,
          exportLocalsConvention: 'as-is',
        },
      },
    },
  ];
}

/**
 * TypeScript, CSS (modules named per app) and small images; `name` prefixes and salts the CSS class names.
 * `sharedName` names @invest/shared's classes as another app's build does: a remote's prerender (Node) names them as
 * the shell, which provides @invest/shared on the page.
 */
function rules(name, production, sharedName = name) {
  const css = (prefix, where) => ({ test: /\.css$/, ...where, use: cssLoaders(prefix, production) });
  return [
    {
      test: /\.[cm]?tsx?$/,
      exclude: /node_modules/,
      use: {
        loader: 'ts-loader',
        options: {
          configFile: TSCONFIG,
          transpileOnly: true,
          compilerOptions: { jsx: production ? 'react-jsx' : 'react-jsxdev', sourceMap: true },
        },
      },
    },
    ...(sharedName === name ? [css(name, {})] : [css(sharedName, { include: SHARED_DIR }), css(name, { exclude: SHARED_DIR })]),
    { test: /\.(png|jpe?g|svg|webp)$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 4096 } } },
  ];
}

function compressedCopies() {
  const test = /\.(js|css|html|json|svg)$/;
  return [
    new CompressionPlugin({ test, algorithm: 'gzip', filename: '[path][base].gz', threshold: 1024, minRatio: 0.9 }),
    new CompressionPlugin({
      test,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
      threshold: 1024,
      minRatio: 0.9,
    }),
  ];
}

/**
 * @param {string} dir  the app's folder (__dirname of its webpack.config.js), named in apps.json. A remote (an app
 *   with a `short` name) exposes its single-spa lifecycles as ./lifecycles; a `standalone` app is a page of its own.
 */
function createConfig(dir) {
  const app = apps.find((a) => a.dir === path.basename(dir));
  if (!app) throw new Error(`${path.basename(dir)} is not in apps.json`);
  if (app.standalone) return createStandaloneConfig(dir, app);
  const { container: name, port, title } = app;
  const exposes = app.short ? { [LIFECYCLES]: { import: './src/lifecycles.tsx', name: LIFECYCLES_CHUNK } } : undefined;
  const isRemote = Boolean(exposes);
  const prerenders = isRemote && fs.existsSync(path.join(dir, 'src', 'prerender.tsx'));
  const earlyCalls = path.join(dir, 'src', 'early-calls.json');
  return (_env, argv = {}) => {
    const production = argv.mode !== 'development';
    const browser = browserConfig(production);
    // A remote that prerenders a route's first frame builds it for Node after its browser build (into its dist).
    return production && prerenders ? [browser, createPrerenderConfig(dir, name)] : browser;
  };

  function browserConfig(production) {
    return {
      name,
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // Remotes are served under a path ops choose (remotes.json), so they locate their chunks at run time.
        publicPath: isRemote ? 'auto' : '/',
        // A remote's entry keeps its name (its standalone page, remoteEntry.js beside it). The shell's production entry
        // is hashed like its chunks: the page names it, so a returning visit runs it from the cache without a round trip.
        filename: production && !isRemote ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: '[name].[contenthash:8].js',
        uniqueName: name,
        clean: true,
      },
      cache: fileCache(dir, 'webpack'),
      resolve: RESOLVE,
      module: { rules: rules(name, production) },
      plugins: [
        new container.ModuleFederationPlugin({
          name,
          filename: REMOTE_ENTRY,
          exposes: exposes ?? {},
          shared: sharedScope(),
        }),
        ...(isRemote ? [] : [providedByFile()]),
        // A shared module whose download failed is fetched again on the next try (see the file).
        new RetryFailedSharesPlugin(),
        new RemoteManifestPlugin({ name, entry: REMOTE_ENTRY, shared: sharedScope(), exposes: exposes ? { [LIFECYCLES]: LIFECYCLES_CHUNK } : {} }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'shared', 'index.html'),
          title,
          chunks: ['main'],
          // The standalone page is served at the dev server's root, so deep links need absolute script URLs.
          publicPath: '/',
        }),
        // The shell's page asks for its start-up files and the router every remote routes with, with the HTML (the
        // page server puts remotes.json in the page itself: web/src/page.ts).
        ...(production && !isRemote ? [new PreloadStartupPlugin({ shares: ['react-router-dom'] })] : []),
        // Hashed names, the entry's too: only the entry files of @invest/web are revalidated.
        ...(production ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' })] : []),
        // Pre-compressed copies (brotli, gzip): the server picks one per request, no CPU spent per download.
        ...(production ? compressedCopies() : []),
        ...(isRemote && fs.existsSync(earlyCalls) ? [new EarlyCallsPlugin(earlyCalls)] : []),
      ],
      // React and React DOM are shared module by module, a file each, yet every page's start needs them all: one
      // file instead of four (fewer requests and headers, one brotli window); the router likewise, and in the
      // shell all its start shares (isStartModule). Each module is still provided and negotiated on its own.
      // A remote's lifecycles chunk is never split: the code the shell mounts it by comes as one file (what it
      // shares with the remote's standalone page is that page's to carry too).
      optimization: production
        ? {
            splitChunks: {
              ...(isRemote ? { chunks: (chunk) => chunk.name !== LIFECYCLES_CHUNK } : {}),
              cacheGroups: isRemote
                ? {
                    react: { test: REACT_FAMILY, name: 'react', chunks: 'async', enforce: true },
                    router: { test: ROUTER_FAMILY, name: 'router', chunks: 'async', enforce: true },
                  }
                : { start: { test: isStartModule, name: 'start', chunks: 'async', enforce: true } },
            },
          }
        : {},
      performance: { hints: false },
      devServer: {
        port,
        historyApiFallback: true,
        hot: false,
        // Compression buffers server-sent events (the quote stream); on localhost it buys nothing.
        compress: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api'], target: process.env.API_URL ?? 'http://localhost:8080', changeOrigin: true }],
      },
      stats: 'errors-warnings',
    };
  }
}

/**
 * A remote's prerender (src/prerender.tsx, a `definePrerender` of its routes) built for Node into dist/server, which
 * the web server runs (@invest/web's first-frame.ts) and never serves. Its CSS classes are named as on the page: the
 * remote's own as its browser build names them, @invest/shared's as the shell's build does (the shell provides it).
 */
function createPrerenderConfig(dir, name) {
  const shell = apps[0];
  return {
    name: `${name}-prerender`,
    // After the browser build, which cleans dist.
    dependencies: [name],
    mode: 'production',
    target: 'node',
    context: dir,
    entry: { prerender: './src/prerender.tsx' },
    devtool: false,
    output: { path: path.join(dir, 'dist', 'server'), filename: '[name].js', library: { type: 'commonjs2' }, clean: true },
    cache: fileCache(dir, 'webpack-prerender'),
    resolve: RESOLVE,
    module: { rules: rules(name, true, shell.container) },
    plugins: [
      // One file, its CSS one sheet: a lazy screen can be prerendered too.
      new optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new MiniCssExtractPlugin({ filename: '[name].css' }),
    ],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * A standalone app of apps.json (the operators' console): a page of its own under `app.base`, never composed with
 * the shell, so a plain bundle: no federation runtime, no share scope. It brings its own copies of React, the router
 * and @invest/runtime (its session, QueryClient and i18n instance are the page's). Every file but the page carries
 * a content hash; lazy screens load from under the base.
 */
function createStandaloneConfig(dir, app) {
  const { container: name, port, title, base } = app;
  return (_env, argv = {}) => {
    const production = argv.mode !== 'development';
    return {
      name,
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.tsx' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: base,
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: '[name].[contenthash:8].js',
        uniqueName: name,
        clean: true,
      },
      cache: fileCache(dir, 'webpack'),
      resolve: RESOLVE,
      module: { rules: rules(name, production) },
      plugins: [
        new HtmlWebpackPlugin({ template: path.join(__dirname, 'shared', 'index.html'), title, chunks: ['main'], publicPath: base }),
        ...(production ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' })] : []),
        ...(production ? compressedCopies() : []),
      ],
      performance: { hints: false },
      devServer: {
        port,
        // Client routes under the base get the page; the dev server serves the build under the same base.
        historyApiFallback: { index: `${base}index.html` },
        devMiddleware: { publicPath: base },
        open: base,
        hot: false,
        compress: false,
        proxy: [{ context: ['/api'], target: process.env.API_URL ?? 'http://localhost:8080', changeOrigin: true }],
      },
      stats: 'errors-warnings',
    };
  };
}

/** The files the shell's page loads at its start: its scripts, style sheets and preloads, read off its built (minified) HTML. */
function shellStartFiles(dist) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  return [...new Set([...html.matchAll(/(?:src|href)=["']?(\/[^"'\s>]+\.(?:js|css))(?=["'\s>])/g)].map((m) => m[1]))];
}

/**
 * The shell's standalone login page (shell/src/loginPage), production only: one plain bundle, no federation runtime,
 * no shared modules, no router, no query client, for the first page of a logged-out visit (its byte budget: ≤ 120 KB).
 * Built after the shell into the same folder (the shell's build cleans it first), since it prefetches the shell's
 * start files, read off the shell's page, once the user starts on the form. Served at /login by @invest/web.
 * `dist`: the shell's build folder, when it is not the app's own (the web benchmark's one-bundle build).
 */
function createLoginPageConfig(dir, dist = path.join(dir, 'dist')) {
  const shell = apps[0];
  return () => ({
    name: 'login-page',
    dependencies: [shell.container],
    mode: 'production',
    context: dir,
    entry: { login: './src/loginPage/index.tsx' },
    devtool: 'source-map',
    output: {
      path: dist,
      publicPath: '/',
      filename: 'login.[contenthash:8].js',
      chunkFilename: 'login-[name].[contenthash:8].js',
      uniqueName: 'login_page',
      clean: false,
    },
    cache: fileCache(dir, 'webpack-login-page'),
    resolve: RESOLVE,
    module: { rules: rules(shell.container, true) },
    plugins: [
      new DefinePlugin({ __SHELL_START_FILES__: DefinePlugin.runtimeValue(() => JSON.stringify(shellStartFiles(dist)), true) }),
      new HtmlWebpackPlugin({ template: path.join(__dirname, 'shared', 'index.html'), filename: 'login.html', title: shell.title, chunks: ['login'], publicPath: '/' }),
      new MiniCssExtractPlugin({ filename: 'login.[contenthash:8].css', chunkFilename: 'login-[name].[contenthash:8].css' }),
      ...compressedCopies(),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  });
}

/**
 * iframe.html, the embeddable chart of one instrument (shell/src/embed; @invest/web decides who may frame it),
 * production only: one plain bundle like the login page's, built after the shell into its folder, never loaded by the
 * investor's app. Its chart library is a chunk of its own, loaded as the chart draws.
 */
function createEmbedPageConfig(dir) {
  const shell = apps[0];
  return () => ({
    name: 'embed-page',
    dependencies: [shell.container],
    mode: 'production',
    context: dir,
    entry: { embed: './src/embed/index.tsx' },
    devtool: 'source-map',
    output: {
      path: path.join(dir, 'dist'),
      publicPath: '/',
      filename: 'embed.[contenthash:8].js',
      chunkFilename: 'embed-[name].[contenthash:8].js',
      uniqueName: 'embed_page',
      clean: false,
    },
    cache: fileCache(dir, 'webpack-embed-page'),
    resolve: RESOLVE,
    module: { rules: rules(shell.container, true) },
    plugins: [
      new HtmlWebpackPlugin({ template: path.join(__dirname, 'shared', 'index.html'), filename: 'iframe.html', title: shell.title, chunks: ['embed'], publicPath: '/' }),
      new MiniCssExtractPlugin({ filename: 'embed.[contenthash:8].css', chunkFilename: 'embed-[name].[contenthash:8].css' }),
      ...compressedCopies(),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  });
}

/**
 * The service worker that lets the app open offline (shell/src/offline/sw.ts, with Workbox's modules), production
 * only: one file, `sw.js`, at the root of the shell's folder (its scope is the whole app), built after the shell. Its
 * name carries no hash: a browser looks for a new worker at that one URL (served revalidated by @invest/web).
 */
function createServiceWorkerConfig(dir, dist = path.join(dir, 'dist')) {
  const shell = apps[0];
  return () => ({
    name: 'service-worker',
    dependencies: [shell.container],
    mode: 'production',
    target: 'webworker',
    context: dir,
    entry: { sw: './src/offline/sw.ts' },
    devtool: 'source-map',
    output: { path: dist, publicPath: '/', filename: 'sw.js', uniqueName: 'service_worker', clean: false },
    cache: fileCache(dir, 'webpack-service-worker'),
    resolve: RESOLVE,
    module: { rules: rules(shell.container, true) },
    plugins: compressedCopies(),
    performance: { hints: false },
    stats: 'errors-warnings',
  });
}

module.exports = { createConfig, createLoginPageConfig, createEmbedPageConfig, createServiceWorkerConfig, SINGLETONS, SHARE_FACADES };
