const { createConfig } = require('../webpack.shared');

// Name, container, port and title come from apps.json.
module.exports = createConfig(__dirname);
