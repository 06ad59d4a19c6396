// `npm run bench`: toolgate's performance targets (DESIGN.md) as ratios
// measured side by side in one run, on generated trees and on code no one
// here wrote. Needs the build (`npm run bench` builds first). Prints a
// Markdown table; docs/performance.md keeps the latest one.
//
//   node bench/run.mjs [--quick] [--runs n] [--files n] [--keep]
//
// Every timing is a whole process, start-up included, as a user runs it.
// Peak memory is the scan process's own `process.resourceUsage().maxRSS`
// (worker threads included), reported by bench/peak-memory.mjs.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { copyRealCode, generateTree, realPackages, realTree, sourcePatterns } from './generate.mjs';
import { stagedRepository } from './staged.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(repo, 'dist/bin/toolgate.js');
const here = path.dirname(fileURLToPath(import.meta.url));

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const value = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const quick = flag('--quick');
const runs = value('--runs', quick ? 1 : 3);
const sizes = {
  /** Synthetic files in each part of the mixed tree (1x), plus one copy of the real code. */
  mixed: value('--files', quick ? 100 : 20_000),
  realCode: quick ? 30 : Infinity,
  /** TypeScript and JavaScript files for the ESLint and oxlint comparison (ESLint takes milliseconds a file). */
  lint: quick ? 40 : 2_000,
  allAgent: quick ? 40 : 2_000,
  parts: 4,
  /** Files copied from each real source (each package, the Python library); agent files written into the real tree. */
  real: quick ? 20 : Infinity,
  realAgent: quick ? 10 : 300,
  /** Real TypeScript/JavaScript for ESLint and oxlint (files up to 200 KB: ESLint takes seconds on a 9 MB bundle). */
  realLint: quick ? 40 : 1_500,
  /** Alternated samples of each staged row in each run. */
  stagedSamples: quick ? 1 : 5,
};

if (!existsSync(bin)) {
  console.error(`toolgate is not built (${path.relative(process.cwd(), bin)} is missing): run \`npm run build\` first.`);
  process.exit(2);
}

const work = mkdtempSync(path.join(os.tmpdir(), 'toolgate-bench-'));
const cleanUp = () => {
  if (!flag('--keep')) rmSync(work, { recursive: true, force: true });
};
process.on('exit', cleanUp);
process.on('SIGINT', () => process.exit(130));

