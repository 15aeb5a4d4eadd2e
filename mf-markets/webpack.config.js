const { createConfig } = require('../webpack.shared');

module.exports = createConfig({
  name: 'mf_markets',
  dir: __dirname,
  port: 3001,
  exposes: { './lifecycles': './src/lifecycles.tsx' },
  title: 'mf-markets',
});
