import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Plugin tests start the real ESLint class and typescript-eslint's parser;
    // a cold start of both on a slow CI machine takes seconds.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
