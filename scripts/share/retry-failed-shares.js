// A shared module whose download failed (offline, a deploy in between) is fetched again on the next try. Webpack's
// consume runtime forgets the failed load but keeps the module marked as started, so every later load of a chunk that
// needs it skips the download and the module throws the first error for good (webpack/webpack#19351, open in 5.113):
// a screen first opened offline would stay broken until the page reloads. This plugin adds the missing reset to that
// runtime's error path, through webpack's public hook for runtime modules. It fails the build if webpack's runtime
// no longer reads as expected, rather than ship without the reset.
const NAME = 'RetryFailedSharesPlugin';

/** The consume runtime's error path, and what it becomes. */
const FORGET_FAILED = 'delete installedModules[id];';
const FORGET_FAILED_AND_RETRY = `${FORGET_FAILED}\ndelete startedInstallModules[id];`;

class RetryFailedSharesPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.runtimeModule.tap(NAME, (module) => {
        if (module.name !== 'consumes') return;
        const generate = module.generate.bind(module);
        module.generate = () => {
          const code = generate();
          if (!code) return code;
          const found = code.split(FORGET_FAILED).length - 1;
          const tracked = code.includes('startedInstallModules = {}');
          // Without chunk loading there is nothing to retry (no `startedInstallModules`).
          if (!tracked) return code;
          if (found !== 1) {
            compilation.errors.push(new Error(`${NAME}: webpack's consume runtime changed (${found} × "${FORGET_FAILED}"); check webpack/webpack#19351 and update the plugin`));
            return code;
          }
          return code.replace(FORGET_FAILED, FORGET_FAILED_AND_RETRY);
        };
      });
    });
  }
}

module.exports = { RetryFailedSharesPlugin };
