const { createConfig } = require('../webpack.shared');

module.exports = createConfig({
  name: 'mf_wallet',
  dir: __dirname,
  port: 3003,
  exposes: { './lifecycles': './src/lifecycles.tsx' },
  title: 'mf-wallet',
});
