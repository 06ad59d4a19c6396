import { runRuleTests } from '../support/rule-tester.js';
import { reportOptionKeys } from './dummy-rules.js';

// The harness over the real TypeScript front end: each option written on a
// `query` call is reported at its key, in every module flavour.
const esm = "import { query } from '@anthropic-ai/claude-agent-sdk';\n";
const cjs = "const { query } = require('@anthropic-ai/claude-agent-sdk');\n";
const call = "query({ prompt: 'x', options: { permissionMode: 'default' } });";
const option = { messageId: 'option' as const, data: { key: 'permissionMode' }, line: 2, column: 33, endColumn: 47 };

runRuleTests(reportOptionKeys, {
  typescript: {
    valid: [
      { name: 'no options written', code: `${esm}query({ prompt: 'x', options: {} });` },
      { name: 'no SDK import', code: call },
    ],
    invalid: [
      { name: 'one configuration', code: `${esm}${call}`, errors: [option] },
      {
        name: 'TypeScript syntax',
        code: `${esm}${call.replace("'default'", "'default' as const")}\nconst n: number = 1;`,
        errors: [option],
      },
    ],
  },
  javascript: {
    valid: [{ name: 'no options written', code: `${esm}query({ prompt: 'x', options: {} });` }],
    invalid: [
      { name: 'module', code: `${esm}${call}`, errors: [option] },
      { name: '.mjs', code: `${esm}${call}`, filename: 'agent.mjs', errors: [option] },
      { name: '.cjs with require', code: `${cjs}${call}`, filename: 'agent.cjs', errors: [option] },
    ],
  },
});
