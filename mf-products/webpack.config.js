const { createConfig } = require('../webpack.shared');

module.exports = createConfig({
  name: 'mf_products',
  dir: __dirname,
  port: 3004,
  exposes: { './lifecycles': './src/lifecycles.tsx' },
  title: 'mf-products',
});
