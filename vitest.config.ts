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
    // Plugin tests start the real ESLint class and typescript-eslint's parser;
    // a cold start of both on a slow CI machine takes seconds.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
