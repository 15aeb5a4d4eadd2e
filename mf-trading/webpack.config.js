const { createConfig } = require('../webpack.shared');

module.exports = createConfig({
  name: 'mf_trading',
  dir: __dirname,
  port: 3002,
  exposes: { './lifecycles': './src/lifecycles.tsx' },
  title: 'mf-trading',
});
