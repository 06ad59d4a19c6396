// The last step of `npm run build`: the CLI and its analysis worker bundled
// into dist/cli/, so that a run loads a few dozen chunks instead of about 150
// ES modules (each resolved, read and compiled apart: 0.1 s of every start on
// two cores, which a pre-commit check and a warm `--cache` run feel most).
// Dynamic imports stay chunks of their own, so what a run does not need is
// still not loaded. dist/bin/toolgate.js becomes a one-line entry into the
// bundle. The library entry points (the ESLint and oxlint plugins) stay
// unbundled under dist/src. Packages stay external: they are the package's
// dependencies, and the TypeScript compiler is loaded with its code cache.
//
// If the bundler cannot run here (a platform without its native binding),
// the build says so and keeps the unbundled CLI, which behaves the same.
import { chmodSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const entry = 'dist/bin/toolgate.js';
let rolldown;
try {
  ({ rolldown } = await import('rolldown'));
} catch (error) {
  process.stderr.write(`toolgate build: the CLI is not bundled (rolldown cannot load: ${error.message}); dist/bin/toolgate.js runs unbundled.\n`);
  process.exit(0);
}

// Everything that is not the project's own: node: built-ins and every package, toolgate's own `package.json` included.
// The TypeScript compiler's CommonJS wrapper stays a module of dist/src, loaded by Node.js: bundled, each chunk
// that imports it would copy the compiler's thousands of exports into an ES namespace of getters (about 20 ms
// and garbage of every scan that loads the compiler, three chunks at once).
const compilerWrapper = /[\\/]frontends[\\/]typescript[\\/]compiler\.cjs$/;
const external = (id) => compilerWrapper.test(id) || (!id.startsWith('.') && !id.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(id));
// The entry as tsc wrote it moves aside: the bundle is built from it and the worker script.
renameSync(entry, 'dist/bin/cli-source.js');
const bundle = await rolldown({
  input: { toolgate: 'dist/bin/cli-source.js', 'analysis-worker': 'dist/src/engine/analysis-worker.js' },
  platform: 'node',
  external,
  logLevel: 'warn',
});
const { output } = await bundle.write({
  dir: 'dist/cli',
  format: 'esm',
  chunkFileNames: '[name]-[hash].js',
  // Every chunk lies in dist/cli, one folder beside dist/src.
  paths: (id) => (compilerWrapper.test(id) ? '../src/frontends/typescript/compiler.cjs' : id),
});
// Which of the built modules each chunk holds: test/cli/start-up.test.ts reads it to tell what a run loaded.
const holds = Object.fromEntries(output.filter((chunk) => chunk.type === 'chunk').map((chunk) => [chunk.fileName, chunk.moduleIds.map((id) => path.relative('.', id).split(path.sep).join('/')).sort()]));
writeFileSync('dist/cli/modules.json', `${JSON.stringify(holds, null, 1)}\n`);
await bundle.close();
for (const file of ['dist/bin/cli-source.js', 'dist/bin/toolgate.js.map']) rmSync(file, { force: true });
writeFileSync(entry, "#!/usr/bin/env node\nimport '../cli/toolgate.js';\n");
chmodSync(entry, 0o755);
