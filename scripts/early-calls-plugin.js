// A remote's early calls (src/early-calls.json: the personal GET calls its routes' screens make first; see
// @invest/shared/early-calls) go into its release as early-calls.json, where the page server reads them. A file that
// is not JSON fails the build, rather than a release without them.
const fs = require('node:fs');

const NAME = 'EarlyCallsPlugin';

class EarlyCallsPlugin {
  /** @param {string} file  the remote's src/early-calls.json */
  constructor(file) {
    this.file = file;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.fileDependencies.add(this.file);
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const calls = JSON.parse(fs.readFileSync(this.file, 'utf8'));
        compilation.emitAsset('early-calls.json', new sources.RawSource(JSON.stringify(calls)));
      });
    });
  }
}

module.exports = { EarlyCallsPlugin };
