// Preloaded (`node --import`) by bench/staged-pair.mjs: writes the process's
// own CPU time at exit (git's processes, which a shell may start and not wait
// for, are not in it), for the pair script to read from stderr.
import { writeSync } from 'node:fs';

process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  writeSync(2, `\nnode-cpu ${((user + system) / 1e6).toFixed(3)}\n`);
});
