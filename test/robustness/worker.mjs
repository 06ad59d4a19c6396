// A worker thread of the robustness suite. Vitest runs test files one at a
// time on a two-core machine, so the suite spreads its files over threads of
// its own; each loads toolgate's TypeScript sources through Vite's module
// runner (as Vitest does), then asks the test for files until none are left.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { createServer, createServerModuleRunner } from 'vite';

const server = await createServer({
  root: workerData.root,
  configFile: false,
  // As in vitest.config.ts: Vite cannot transform the front end's compiler.cts.
  resolve: { alias: [{ find: /^\.\/compiler\.cjs$/, replacement: fileURLToPath(new URL('../support/compiler.ts', import.meta.url)) }] },
  logLevel: 'silent',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
const { exercise } = await runner.import(workerData.exercise);
const { prepareFor } = await runner.import(workerData.analyse);
await prepareFor('any.py');

parentPort.on('message', async (message) => {
  if (message.type === 'stop') {
    await runner.close();
    await server.close();
    parentPort.close();
    return;
  }
  const results = message.files.map((file) => {
    const started = performance.now();
    try {
      const text = readFileSync(file.path, 'utf8');
      const { syntaxErrors, functions } = exercise(text, file.path, file.kind, file.deep);
      return { path: file.path, ok: true, syntaxErrors, functions, ms: performance.now() - started };
    } catch (error) {
      const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
      return { path: file.path, ok: false, error: stack.split('\n').slice(0, 6).join('\n'), ms: performance.now() - started };
    }
  });
  parentPort.postMessage({ type: 'results', results });
});
parentPort.postMessage({ type: 'ready' });
