const { createConfig } = require('../webpack.shared');

module.exports = createConfig({ name: 'shell', dir: __dirname, port: 3000, title: 'Invest' });
