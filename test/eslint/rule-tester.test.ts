import { frontEnds } from '../../src/frontends/registry.js';
import { runRuleTests } from '../support/rule-tester.js';
import { reportConfigurations } from './dummy-rules.js';
import { fakeAnalyse } from './fake-front-end.js';

// The harness is proven against a fake front end, so it holds before (and
// independently of) the real extraction; rule-tester.front-end.test.ts runs it
// over the real one.
const fake = { frontEnds, analyse: fakeAnalyse };

const sdk = "import { query, startup } from '@anthropic-ai/claude-agent-sdk';\n";
const error = (line: number, column: number, entry = 'query') => ({
  messageId: 'configuration' as const,
  data: { entry },
  line,
  column,
  endLine: line,
  endColumn: column + entry.length,
});

runRuleTests(reportConfigurations, {
  typescript: {
    valid: [
      { name: 'no SDK import: the prefilter skips the file', code: "query({ prompt: 'x' });" },
      { name: 'defaults leave startup out', code: `${sdk}startup({});` },
    ],
    invalid: [
      { name: 'reports at the span', code: `${sdk}query({ prompt: 'x' });`, errors: [error(2, 1)] },
      {
        name: 'parsed as TypeScript',
        code: `${sdk}const prompt: string = 'x';\nvoid (query({ prompt }) as unknown);`,
        errors: [error(3, 7)],
      },
      {
        name: 'user options replace the defaults',
        code: `${sdk}query({});\n  startup({});`,
        options: [{ entries: ['startup'] }],
        errors: [error(3, 3, 'startup')],
      },
      { name: 'CRLF line breaks', code: `${sdk.replace('\n', '\r\n')}\r\n\r\n  query({});`, errors: [error(4, 3)] },
      {
        name: "toolgate's own syntax errors are left to ESLint",
        code: `${sdk}/* broken */ query({});`,
        errors: [error(2, 14)],
      },
      { name: 'a .tsx file name', code: `${sdk}query({});`, filename: 'agent.tsx', errors: [error(2, 1)] },
    ],
  },
  javascript: {
    valid: [
      { name: 'no SDK import', code: "query({ prompt: 'x' });" },
      { name: 'a file no front end reads is skipped', code: `${sdk}query({});`, filename: 'agent.vue' },
    ],
    invalid: [
      { name: 'module', code: `${sdk}query({});`, errors: [error(2, 1)] },
      { name: '.mjs', code: `${sdk}query({});`, filename: 'agent.mjs', errors: [error(2, 1)] },
      {
        // A top-level return only parses as CommonJS: proves `.cjs` gets sourceType commonjs.
        name: '.cjs is CommonJS',
        code: "const { query } = require('@anthropic-ai/claude-agent-sdk');\nif (!query) return;\nquery({});",
        filename: 'agent.cjs',
        errors: [error(3, 1)],
      },
      {
        name: 'user options',
        code: `${sdk}startup({}); query({});`,
        options: [{ entries: ['query', 'startup'] }],
        errors: [error(2, 1, 'startup'), error(2, 14)],
      },
    ],
  },
}, fake);
