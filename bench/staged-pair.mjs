// `scan --staged` of two builds (before and after a change), alternated, in a
// repository made by bench/staged.mjs (or any repository): one file edited and
// staged before each pair of runs, reset after. Medians of wall and of CPU
// (user + system, git's processes included); docs/performance.md, "The staged check".
//
//   node bench/staged-pair.mjs <repository> <file to stage> <before/toolgate.js> <after/toolgate.js> [runs] [text to write into the file]
import { appendFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const [repository, file, before, after, runs = '7', text] = process.argv.slice(2);
if (!repository || !file || !before || !after) {
  console.error('usage: node bench/staged-pair.mjs <repository> <file to stage> <before/toolgate.js> <after/toolgate.js> [runs] [text to write into the file]');
  process.exit(2);
}
const git = (...args) => {
  const result = spawnSync('git', args, { cwd: repository, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr}`);
};
const full = path.resolve(repository, file);
git('reset', '--quiet', '--hard');
if (text === undefined) appendFileSync(full, '\n// staged\n');
else writeFileSync(full, text);
git('add', file);
const scan = (bin) => [process.execPath, [path.resolve(bin), 'scan', '--staged', '--no-config', '--format', 'json']];
const sides = { before: scan(before), after: scan(after) };
const samples = { before: [], after: [] };
const outputs = {};
const loads = [];
try {
  for (let run = 0; run < Number(runs); run++) {
    for (const [name, [command, args]] of run % 2 ? Object.entries(sides).reverse() : Object.entries(sides)) {
      const result = spawnSync('/usr/bin/time', ['-f', '%e %U %S', command, ...args], { cwd: repository, encoding: 'utf8', maxBuffer: 1 << 30 });
      const [wall, user, system] = result.stderr.trim().split('\n').at(-1).split(' ').map(Number);
      samples[name].push({ wall, cpu: user + system });
      const findings = JSON.stringify(JSON.parse(result.stdout).findings);
      if (outputs[name] !== undefined && outputs[name] !== findings) throw new Error(`${name}: findings differ between runs`);
      outputs[name] = findings;
    }
    loads.push(loadavg()[0]);
  }
} finally {
  git('reset', '--quiet', '--hard');
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const [name, values] of Object.entries(samples)) {
  console.log(`${name}: ${median(values.map((value) => value.wall)).toFixed(2)} s wall, ${median(values.map((value) => value.cpu)).toFixed(2)} s CPU (walls ${values.map((value) => value.wall.toFixed(2)).join(' ')})`);
}
const ratios = samples.after.map((value, index) => value.wall / samples.before[index].wall).sort((a, b) => a - b);
console.log(`after / before: min ${ratios[0].toFixed(2)}, median ${median(ratios).toFixed(2)}, max ${ratios.at(-1).toFixed(2)}`);
console.log(`findings ${outputs.before === outputs.after ? 'equal' : 'DIFFER'} (${JSON.parse(outputs.after).length})`);
console.log(`load average ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}`);
