// `scan --staged` of two builds (before and after a change), alternated, in a
// repository made by bench/staged.mjs (or any repository): one file edited and
// staged before each pair of runs, reset after. Medians of wall, of CPU
// (user + system, with the git processes Node.js waited for) and of Node.js's
// own CPU (bench/cpu-at-exit.mjs); docs/performance.md, "The staged check".
//
//   node bench/staged-pair.mjs <repository> <file to stage> <before/toolgate.js> <after/toolgate.js> [runs] [text to write into the file]
import { appendFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
const cpuAtExit = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cpu-at-exit.mjs');
const scan = (bin) => [process.execPath, ['--import', cpuAtExit, path.resolve(bin), 'scan', '--staged', '--no-config', '--format', 'json']];
const sides = { before: scan(before), after: scan(after) };
const samples = { before: [], after: [] };
const outputs = {};
const loads = [];
const time = (command, args) => spawnSync('/usr/bin/time', ['-f', '%e %U %S', command, ...args], { cwd: repository, encoding: 'utf8', maxBuffer: 1 << 30 });
try {
  // Not counted: the compiler's code cache is keyed by Node.js's flags, and these runs preload a module.
  for (const [command, args] of Object.values(sides)) time(command, args);
  for (let run = 0; run < Number(runs); run++) {
    for (const [name, [command, args]] of run % 2 ? Object.entries(sides).reverse() : Object.entries(sides)) {
      const result = time(command, args);
      const [wall, user, system] = result.stderr.trim().split('\n').at(-1).split(' ').map(Number);
      samples[name].push({ wall, cpu: user + system, node: Number(/^node-cpu ([\d.]+)$/m.exec(result.stderr)?.[1]) });
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
  console.log(
    `${name}: ${median(values.map((value) => value.wall)).toFixed(2)} s wall, ${median(values.map((value) => value.cpu)).toFixed(2)} s CPU, ${median(values.map((value) => value.node)).toFixed(2)} s Node.js's own CPU (walls ${values.map((value) => value.wall.toFixed(2)).join(' ')})`,
  );
}
const ratios = samples.after.map((value, index) => value.wall / samples.before[index].wall).sort((a, b) => a - b);
console.log(`after / before: min ${ratios[0].toFixed(2)}, median ${median(ratios).toFixed(2)}, max ${ratios.at(-1).toFixed(2)}`);
const nodeRatios = samples.after.map((value, index) => value.node / samples.before[index].node).sort((a, b) => a - b);
console.log(`after / before, Node.js's own CPU: min ${nodeRatios[0].toFixed(2)}, median ${median(nodeRatios).toFixed(2)}, max ${nodeRatios.at(-1).toFixed(2)}`);
console.log(`findings ${outputs.before === outputs.after ? 'equal' : 'DIFFER'} (${JSON.parse(outputs.after).length})`);
console.log(`load average ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}`);
