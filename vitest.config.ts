import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
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
