import rule from '../../../rules/no-shadowed-can-use-tool.js';
import { runRuleTests } from '../../support/rule-tester.js';

const provider = "import { claudeCode, createClaudeCode } from 'ai-sdk-provider-claude-code';";
const gate = "const gate = async (_tool: string, input: Record<string, unknown>) => ({ behavior: 'allow' as const, updatedInput: input });";
const jsGate = "const gate = async (_tool, input) => ({ behavior: 'allow', updatedInput: input });";
/** The 1-based column of `needle` in line `line` of `code`. */
const columnOf = (code: string, line: number, needle: string) => code.split('\n')[line - 1]!.indexOf(needle) + 1;

const beside = (head: string) => `${provider}\n${head}\nexport const model = claudeCode('opus', { canUseTool: gate, permissionMode: 'bypassPermissions' });`;
const inherited = (head: string) => `${provider}\n${head}\nconst agents = createClaudeCode({ defaultSettings: { permissionMode: 'bypassPermissions' } });\nexport const model = agents('opus', { canUseTool: gate });`;

runRuleTests(rule, {
  typescript: {
    valid: [
      `${provider}\n${gate}\nexport const model = claudeCode('opus', { canUseTool: gate, permissionMode: 'default' });`,
      // The model overrides the defaults' bypass.
      `${provider}\n${gate}\nconst agents = createClaudeCode({ defaultSettings: { permissionMode: 'bypassPermissions' } });\nexport const model = agents('opus', { canUseTool: gate, permissionMode: 'default' });`,
    ],
    invalid: [
      {
        name: 'a callback next to bypass in the model settings',
        code: beside(gate),
        errors: [{ messageId: 'bypassMode', line: 3, column: columnOf(beside(gate), 3, "'bypassPermissions'") }],
      },
      {
        name: "a callback in the model settings, bypass in the factory's defaults",
        code: inherited(gate),
        errors: [{ messageId: 'bypassMode', line: 3, column: columnOf(inherited(gate), 3, "'bypassPermissions'") }],
      },
    ],
  },
  javascript: {
    valid: [`${provider}\n${jsGate}\nexport const model = claudeCode('opus', { canUseTool: gate });`],
    invalid: [{ name: 'a callback next to bypass', code: beside(jsGate), errors: [{ messageId: 'bypassMode', line: 3, column: columnOf(beside(jsGate), 3, "'bypassPermissions'") }] }],
  },
});
