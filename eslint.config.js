import js from '@eslint/js';
import eslintPlugin from 'eslint-plugin-eslint-plugin';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig([
  // Fixtures are deliberately bad agent code, linted only by the tests.
  globalIgnores(['dist/', 'node_modules/', 'fixtures/', 'coverage/', '.scratch/']),
  {
    name: 'toolgate/sources',
    files: ['src/**/*.ts', 'src/**/*.cts', 'rules/**/*.ts', 'bin/**/*.ts', 'test/**/*.ts', '*.ts', '*.js'],
    // Not type-aware: linting stays fast and needs no project service as files come and go.
    extends: [js.configs.recommended, tseslint.configs.recommended],
    rules: {
      // toolgate must escape control characters from scanned files in its
      // output (DESIGN.md, reliability), so regexes over them are the point.
      'no-control-regex': 'off',
      // `const { dropped, ...kept } = value` leaves a property out on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_' }],
    },
  },
  {
    // Only src/eslint builds ESLint rule modules (the adapter). The files in
    // rules/ are toolgate rules: pure checks over the agent model with no
    // `create(context)`, which eslint-plugin-eslint-plugin cannot read.
    name: 'toolgate/eslint-adapter',
    files: ['src/eslint/**/*.ts'],
    extends: [eslintPlugin.configs.recommended],
  },
]);
