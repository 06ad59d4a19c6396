import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The front end's compiler module is TypeScript-only CommonJS, which Vite cannot transform (test/support/compiler.ts).
  resolve: { alias: [{ find: /^\.\/compiler\.cjs$/, replacement: fileURLToPath(new URL('test/support/compiler.ts', import.meta.url)) }] },
  // Vite strips types from .ts and .mts only; src/frontends/typescript/code-cache.cts is plain ESM syntax with types.
  oxc: { include: /\.(m?ts|cts|[jt]sx)$/ },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Vitest keeps a core free by default: on a two-core CI machine, one test file at a time.
    maxWorkers: availableParallelism(),
    // Tests are bounded by the work they do, not by the clock: on a shared
    // two-core machine a test that takes 5 s alone took 55 s. The timeout only
    // ends a test that hangs, so it is far above any test's real duration.
    testTimeout: 900_000,
    hookTimeout: 900_000,
  },
});
