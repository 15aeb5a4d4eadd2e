const { createConfig, createLoginPageConfig } = require('../webpack.shared');

// Name, container, port and title come from apps.json. A production build is the shell, then its standalone login
// page; in development the shell serves /login itself.
const shell = createConfig(__dirname);
const loginPage = createLoginPageConfig(__dirname);
module.exports = (env, argv = {}) => (argv.mode === 'development' ? shell(env, argv) : [shell(env, argv), loginPage(env, argv)]);