/** Run a command; its wall time in seconds (the exit status is not judged: findings exit 1). */
function timed(command, commandArgs, options = {}) {
  const started = performance.now();
  const result = spawnSync(command, commandArgs, { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const seconds = (performance.now() - started) / 1000;
  if (result.error || result.status === null || result.status > (options.okStatus ?? 1)) {
    throw new Error(`${command} ${commandArgs.join(' ')} failed (status ${result.status}): ${result.error?.message ?? result.stderr.slice(0, 2000)}`);
  }
  return { seconds, stdout: result.stdout, stderr: result.stderr };
}

const node = process.execPath;
const scan = (paths, cwd) => timed(node, [bin, 'scan', '--preset', 'strict', '--no-config', '--format', 'json', ...paths], { cwd, okStatus: 2 });
const scanWithMemory = (paths, cwd) => {
  const run = timed(node, [path.join(here, 'peak-memory.mjs'), bin, 'scan', '--preset', 'strict', '--no-config', '--format', 'json', ...paths], { cwd, okStatus: 2 });
  return { seconds: run.seconds, maxRssMb: Number(/peak-rss-kb (\d+)/.exec(run.stderr)?.[1]) / 1024 };
};
const grepPattern = '@anthropic-ai/claude-(agent-sdk|code)|claude_(agent|code)_sdk';
const sdkPackages = ['@anthropic-ai/claude-agent-sdk', '@anthropic-ai/claude-code', 'claude_agent_sdk', 'claude_code_sdk'];
const grep = (directory) => timed('grep', ['-rlE', grepPattern, ...sourcePatterns.map((pattern) => `--include=${pattern}`), directory], { okStatus: 1 });

function machine() {
  const cpus = os.cpus();
  const load = os.loadavg().map((x) => x.toFixed(1)).join(' ');
  return `${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${os.availableParallelism()} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, Node ${process.version}, ${os.type()} ${os.release()}; load average at start ${load}`;
}

// Trees ----------------------------------------------------------------------

const mixed = path.join(work, 'mixed');
const lint = path.join(work, 'lint');
const allAgent = path.join(work, 'all-agent');
const realCode = path.join(work, 'real-code');
const real = path.join(work, 'real');
const realLint = path.join(work, 'real-lint');

const log = (text) => process.stderr.write(`${text}\n`);
log(`generating trees in ${work} ...`);
const realCount = copyRealCode(path.join(repo, 'node_modules'), realCode, sizes.realCode);
const mixedCounts = generateTree(mixed, { files: sizes.mixed * sizes.parts, parts: sizes.parts, agentShare: 0.03 });
for (let part = 1; part <= sizes.parts; part++) cpSync(realCode, path.join(mixed, `part-${part}`, 'vendor'), { recursive: true });
const lintCounts = generateTree(lint, { files: sizes.lint, languages: ['ts', 'js'], settings: false, agentShare: 0.03, seed: 11 });
const agentCounts = generateTree(allAgent, { files: sizes.allAgent, languages: ['ts', 'js'], settings: false, agentShare: 1, seed: 13 });
const pythonLib = (() => {
  const found = spawnSync('python3', ['-c', 'import sysconfig;print(sysconfig.get_paths()["stdlib"])'], { encoding: 'utf8' });
  const lib = found.status === 0 ? found.stdout.trim() : '';
  return lib && existsSync(lib) ? lib : undefined;
})();
if (!pythonLib) log('note: no python3 standard library found; the real tree has no Python part.');
const realCounts = realTree(real, path.join(repo, 'node_modules'), { pythonLib, limit: sizes.real, agentFiles: sizes.realAgent, ...(quick ? { maxBytes: 50_000 } : {}) });
const realLintCounts = {
  real: ['@typescript-eslint', 'vitest', '@vitest'].reduce(
    (sum, name) => sum + copyRealCode(path.join(repo, 'node_modules', name), path.join(realLint, name), Math.max(0, sizes.realLint - sum), { pattern: /\.(?:[cm]?js|ts)$/, maxBytes: 200_000 }),
    0,
  ),
  agent: generateTree(path.join(realLint, 'agent'), { files: quick ? 10 : 60, languages: ['ts', 'js'], settings: false, agentShare: 1, seed: 19 }).files,
};

const staged = stagedRepository(work, real);
/** `scan --staged`, checked to have judged the commit as it must (a benchmark of a check that passed wrongly would be worthless). */
const stagedScan = (expectedFindings) => {
  const run = timed(node, [bin, 'scan', '--staged', '--no-config', '--format', 'json'], { cwd: staged.repository, env: staged.env });
  const found = JSON.parse(run.stdout).findings.length;
  if (found !== expectedFindings) throw new Error(`scan --staged found ${found} findings in the staged repository, not ${expectedFindings}`);
  return run;
};
/** The same file scanned by path, no git: the floor a staged check adds its reading of the index to. */
const scanByPath = (file) => timed(node, [bin, 'scan', '--no-config', '--format', 'json', file], { cwd: staged.repository, okStatus: 2 });
/** The floor for a staged check of one file: git writing that one file out of the index. */
const checkoutOne = (file) => {
  const target = mkdtempSync(path.join(work, 'one-'));
  try {
    return timed('git', ['checkout-index', '--force', `--prefix=${target}${path.sep}`, '--', file], { cwd: staged.repository, env: staged.env });
  } finally {
    rmSync(target, { recursive: true, force: true });
  }
};
/** git alone: the one search a staged check makes over the whole repository (`git grep -l` for the SDK's package names in its code files). */
const gitGrepStaged = () =>
  timed('git', ['grep', '-l', '-F', ...sdkPackages.flatMap((name) => ['-e', name]), '--', ...sourcePatterns.filter((pattern) => pattern.startsWith('*'))], {
    cwd: staged.repository,
    env: staged.env,
  });
const checkoutIndex = () => {
  const { args, cleanUp } = staged.checkoutIndexArgs();
  try {
    return timed('git', args, { cwd: staged.repository, env: staged.env });
  } finally {
    cleanUp();
  }
};

const parts = (count) => Array.from({ length: count }, (_, i) => `part-${i + 1}`);
const perPart = Math.round(mixedCounts.files / sizes.parts) + realCount;

// ESLint and oxlint configs running toolgate's rules, as users set them up.
const strictRuleIds = JSON.parse(timed(node, ['-e', `import(${JSON.stringify(pathToFileURL(path.join(repo, 'dist/rules/index.js')).href)}).then((m) => console.log(JSON.stringify(m.allRules.map((r) => r.id))))`]).stdout);
const eslintConfig = path.join(work, 'eslint.config.mjs');
writeFileSync(
  eslintConfig,
  `import tsParser from ${JSON.stringify(pathToFileURL(path.join(repo, 'node_modules/@typescript-eslint/parser/dist/index.js')).href)};
import toolgate from ${JSON.stringify(pathToFileURL(path.join(repo, 'dist/src/index.js')).href)};
export default [{ files: ['**/*.ts'], languageOptions: { parser: tsParser } }, toolgate.configs.strict];
`,
);
const oxlintConfig = path.join(work, 'oxlintrc.json');
writeFileSync(
  oxlintConfig,
  JSON.stringify({
    plugins: [],
    categories: { correctness: 'off' },
    jsPlugins: [path.join(repo, 'dist/src/oxlint/plugin.js')],
    rules: Object.fromEntries(strictRuleIds.map((id) => [`toolgate/${id}`, 'error'])),
  }),
);
const eslint = (cwd = lint) => timed(node, [path.join(repo, 'node_modules/eslint/bin/eslint.js'), '--config', eslintConfig, '--format', 'json', '.'], { cwd });
const oxlint = (cwd = lint) => timed(node, [path.join(repo, 'node_modules/oxlint/bin/oxlint'), '--config', oxlintConfig, '--format', 'json', '.'], { cwd });
const parseOnly = (directory = allAgent) => timed(node, [path.join(here, 'parse-only.mjs'), directory], { cwd: repo });
/** `scan --cache` of an unchanged tree, the cache written by a first run: what a re-scan costs. */
const warmCache = (paths, cwd, cacheFile) => timed(node, [bin, 'scan', '--preset', 'strict', '--no-config', '--format', 'json', '--cache', '--cache-location', cacheFile, ...paths], { cwd, okStatus: 2 });
const mixedCache = path.join(work, 'mixed.toolgatecache');
const realCache = path.join(work, 'real.toolgatecache');
warmCache(['part-1'], mixed, mixedCache);
warmCache(['.'], real, realCache);

// Measurements ---------------------------------------------------------------

const samples = new Map();
const sample = (key, value) => samples.set(key, [...(samples.get(key) ?? []), value]);

for (let run = 1; run <= runs; run++) {
  log(`run ${run} of ${runs} ...`);
  // Alternated in each pair, so neither side always runs on a warm page cache.
  const grepTime = grep(path.join(mixed, 'part-1')).seconds;
  const scanTime = scan(['part-1'], mixed).seconds;
  sample('grep', grepTime);
  sample('scan-mixed', scanTime);

  const eslintTime = eslint().seconds;
  const scanLint = scan(['.'], lint).seconds;
  const oxlintTime = oxlint().seconds;
  sample('eslint', eslintTime);
  sample('scan-lint', scanLint);
  sample('oxlint', oxlintTime);

  sample('parse-only', parseOnly().seconds);
  sample('scan-agent', scan(['.'], allAgent).seconds);

  // The same comparisons on real code.
  const grepReal = grep(real).seconds;
  const scanReal = scanWithMemory(['.'], real);
  sample('grep-real', grepReal);
  sample('scan-real', scanReal.seconds);
  sample('rss-real', scanReal.maxRssMb);
  sample('parse-only-real', parseOnly(real).seconds);
  sample('eslint-real', eslint(realLint).seconds);
  sample('scan-real-lint', scan(['.'], realLint).seconds);
  sample('oxlint-real', oxlint(realLint).seconds);

  // A warm cache next to grep over the same tree.
  sample('grep-warm-mixed', grep(path.join(mixed, 'part-1')).seconds);
  sample('warm-mixed', warmCache(['part-1'], mixed, mixedCache).seconds);
  sample('grep-warm-real', grep(real).seconds);
  sample('warm-real', warmCache(['.'], real, realCache).seconds);

  // Several alternated samples a run: a pre-commit check's latency is short, and one sample wanders on a shared machine.
  const plainFile = staged.stagePlain();
  for (let i = 0; i < sizes.stagedSamples; i++) {
    sample('by-path-plain', scanByPath(plainFile).seconds);
    sample('staged-plain', stagedScan(0).seconds);
    sample('git-grep-staged', gitGrepStaged().seconds);
    sample('checkout-one', checkoutOne(plainFile).seconds);
  }
  sample('checkout-index', checkoutIndex().seconds);
  staged.reset();
  // The floor here is a scan of the agent project by path: the options module must be analysed either way.
  const constants = path.dirname(staged.stageConstants());
  for (let i = 0; i < sizes.stagedSamples; i++) {
    sample('by-path-constants', scanByPath(constants).seconds);
    sample('staged-constants', stagedScan(1).seconds);
  }
  staged.reset();

  for (let scale = 1; scale <= sizes.parts; scale++) {
    const { seconds, maxRssMb } = scanWithMemory(parts(scale), mixed);
    sample(`growth-time-${scale}`, seconds);
    sample(`growth-rss-${scale}`, maxRssMb);
  }
}
log('ESLint adapter on files without SDK usage ...');
const adapter = JSON.parse(timed(node, [path.join(here, 'adapter-cost.mjs'), lint, repo, String(quick ? 1 : 5)], { cwd: repo }).stdout);

// Report ---------------------------------------------------------------------

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
/** Each sample over the one taken beside it (a side sampled fewer times, `git checkout-index --all`, pairs with the first samples of the other). */
const ratios = (top, bottom) => {
  const under = samples.get(bottom);
  return samples.get(top).slice(0, under.length).map((value, i) => value / under[i]);
};
const spread = (values, digits = 2) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${sorted[0].toFixed(digits)} / ${median(sorted).toFixed(digits)} / ${sorted.at(-1).toFixed(digits)}`;
};
const seconds = (key) => `${median(samples.get(key)).toFixed(2)} s`;
const holds = (ok) => (ok ? 'yes' : '**no**');

const rows = [];
const row = (measurement, measured, baseline, ratio, target, ok) => rows.push(`| ${measurement} | ${measured} | ${baseline} | ${ratio} | ${target} | ${ok} |`);

const grepRatio = ratios('scan-mixed', 'grep');
row('scan vs `grep -rl` (mixed tree, 1x)', seconds('scan-mixed'), seconds('grep'), spread(grepRatio), 'scan ≤ 3x grep', holds(median(grepRatio) <= 3));
const eslintRatio = ratios('eslint', 'scan-lint');
row('ESLint (same rules) vs scan (lint tree)', seconds('scan-lint'), seconds('eslint'), spread(eslintRatio), 'ESLint ≥ 10x scan', holds(median(eslintRatio) >= 10));
const oxlintRatio = ratios('scan-lint', 'oxlint');
row('scan vs oxlint + toolgate/oxlint (lint tree)', seconds('scan-lint'), seconds('oxlint'), spread(oxlintRatio), 'scan ≤ 1x oxlint', holds(median(oxlintRatio) <= 1));
const parseRatio = ratios('scan-agent', 'parse-only');
row('scan vs TypeScript parse-only (all-agent tree)', seconds('scan-agent'), seconds('parse-only'), spread(parseRatio), 'scan ≤ 2x parse', holds(median(parseRatio) <= 2));
const grepRealRatio = ratios('scan-real', 'grep-real');
row('scan vs `grep -rl` (real tree)', seconds('scan-real'), seconds('grep-real'), spread(grepRealRatio), 'scan ≤ 3x grep', holds(median(grepRealRatio) <= 3));
const eslintRealRatio = ratios('eslint-real', 'scan-real-lint');
row('ESLint (same rules) vs scan (real lint tree)', seconds('scan-real-lint'), seconds('eslint-real'), spread(eslintRealRatio), 'ESLint ≥ 10x scan', holds(median(eslintRealRatio) >= 10));
const oxlintRealRatio = ratios('scan-real-lint', 'oxlint-real');
row('scan vs oxlint + toolgate/oxlint (real lint tree)', seconds('scan-real-lint'), seconds('oxlint-real'), spread(oxlintRealRatio), 'scan ≤ 1x oxlint', holds(median(oxlintRealRatio) <= 1));
const parseRealRatio = ratios('scan-real', 'parse-only-real');
row('scan vs TypeScript parse-only (real tree, every file parsed)', seconds('scan-real'), seconds('parse-only-real'), spread(parseRealRatio), 'scan ≤ 2x parse', holds(median(parseRealRatio) <= 2));
for (const [tree, what] of [
  ['mixed', 'mixed tree, 1x'],
  ['real', 'real tree'],
]) {
  const warm = ratios(`warm-${tree}`, `grep-warm-${tree}`);
  row(`warm \`--cache\`, nothing changed, vs \`grep -rl\` (${what})`, seconds(`warm-${tree}`), seconds(`grep-warm-${tree}`), spread(warm), 'warm ≤ 2x grep', holds(median(warm) <= 2));
}
row('peak memory (real tree)', `${median(samples.get('rss-real')).toFixed(0)} MB`, `${median(samples.get('growth-rss-1')).toFixed(0)} MB (mixed 1x)`, spread(samples.get('rss-real'), 0), 'bounded', holds(median(samples.get('rss-real')) < 2 * median(samples.get('growth-rss-1'))));
for (let scale = 2; scale <= sizes.parts; scale++) {
  const growth = ratios(`growth-time-${scale}`, 'growth-time-1');
  // Linear: the time per file does not rise with the tree (start-up is paid once, so it may fall).
  row(`growth: time ${scale}x / 1x`, seconds(`growth-time-${scale}`), seconds('growth-time-1'), spread(growth), `≤ ${scale}x (linear)`, holds(median(growth) <= scale * 1.1));
}
for (let scale = 2; scale <= sizes.parts; scale++) {
  const growth = ratios(`growth-rss-${scale}`, 'growth-rss-1');
  const mb = (key) => `${median(samples.get(key)).toFixed(0)} MB`;
  row(`growth: peak memory ${scale}x / 1x`, mb(`growth-rss-${scale}`), mb('growth-rss-1'), spread(growth), 'bounded (≪ files)', holds(median(growth) < scale));
}
for (const [scenario, what] of [
  ['plain', 'one staged file reaching no agent code'],
  ['constants', 'one staged constants module an options module imports'],
]) {
  const key = `staged-${scenario}`;
  row(`\`scan --staged\` vs \`scan <file>\` (${what})`, seconds(key), seconds(`by-path-${scenario}`), spread(ratios(key, `by-path-${scenario}`)), '< 0.5 s', holds(median(samples.get(key)) < 0.5));
}
row('`scan --staged` vs `git grep -l` alone (the search it makes over the repository)', seconds('staged-plain'), seconds('git-grep-staged'), spread(ratios('staged-plain', 'git-grep-staged')), '< 0.5 s', holds(median(samples.get('staged-plain')) < 0.5));
row('`scan --staged` vs `git checkout-index` of that one file (the floor)', seconds('staged-plain'), seconds('checkout-one'), spread(ratios('staged-plain', 'checkout-one')), '< 0.5 s', holds(median(samples.get('staged-plain')) < 0.5));
row('`scan --staged` vs `git checkout-index --all` (one staged file)', seconds('staged-plain'), seconds('checkout-index'), spread(ratios('staged-plain', 'checkout-index')), 'reads only what the change reaches', holds(median(ratios('staged-plain', 'checkout-index')) < 1));
row(
  'ESLint adapter, file without SDK usage',
  `${adapter.toolgateMicroseconds.toFixed(0)} µs/file`,
  `${adapter.parserMicroseconds.toFixed(0)} µs/file (parser)`,
  `${adapter.parses} parses in ${adapter.files} files`,
  'a text check, no parse',
  holds(adapter.parses === 0),
);

