import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './support.js';

// Start-up is part of every scan's time (docs/performance.md): what a plain
// scan does not use is imported where it is used. Checked on the built CLI in
// a fresh process, with a loader hook that lists every ES module loaded, and
// require.cache, read at exit, the CommonJS ones.
const bin = path.join(repoRoot, 'dist/bin/toolgate.js');
const work = mkdtempSync(path.join(tmpdir(), 'toolgate-start-up-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Loader hooks run on a thread of their own: their console output can be cut
// off at exit, so each load is appended to a file before the module runs.
const hooks = path.join(work, 'hooks.mjs');
writeFileSync(
  hooks,
  "import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) {\n  appendFileSync(process.env.TOOLGATE_LOAD_LOG, `loaded ${url}\\n`);\n  return next(url, context);\n}\n",
);
const preload = path.join(work, 'preload.mjs');
writeFileSync(
  preload,
  `import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';
register(${JSON.stringify(pathToFileURL(hooks).href)});
const cache = createRequire(import.meta.url).cache;
process.on('exit', () => { for (const file of Object.keys(cache)) appendFileSync(process.env.TOOLGATE_LOAD_LOG, \`loaded \${pathToFileURL(file).href}\\n\`); });
`,
);

/** The modules of toolgate and its dependencies that `toolgate <args>` loads, relative to the repository. */
function modulesLoadedBy(args: string[], cwd: string): string[] {
  const log = path.join(mkdtempSync(path.join(work, 'log-')), 'loaded.txt');
  writeFileSync(log, '');
  const run = spawnSync(process.execPath, ['--import', pathToFileURL(preload).href, bin, ...args], { cwd, encoding: 'utf8', timeout: 900_000, env: { ...process.env, TOOLGATE_LOAD_LOG: log } });
  const loaded = [...readFileSync(log, 'utf8').matchAll(/^loaded (file:\S+)$/gm)].map(([, url]) => path.relative(repoRoot, new URL(url!).pathname));
  expect(loaded.length, run.stderr).toBeGreaterThan(0);
  return loaded;
}

describe('start-up', () => {
  it('loads neither the other commands, the other formatters nor ajv for a scan without a config file', () => {
    expect(existsSync(bin), `${bin} is missing: run \`npm run build\` first`).toBe(true);
    const empty = mkdtempSync(path.join(work, 'empty-'));
    const loaded = modulesLoadedBy(['scan', '--no-config', '.'], empty);
    expect(loaded).toContain('dist/src/cli/formatters/pretty.js');
    const unused = /\/ajv\/|engine\/inspect\/|formatters\/(inspect-|json|sarif|github|rules)|cli\/(staged|markdown|rule-docs)|engine\/baseline/;
    expect(loaded.filter((file) => unused.test(file))).toEqual([]);
  });

  it('loads ajv once a config file gives a rule options, to check them', () => {
    const project = mkdtempSync(path.join(work, 'config-'));
    writeFileSync(path.join(project, 'toolgate.config.json'), JSON.stringify({ rules: { 'no-bare-allowed-tools': ['error', { allow: ['WebFetch'] }] } }));
    expect(modulesLoadedBy(['scan', '--format', 'json', '.'], project)).toContainEqual(expect.stringMatching(/\/ajv\//));
  });
});
