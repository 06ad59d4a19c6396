// The ESLint adapter's cost on files that do not use the SDK, as in an
// editor: the same files linted by ESLint's Linter with typescript-eslint's
// parser, with and without toolgate's rules; the difference per file is
// toolgate's. Parses are counted where toolgate's TypeScript front end starts
// one (a TypeScriptProject analysis): none should happen.
//   node bench/adapter-cost.mjs <folder> <repo> [rounds]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [folder, repo, rounds = '5'] = process.argv.slice(2);
const load = (file) => import(pathToFileURL(path.join(repo, file)).href);
const { ESLint } = await load('node_modules/eslint/lib/api.js');
const tsParser = (await load('node_modules/@typescript-eslint/parser/dist/index.js')).default;
const toolgate = (await load('dist/src/index.js')).default;
const { TypeScriptProject } = await load('dist/src/frontends/typescript/project.js');

let parses = 0;
const analyse = TypeScriptProject.prototype.analyse;
TypeScriptProject.prototype.analyse = function (...args) {
  parses++;
  return analyse.apply(this, args);
};

const files = readdirSync(folder, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
  .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
  .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
  .filter(({ text }) => !text.includes('@anthropic-ai/'));

const base = { files: ['**/*.ts'], languageOptions: { parser: tsParser } };
/** Seconds to lint every file once with `config`; the fastest of a few rounds (the first warms the JIT). */
async function lintAll(config) {
  const eslint = new ESLint({ cwd: folder, overrideConfigFile: true, overrideConfig: config });
  let best = Infinity;
  for (let round = 0; round < Number(rounds); round++) {
    const started = performance.now();
    for (const { file, text } of files) await eslint.lintText(text, { filePath: file });
    best = Math.min(best, (performance.now() - started) / 1000);
  }
  return best;
}
const parserOnly = await lintAll([base]);
parses = 0;
const withToolgate = await lintAll([base, toolgate.configs.strict]);
const perFile = (seconds) => (seconds / files.length) * 1e6;
console.log(
  JSON.stringify({
    files: files.length,
    parses,
    parserMicroseconds: perFile(parserOnly),
    toolgateMicroseconds: Math.max(0, perFile(withToolgate - parserOnly)),
  }),
);
