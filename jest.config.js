// Jest across all workspaces: one project per package, each in its own environment.
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];

const project = (name, environment, extra = {}) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: environment,
  transform: { '^.+\\.(t|j|mj|cj)sx?$': swc },
  // Some dependencies ship ES modules only; let SWC turn them into CommonJS for Jest.
  transformIgnorePatterns: ['/node_modules/(?!(nanoid|idb|@electric-sql|light-my-request|cookie|content-disposition|@fastify/static/node_modules/content-disposition)/)'],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/../shared/test/style-mock.js',
    '^react-apexcharts(.*)$': '<rootDir>/../shared/test/apexcharts-mock.js',
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
    project('shared', 'jsdom'),
    project('api', 'node'),
    project('shell', 'jsdom'),
    project('mf-markets', 'jsdom'),
    project('mf-trading', 'jsdom'),
    project('mf-wallet', 'jsdom'),
    project('mf-products', 'jsdom'),
    project('mf-account', 'jsdom'),
  ],
};
