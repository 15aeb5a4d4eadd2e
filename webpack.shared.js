// One factory for every front-end app: an app's own webpack.config.js only passes its folder; the rest comes from
// the manifest (apps.json).
const path = require('node:path');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { PreloadStartupPlugin } = require('./scripts/preload-startup-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { apps } = require('./apps.json');

// ts-loader reads the root tsconfig (its one target, ES2022, is the tests' too); types are checked by `npm run typecheck`.
const TSCONFIG = path.join(__dirname, 'tsconfig.json');

const versionOf = (pkg) => require(`${pkg}/package.json`).version;

// Everything that must exist once per page: one React, one router, one bus, one session, one i18n instance.
// TanStack Query is not among them: only @invest/shared imports it (a lint boundary keeps it so), so it is bundled
// inside that singleton, tree-shaken to what its hooks use, and the page still has one QueryClient and one cache.
const SINGLETONS = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  'react-router-dom': 'react-router-dom',
  rxjs: 'rxjs',
  i18next: 'i18next',
  'react-i18next': 'react-i18next',
  '@invest/shared': '@invest/shared',
};

/**
 * A shared module is never tree-shaken (any app may ask it for any export), so these packages are provided as a
 * module that re-exports only what the apps use (scripts/share/, kept complete by test/share-facades.test.ts):
 * react-router-dom ships 12 KB instead of 51 KB (brotli), rxjs 3 KB instead of 16 KB, react-i18next 2 KB instead of 9.
 * The share key, version and singleton stay the package's.
 */
const SHARE_FACADES = {
  'react-router-dom': path.join(__dirname, 'scripts', 'share', 'react-router-dom.ts'),
  rxjs: path.join(__dirname, 'scripts', 'share', 'rxjs.ts'),
  'react-i18next': path.join(__dirname, 'scripts', 'share', 'react-i18next.mjs'),
};

function sharedScope() {
  return Object.fromEntries(
    Object.entries(SINGLETONS).map(([request, pkg]) => {
      const version = versionOf(pkg);
      const facade = SHARE_FACADES[request] ? { import: SHARE_FACADES[request] } : {};
      return [request, { singleton: true, version, requiredVersion: `^${version}`, strictVersion: false, ...facade }];
    }),
  );
}

/**
 * One federation runtime per page: the shell's build carries it and publishes it (what provideExternalRuntime does);
 * a remote's production build expects it there (externalRuntime), so its remoteEntry.js is 8 KB instead of 24 KB
 * (brotli). A remote's production build therefore runs only inside the shell; its dev server (`npm run dev -w
 * mf-<name>`, standalone) keeps its own runtime. Web-only code paths everywhere (target: 'web').
 */
function runtimeOptions(isRemote, production) {
  const experiments = { optimization: { target: 'web' } };
  if (!production) return { experiments };
  if (isRemote) return { experiments: { ...experiments, externalRuntime: true } };
  // What `provideExternalRuntime: true` adds, but the plugin's ES module: the option requires its CommonJS build,
  // which pulls in a second, CommonJS copy of the runtime (+7 KB brotli).
  const esm = require.resolve('@module-federation/inject-external-runtime-core-plugin').replace(/\.cjs$/, '.js');
  return { experiments, runtimePlugins: [esm] };
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
 *   with a `short` name) exposes its single-spa lifecycles as ./lifecycles.
 */
function createConfig(dir) {
  const app = apps.find((a) => a.dir === path.basename(dir));
  if (!app) throw new Error(`${path.basename(dir)} is not in apps.json`);
  const { container: name, port, title } = app;
  const exposes = app.short ? { './lifecycles': './src/lifecycles.tsx' } : undefined;
  const isRemote = Boolean(exposes);
  return (_env, argv = {}) => {
    const production = argv.mode !== 'development';
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // Remotes are served under a path ops choose (remotes.json), so they locate their chunks at run time.
        publicPath: isRemote ? 'auto' : '/',
        filename: '[name].js',
        // Hashes only on chunks: the MF runtime needs stable entry names.
        chunkFilename: '[name].[contenthash:8].js',
        uniqueName: name,
        clean: true,
      },
      // Warm rebuilds (a change in one app or in @invest/shared) reuse everything else.
      cache: {
        type: 'filesystem',
        cacheDirectory: path.join(dir, 'node_modules', '.cache', 'webpack'),
        buildDependencies: { config: [__filename, path.join(dir, 'webpack.config.js'), path.join(__dirname, 'apps.json'), TSCONFIG, path.join(__dirname, 'tsconfig.base.json')] },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
        // The react-i18next facade imports the package's files, which its exports map does not list.
        alias: { 'react-i18next-files': path.join(path.dirname(require.resolve('react-i18next/package.json')), 'dist', 'es') },
      },
      module: {
        rules: [
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
          {
            test: /\.css$/,
            use: [
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
            ],
          },
          { test: /\.(png|jpe?g|svg|webp)$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 4096 } } },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: exposes ?? {},
          shared: sharedScope(),
          // Fetch a remote's entry only when its route opens, and reuse whatever is already loaded.
          shareStrategy: 'loaded-first',
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
          ...runtimeOptions(isRemote, production),
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'shared', 'index.html'),
          title,
          chunks: ['main'],
          // The standalone page is served at the dev server's root, so deep links need absolute script URLs.
          publicPath: '/',
        }),
        // The shell's page asks for its start-up files and remotes.json (the shell's first fetch) with the HTML.
        ...(production && !isRemote ? [new PreloadStartupPlugin({ fetches: ['/remotes.json'] })] : []),
        // Hashed names, the entry's too: only the entry files of scripts/web.ts are revalidated.
        ...(production ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' })] : []),
        // Pre-compressed copies (brotli, gzip): the server picks one per request, no CPU spent per download.
        ...(production ? compressedCopies() : []),
      ],
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
  };
}

module.exports = { createConfig, SINGLETONS, SHARE_FACADES };
