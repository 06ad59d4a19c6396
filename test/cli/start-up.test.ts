import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { gitEnv } from '../support/git-env.js';
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
process.on('exit', () => { for (const file of Object.keys(cache)) appendFileSync(process.env.TOOLGATE_LOAD_LOG, \`required \${pathToFileURL(file).href}\\n\`); });
`,
);

/** The bundle's chunks by the built modules each holds (written by the build, scripts/bundle-cli.mjs). */
const chunks = path.join(repoRoot, 'dist/cli/modules.json');
const heldBy = (): Record<string, string[]> => (existsSync(chunks) ? (JSON.parse(readFileSync(chunks, 'utf8')) as Record<string, string[]>) : {});
/** A chunk of the bundle stands for the built modules it holds: loading it runs them all. */
const unbundled = (loaded: string[]): string[] => {
  const held = heldBy();
  return loaded.flatMap((file) => (file.startsWith('dist/cli/') ? (held[file.slice('dist/cli/'.length)] ?? [file]) : [file]));
};

/** The modules of toolgate and its dependencies that `toolgate <args>` loads, relative to the repository. */
function modulesLoadedBy(args: string[], cwd: string, script = bin, env: NodeJS.ProcessEnv = process.env, esOnly = false): string[] {
  return unbundled(filesLoadedBy(args, cwd, script, env, esOnly));
}

/** The files `toolgate <args>` loads, relative to the repository: the bundle's chunks as themselves. */
function filesLoadedBy(args: string[], cwd: string, script = bin, env: NodeJS.ProcessEnv = process.env, esOnly = false): string[] {
  const log = path.join(mkdtempSync(path.join(work, 'log-')), 'loaded.txt');
  writeFileSync(log, '');
  const run = spawnSync(process.execPath, ['--import', pathToFileURL(preload).href, script, ...args], { cwd, encoding: 'utf8', timeout: 900_000, env: { ...env, TOOLGATE_LOAD_LOG: log } });
  // `loaded`: through the ES module loader (its hook); `required`: in require.cache.
  const loaded = [...readFileSync(log, 'utf8').matchAll(esOnly ? /^loaded (file:\S+)$/gm : /^(?:loaded|required) (file:\S+)$/gm)].map(([, url]) => path.relative(repoRoot, new URL(url!).pathname));
  expect(loaded.length, run.stderr).toBeGreaterThan(0);
  return loaded;
}

/**
 * What a run needs only once a file reaches a rule: the rules, the front ends'
 * analyses and parsers, the settings files' reader and the check. The model
 * modules the registry's prefilters and writers use are allowed (see below).
 */
const checking = /^dist\/rules\/|^dist\/src\/frontends\/[^/]+\/(?!paths\.js$|prefilter\.js$|writer\.js$|package-scripts\.js$|modules\.js$)|^node_modules\/(typescript|@ts-morph|web-tree-sitter|tree-sitter-python|yaml|@humanwhocodes\/momoa)\/|engine\/(check|check-file|project-settings)\.js$/;
const registryModules = (): string[] => modulesLoadedBy([], repoRoot, path.join(repoRoot, 'dist/src/frontends/registry.js'));
const modelModules = (loaded: string[]): string[] => loaded.filter((file) => file.startsWith('dist/src/model/'));
/** Model modules loaded beyond the registry's own, the line index and the rule contract (no rule; `docsBase`, `formatMessage`) aside. */
const beyondRegistry = (loaded: string[]): string[] => {
  const registry = new Set(modelModules(registryModules()));
  return modelModules(loaded).filter((file) => !registry.has(file) && !['dist/src/model/line-index.js', 'dist/src/model/rule.js'].includes(file));
};

/** A tree of files under `parent`. */
function treeOf(parent: string, files: Record<string, string>): string {
  const root = mkdtempSync(path.join(work, `${parent}-`));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

const agent = { 'agent/consts.ts': "export const TOOLS = ['Read'];\n", 'agent/options.ts': "import { query } from '@anthropic-ai/claude-agent-sdk';\nimport { TOOLS } from './consts';\nquery({ prompt: 'x', options: { allowedTools: TOOLS } });\n" };

describe('start-up', () => {
  it('runs the bundled CLI: a scan of agent code loads chunks of dist/cli, not the built modules one by one', () => {
    const files = filesLoadedBy(['scan', '--no-config', '.'], treeOf('bundled', agent));
    // The compiler's CommonJS wrapper alone stays outside: bundled, every chunk importing it would copy the compiler's exports (scripts/bundle-cli.mjs).
    const wrapper = /^dist\/src\/frontends\/typescript\/(?:compiler|code-cache)\.cjs$/;
    expect(files.filter((file) => (file.startsWith('dist/src/') && !wrapper.test(file)) || file.startsWith('dist/rules/'))).toEqual([]);
    expect(files).toContain('dist/src/frontends/typescript/compiler.cjs');
    expect(Object.values(heldBy()).flat().filter((file) => wrapper.test(file))).toEqual([]);
    expect(unbundled(files)).toEqual(expect.arrayContaining(['dist/rules/index.js', 'dist/src/engine/check-file.js', 'dist/src/frontends/typescript/evaluate.js']));
  });

  it('--version and --help load the CLI alone: no command, no engine, no rule', () => {
    expect(existsSync(bin), `${bin} is missing: run \`npm run build\` first`).toBe(true);
    const empty = mkdtempSync(path.join(work, 'empty-'));
    for (const args of [['--version'], ['--help'], ['scan', '--help']]) {
      const loaded = modulesLoadedBy(args, empty);
      expect(loaded).toContain('dist/src/cli/run.js');
      expect(loaded.filter((file) => /^dist\/rules\/|^dist\/src\/(engine\/(?!configs|errors|shard)|frontends\/)|cli\/scan-command|\/ignore\//.test(file))).toEqual([]);
      expect(loaded.filter((file) => file.startsWith('dist/')).length).toBeLessThan(20);
    }
  });

  it('a scan where no file passes the prefilter loads no rule, no model and no front end analysis', () => {
    const plain = treeOf('plain', { 'src/app.ts': "export const x = 1;\n", 'tools/job.py': 'import json\n', 'README.md': '# x\n' });
    const loaded = modulesLoadedBy(['scan', '--no-config', '.'], plain);
    expect(loaded).toContain('dist/src/engine/scan.js');
    expect(loaded.filter((file) => checking.test(file))).toEqual([]);
    // The registry stays cheap to import: its markers and writers use a few model modules, and no others load.
    expect(beyondRegistry(loaded)).toEqual([]);
  });

  it('a staged check of a file that reaches no agent code loads no rule and no compiler, with agent code in the repository', () => {
    const repo = treeOf('staged', { ...agent, 'src/app.ts': 'export const x = 1;\n' });
    const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, env: gitEnv(repo), encoding: 'utf8' });
    git('init', '--quiet', '--initial-branch=main');
    git('add', '-A');
    git('commit', '--quiet', '-m', 'base');
    writeFileSync(path.join(repo, 'src/app.ts'), 'export const x = 2;\n');
    git('add', 'src/app.ts');
    const loaded = modulesLoadedBy(['scan', '--staged'], repo);
    expect(loaded).toContain('dist/src/engine/staged/index.js');
    expect(loaded.filter((file) => checking.test(file))).toEqual([]);
    expect(beyondRegistry(loaded)).toEqual([]);
  });

  it('loads the rules once a file reaches them', () => {
    const loaded = modulesLoadedBy(['scan', '--no-config', '.'], treeOf('agent', agent));
    expect(loaded).toContain('dist/rules/index.js');
    expect(loaded).toContain('dist/src/engine/check-file.js');
  });

  it('a warm --cache run whose every result is cached loads no rule; the pretty report still links the rules that reported', () => {
    const project = treeOf('warm', { ...agent, 'agent/consts.ts': "export const TOOLS = ['Bash'];\n", 'src/app.ts': 'export const x = 1;\n' });
    const env = { ...process.env, XDG_CACHE_HOME: path.join(project, '.key') };
    const args = ['scan', '--no-config', '--cache', '.'];
    const cold = spawnSync(process.execPath, [bin, ...args], { cwd: project, env, encoding: 'utf8' });
    expect(cold.stdout).toMatch(/no-bare-allowed-tools {2}https?:\/\//);
    const loaded = modulesLoadedBy([...args, '--format', 'json'], project, bin, env);
    expect(loaded).toContain('dist/src/engine/cache.js');
    expect(loaded.filter((file) => checking.test(file))).toEqual([]);
    const warm = spawnSync(process.execPath, [bin, ...args], { cwd: project, env, encoding: 'utf8' });
    expect(warm.stdout).toContain('1 from cache');
    expect(warm.stdout.replace(/\(\d+ analysed, \d+ from cache/, '')).toEqual(cold.stdout.replace(/\(\d+ analysed, \d+ from cache/, ''));
  });

  it('requires its CommonJS dependencies as such: no ES-module wrapper parses them for export names', () => {
    const empty = mkdtempSync(path.join(work, 'empty-'));
    const args = ['scan', '--no-config', '--no-error-on-unmatched-pattern', '.'];
    expect(modulesLoadedBy(args, empty)).toEqual(expect.arrayContaining(['node_modules/commander/index.js', 'node_modules/ignore/index.js', 'node_modules/picocolors/picocolors.js']));
    expect(modulesLoadedBy(args, empty, bin, process.env, true).filter((file) => file.startsWith('node_modules/'))).toEqual([]);
  });

  it('loads neither the other commands, the other formatters nor ajv for a scan without a config file', () => {
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
