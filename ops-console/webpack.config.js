const { createConfig } = require('../webpack.shared');

// Name, port, title and base path come from apps.json (a standalone app: a plain bundle served under /ops/).
module.exports = createConfig(__dirname);
