import rule from '../../../rules/no-bypass-without-disallowed-tools.js';
import { runRuleTests } from '../../support/rule-tester.js';

// The AI SDK provider (`ai-sdk-provider-claude-code`) hands a model's settings,
// merged over its factory's `defaultSettings`, to query(): each model is judged
// on that merge.

const provider = "import { claudeCode, createClaudeCode } from 'ai-sdk-provider-claude-code';";
/** A provider made with `defaults`, then `models` (one line each, from line 3). */
const made = (defaults: string, ...models: string[]) => [provider, `const agents = createClaudeCode({ defaultSettings: { ${defaults} } });`, ...models].join('\n');
const names = { mode: 'permissionMode', deny: 'disallowedTools', tools: 'tools', allowed: 'allowedTools', exposure: '' };
const bypass = { ...names, certainty: 'is', from: '' };
/** The 1-based column of `needle` in line `line` of `code`. */
const columnOf = (code: string, line: number, needle: string) => code.split('\n')[line - 1]!.indexOf(needle) + 1;

const defaultsBypass = made("permissionMode: 'bypassPermissions', cwd: '/srv'", "export const model = agents('opus');");
const modelBypass = `${provider}\nexport const model = claudeCode('sonnet', { permissionMode: 'bypassPermissions', allowedTools: ['Read'] });`;
const unused = made("permissionMode: 'bypassPermissions'");
const chat = made("permissionMode: 'acceptEdits'", "export const model = agents.chat('opus', { permissionMode: 'bypassPermissions' });");
const sdkOptions = `${provider}\nexport const model = claudeCode('opus', { sdkOptions: { permissionMode: 'bypassPermissions' } });`;
const commonJs = "const { createClaudeCode } = require('ai-sdk-provider-claude-code');\nconst agents = createClaudeCode({ defaultSettings: { permissionMode: 'bypassPermissions' } });\nmodule.exports = agents.languageModel('opus');";

runRuleTests(rule, {
  typescript: {
    valid: [
      // A factory with bypass and a deny list: every model keeps the deny list.
      made("permissionMode: 'bypassPermissions', disallowedTools: ['Bash(rm *)']", "export const model = agents('opus');", "export const other = agents('sonnet', { maxTurns: 3 });"),
      // A model that overrides the defaults' bypass with 'default'.
      made("permissionMode: 'bypassPermissions'", "export const model = agents('opus', { permissionMode: 'default' });"),
      // The deny list in the defaults, the bypass in the model's settings.
      made("disallowedTools: ['WebFetch']", "export const model = agents.languageModel('opus', { permissionMode: 'bypassPermissions' });"),
      // sdkOptions sets any option over the settings; a function of the same name that is not the package's.
      `${provider}\nexport const model = claudeCode('opus', { permissionMode: 'bypassPermissions', sdkOptions: { disallowedTools: ['Bash'] } });`,
      "function claudeCode(id: string, settings: object) { return { id, settings }; }\nexport const model = claudeCode('opus', { permissionMode: 'bypassPermissions' });",
    ],
    invalid: [
      {
        name: "bypass in the factory's defaults, a model that takes them",
        code: defaultsBypass,
        errors: [{ messageId: 'bypassWithoutDeny', data: bypass, line: 2, column: columnOf(defaultsBypass, 2, "'bypassPermissions'") }],
      },
      {
        name: "bypass and an allow list in the default provider's model settings",
        code: modelBypass,
        errors: [
          { messageId: 'bypassWithoutDeny', data: bypass, line: 2, column: columnOf(modelBypass, 2, "'bypassPermissions'") },
          { messageId: 'allowedToolsIgnored', line: 2, column: columnOf(modelBypass, 2, 'allowedTools') },
        ],
      },
      {
        name: 'a factory no model of the file uses: its defaults on their own',
        code: unused,
        errors: [{ messageId: 'bypassWithoutDeny', data: bypass, line: 2, column: columnOf(unused, 2, "'bypassPermissions'") }],
      },
      {
        name: "a model's chat() overriding the defaults' mode with bypass",
        code: chat,
        errors: [{ messageId: 'bypassWithoutDeny', data: bypass, line: 3, column: columnOf(chat, 3, "'bypassPermissions'") }],
      },
      {
        name: 'bypass set through sdkOptions',
        code: sdkOptions,
        errors: [{ messageId: 'bypassWithoutDeny', data: bypass, line: 2, column: columnOf(sdkOptions, 2, "'bypassPermissions'") }],
      },
    ],
  },
  javascript: {
    valid: [made("permissionMode: 'bypassPermissions', disallowedTools: ['Bash']", "export const model = agents('opus');")],
    invalid: [
      {
        name: 'CommonJS require, languageModel()',
        filename: 'agent.cjs',
        code: commonJs,
        errors: [{ messageId: 'bypassWithoutDeny', data: bypass, line: 2, column: columnOf(commonJs, 2, "'bypassPermissions'") }],
      },
      { name: 'ESM JavaScript', code: defaultsBypass, errors: [{ messageId: 'bypassWithoutDeny', line: 2, column: columnOf(defaultsBypass, 2, "'bypassPermissions'") }] },
    ],
  },
});