const out = [
  `toolgate benchmark, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC${quick ? ' (--quick: tiny trees, figures meaningless)' : ''}`,
  '',
  `Machine: ${machine()}, at the end ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} (the machine may be shared: compare ratios of one run).`,
  '',
  `Trees: mixed 1x = ${perPart} files (${Math.round(mixedCounts.files / sizes.parts)} generated, about ${(mixedCounts.agent / mixedCounts.files * 100).toFixed(1)}% agent code, plus ${realCount} JavaScript files from node_modules), up to ${sizes.parts}x; ` +
    `staged = a git repository of ${staged.files} files (the real tree and an agent project), one file staged; ` +
    `lint = ${lintCounts.files} TypeScript/JavaScript files (${lintCounts.agent} agent); all-agent = ${agentCounts.files} files; ` +
    `real = ${realCounts.packages} TypeScript/JavaScript files of ${realPackages.join(', ')} from node_modules, ${realCounts.python} Python files of the standard library${pythonLib ? '' : ' (none found)'}, ${realCounts.agent} agent files written for the bench; ` +
    `real lint = ${realLintCounts.real} files of typescript-eslint and vitest up to 200 KB, ${realLintCounts.agent} agent files. ` +
    `${runs} run${runs === 1 ? '' : 's'} (the staged rows ${sizes.stagedSamples} alternated samples a run); ratios are min / median / max over runs, times are medians.`,
  '',
  '| measurement | toolgate | baseline | ratio (min / median / max) | target | holds |',
  '| --- | --- | --- | --- | --- | --- |',
  ...rows,
];
console.log(out.join('\n'));
