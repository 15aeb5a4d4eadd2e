// Jest across all workspaces: one project per package, each in its own environment.
const { apps } = require('./apps.json');
const { compilerOptions } = require('./tsconfig.base.json');

// SWC, not ts-jest: it transpiles several times faster and type-checking is `npm run typecheck`'s job. It compiles
// to the same target as the web builds (ts-loader reads tsconfig.base.json too), so tests run the code browsers get.
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: compilerOptions.target.toLowerCase(),
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];

/** `dir` is the package's folder; `test` is the repository-wide checks in the root's test/ folder. */
const project = (dir, environment, extra = {}) => ({
  displayName: dir,
  rootDir: `<rootDir>/${dir}`,
  testEnvironment: environment,
  transform: { '^.+\\.(t|j|mj|cj)sx?$': swc },
  // Some dependencies ship ES modules only; let SWC turn them into CommonJS for Jest.
  transformIgnorePatterns: ['/node_modules/(?!(nanoid|idb|beasties|css-select|css-what|dom-serializer|domelementtype|domhandler|domutils|htmlparser2|entities|boolbase|nth-check|@electric-sql|light-my-request|@fastify/cookie|cookie|content-disposition|@fastify/static/node_modules/content-disposition|file-type|strtok3|token-types|uint8array-extras|@tokenizer|@borewit|@tanstack/(?:react-table|table-core|react-store|store))/)'],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/../shared/test/style-mock.js',
    '^lightweight-charts$': '<rootDir>/../shared/test/lightweight-charts-mock.js',
    // file-type exports only `import` conditions; Jest's CommonJS resolver needs its file named.
    '^file-type$': '<rootDir>/../node_modules/file-type/index.js',
  },
  testMatch: ['<rootDir>/**/*.test.ts?(x)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  setupFiles: environment === 'jsdom' ? ['<rootDir>/../shared/test/jsdom-setup.js'] : [],
  ...extra,
});

module.exports = {
  // API suites open databases and hash passwords (argon2id at OWASP cost): give them room.
  testTimeout: 30_000,
  projects: [
    project('runtime', 'jsdom'),
    project('shared', 'jsdom'),
    project('api', 'node'),
    project('web', 'node'),
    ...apps.map((app) => project(app.dir, 'jsdom')),
    project('test', 'jsdom'),
  ],
};
