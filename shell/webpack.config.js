const { createConfig, createEmbedPageConfig, createLoginPageConfig, createServiceWorkerConfig } = require('../webpack.shared');

// Name, container, port and title come from apps.json. A production build is the shell, then its standalone login
// page, iframe.html and the service worker; in development the shell serves /login itself, and neither of the others
// exists (a service worker would keep serving what the dev server rebuilt).
const shell = createConfig(__dirname);
const after = [createLoginPageConfig(__dirname), createEmbedPageConfig(__dirname), createServiceWorkerConfig(__dirname)];
module.exports = (env, argv = {}) => (argv.mode === 'development' ? shell(env, argv) : [shell(env, argv), ...after.map((config) => config(env, argv))]);
