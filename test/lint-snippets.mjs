// Lints code snippets as if they were files of the repository, with the repository's eslint.config.mjs.
// Input (stdin): [{ code, filePath }]; output (stdout): for each, the ids of the rules it broke ('fatal' for a
// snippet that does not parse).
// A separate process because Jest's module sandbox cannot load the ES-module config ESLint imports.
import { ESLint } from 'eslint';
import { text } from 'node:stream/consumers';

const cases = JSON.parse(await text(process.stdin));
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });
const results = [];
for (const { code, filePath } of cases) {
  const [result] = await eslint.lintText(code, { filePath });
  results.push(result.messages.map((m) => (m.fatal ? 'fatal' : m.ruleId)));
}
process.stdout.write(JSON.stringify(results));
