const { createConfig } = require('../webpack.shared');

module.exports = createConfig({
  name: 'mf_account',
  dir: __dirname,
  port: 3005,
  exposes: { './lifecycles': './src/lifecycles.tsx' },
  title: 'mf-account',
});
