// Warm `scan --cache` runs of two builds (before and after a change) and
// `grep -rl` over one tree, alternated, with medians of wall and CPU time
// (docs/performance.md, "The warm cache"). Each build keeps its own cache and
// signing key in the system temp folder; run it once per build first to warm.
//
//   node bench/warm-pair.mjs <tree> <before/toolgate.js> <after/toolgate.js> [runs] [file to change before each scan]
import { appendFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { sourcePatterns } from './generate.mjs';

const [tree, before, after, runs = '7', touch] = process.argv.slice(2);
if (!tree || !before || !after) {
  console.error('usage: node bench/warm-pair.mjs <tree> <before/toolgate.js> <after/toolgate.js> [runs] [file to change before each scan]');
  process.exit(2);
}
const env = { ...process.env, XDG_CACHE_HOME: path.join(tmpdir(), 'toolgate-warm-pair-key') };
const scan = (bin, name) => [process.execPath, [bin, 'scan', '--preset', 'strict', '--no-config', '--format', 'json', '--cache', '--cache-location', path.join(tmpdir(), `toolgate-warm-pair-${name}`), '.']];
const sides = {
  before: scan(path.resolve(before), 'before'),
  after: scan(path.resolve(after), 'after'),
  grep: ['grep', ['-rlE', '@anthropic-ai/claude-(agent-sdk|code)|claude_(agent|code)_sdk', ...sourcePatterns.map((pattern) => `--include=${pattern}`), '.']],
};
const samples = Object.fromEntries(Object.keys(sides).map((name) => [name, []]));
const loads = [];
for (let run = 0; run < Number(runs); run++) {
  for (const [name, [command, args]] of Object.entries(sides)) {
    // One file changed before each scan: each build sees one change since its own last run.
    if (touch && name !== 'grep') appendFileSync(path.resolve(tree, touch), '// edited\n');
    const result = spawnSync('/usr/bin/time', ['-f', '%e %U %S', command, ...args], { cwd: tree, env, encoding: 'utf8', maxBuffer: 1 << 30 });
    const [wall, user, system] = result.stderr.trim().split('\n').at(-1).split(' ').map(Number);
    samples[name].push({ wall, cpu: user + system });
  }
  loads.push(loadavg()[0]);
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const [name, values] of Object.entries(samples)) {
  console.log(`${name}: ${median(values.map((value) => value.wall)).toFixed(2)} s wall, ${median(values.map((value) => value.cpu)).toFixed(2)} s CPU`);
}
// Wall time wanders with the load on a shared machine; CPU time (user + system) less so.
for (const measure of ['wall', 'cpu']) {
  for (const side of ['before', 'after']) {
    const ratios = samples[side].map((value, index) => value[measure] / samples.grep[index][measure]).sort((a, b) => a - b);
    console.log(`${side} / grep (${measure}): min ${ratios[0].toFixed(2)}, median ${median(ratios).toFixed(2)}, max ${ratios.at(-1).toFixed(2)}`);
  }
}
console.log(`load average ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}`);
