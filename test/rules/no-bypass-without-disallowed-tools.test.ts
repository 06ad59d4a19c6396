import rule from '../../rules/no-bypass-without-disallowed-tools.js';
import { runRuleTests } from '../support/rule-tester.js';

const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
const names = { mode: 'permissionMode', deny: 'disallowedTools', tools: 'tools', allowed: 'allowedTools' };
const options = (body: string) => `${sdk}\nquery({ prompt: 'x', options: { ${body} } });`;
const modeColumn = "query({ prompt: 'x', options: { permissionMode: ".length + 1;
const fromEnvironment = (name: string) => ` (the fallback when the environment variable ${name} is not set)`;

runRuleTests(rule, {
  typescript: {
    valid: [
      options("permissionMode: 'bypassPermissions', disallowedTools: ['Bash(rm *)', 'WebFetch']"),
      options("permissionMode: 'bypassPermissions', tools: ['Read', 'Grep']"),
      options("permissionMode: 'bypassPermissions', tools: []"),
      options("permissionMode: 'bypassPermissions', settings: { permissions: { deny: ['Bash(curl *)'] } }"),
      options("permissionMode: 'bypassPermissions', managedSettings: { permissions: { deny: ['WebFetch'] } }"),
      // A settings file path: its deny rules are not visible here, so nothing is certain.
      options("permissionMode: 'bypassPermissions', settings: './agent-settings.json'"),
      // Unknown deny lists and modes are never reported.
      `${sdk}\nimport { deny } from './deny';\nquery({ prompt: 'x', options: { permissionMode: 'bypassPermissions', disallowedTools: deny } });`,
      `${sdk}\nimport { base } from './base';\nquery({ prompt: 'x', options: { ...base, permissionMode: 'bypassPermissions' } });`,
      options("permissionMode: process.env.MODE as 'default'"),
      // A fallback that is not bypass, and an environment read with none: nothing to report.
      options("permissionMode: process.env.MODE ?? 'default'"),
      options("permissionMode: process.env.MODE || 'acceptEdits'"),
      `${sdk}\nconst mode = process.env.AGENT_MODE;\nquery({ prompt: 'x', options: { permissionMode: mode } });`,
      options("permissionMode: 'acceptEdits', allowedTools: ['Read']"),
      options("permissionMode: 'default'"),
      // The later of two writes wins.
      `import { query, type Options } from '@anthropic-ai/claude-agent-sdk';\nconst options: Options = {};\noptions.permissionMode = 'bypassPermissions';\noptions.permissionMode = 'default';\nquery({ prompt: 'x', options });`,
    ],
    invalid: [
      {
        name: 'bypass with nothing else',
        code: options("permissionMode: 'bypassPermissions'"),
        errors: [{ messageId: 'bypassWithoutDeny', data: { ...names, certainty: 'is', from: '' }, line: 2, column: modeColumn, endColumn: modeColumn + 19 }],
      },
      {
        name: 'an empty disallowedTools and the full preset',
        code: options("permissionMode: 'bypassPermissions', disallowedTools: [], tools: { type: 'preset', preset: 'claude_code' }"),
        errors: [{ messageId: 'bypassWithoutDeny', line: 2, column: modeColumn }],
      },
      {
        name: 'allowedTools does not constrain bypass, and is reported on the property',
        code: `${sdk}\nquery({ prompt: 'x', options: {\n  permissionMode: 'bypassPermissions',\n  allowedTools: ['Read'],\n} });`,
        errors: [
          { messageId: 'bypassWithoutDeny', line: 3, column: 19 },
          { messageId: 'allowedToolsIgnored', data: names, line: 4, column: 3, endColumn: 15 },
        ],
      },
      {
        name: 'allowedTools with deny rules still misleads',
        code: options("permissionMode: 'bypassPermissions', disallowedTools: ['Bash'], allowedTools: ['Read']"),
        errors: [{ messageId: 'allowedToolsIgnored', line: 2, column: 97 }],
      },
      {
        name: 'a later write turns bypass on',
        code: `import { query, type Options } from '@anthropic-ai/claude-agent-sdk';\nconst options: Options = {};\noptions.permissionMode = 'default';\noptions.permissionMode = 'bypassPermissions';\nquery({ prompt: 'x', options });`,
        errors: [{ messageId: 'bypassWithoutDeny', line: 4, column: 26 }],
      },
      {
        name: 'a bypass that depends on the environment',
        code: `${sdk}\nconst yolo = process.env.YOLO === '1';\nquery({ prompt: 'x', options: { permissionMode: yolo ? 'bypassPermissions' : 'default' } });`,
        errors: [{ messageId: 'bypassWithoutDeny', data: { ...names, certainty: 'can be', from: '' }, line: 3, column: 56 }],
      },
      {
        name: 'an environment variable with a bypass fallback: can be, naming the variable',
        code: options("permissionMode: process.env.MODE ?? 'bypassPermissions'"),
        errors: [
          {
            messageId: 'bypassWithoutDeny',
            data: { ...names, certainty: 'can be', from: fromEnvironment('MODE') },
            line: 2,
            column: modeColumn + 'process.env.MODE ?? '.length,
          },
        ],
      },
      {
        name: 'an || fallback through a variable, the key in brackets',
        code: `${sdk}\nconst mode = process.env['AGENT_MODE'] || 'bypassPermissions';\nquery({ prompt: 'x', options: { permissionMode: mode } });`,
        errors: [{ messageId: 'bypassWithoutDeny', data: { ...names, certainty: 'can be', from: fromEnvironment('AGENT_MODE') }, line: 2, column: 43 }],
      },
      {
        name: 'env imported from node:process',
        code: `${sdk}\nimport { env } from 'node:process';\nquery({ prompt: 'x', options: { permissionMode: env.MODE ?? 'bypassPermissions' } });`,
        errors: [{ messageId: 'bypassWithoutDeny', data: { ...names, certainty: 'can be', from: fromEnvironment('MODE') }, line: 3, column: 61 }],
      },
      {
        name: 'a typed options object that is never passed in this file',
        code: `import type { Options } from '@anthropic-ai/claude-agent-sdk';\nexport const options: Options = { permissionMode: 'bypassPermissions', allowDangerouslySkipPermissions: true };`,
        errors: [{ messageId: 'bypassWithoutDeny', line: 2, column: 51 }],
      },
    ],
  },
  javascript: {
    valid: [
      options("permissionMode: process.env.MODE ?? 'default'"),
      options("permissionMode: 'bypassPermissions', disallowedTools: ['Bash']"),
      // The later of two writes wins.
      `${sdk}\nconst options = {};\noptions.permissionMode = 'bypassPermissions';\noptions.permissionMode = 'default';\nquery({ prompt: 'x', options });`,
    ],
    invalid: [
      {
        name: 'a later write turns bypass on',
        code: `${sdk}\nconst options = {};\noptions.permissionMode = 'default';\noptions.permissionMode = 'bypassPermissions';\nquery({ prompt: 'x', options });`,
        errors: [{ messageId: 'bypassWithoutDeny', line: 4, column: 26 }],
      },
      {
        name: 'an environment variable with a bypass fallback',
        code: `${sdk}\nconst mode = process.env.MODE || 'bypassPermissions';\nquery({ prompt: 'x', options: { permissionMode: mode } });`,
        errors: [{ messageId: 'bypassWithoutDeny', data: { ...names, certainty: 'can be', from: fromEnvironment('MODE') }, line: 2, column: 34 }],
      },
      {
        name: 'CommonJS',
        filename: 'agent.cjs',
        code: `const { query } = require('@anthropic-ai/claude-agent-sdk');\nconst options = { permissionMode: 'bypassPermissions' };\nmodule.exports = () => query({ prompt: 'x', options });`,
        errors: [{ messageId: 'bypassWithoutDeny', line: 2, column: 35 }],
      },
      {
        name: 'ESM JavaScript',
        code: options("permissionMode: 'bypassPermissions'"),
        errors: [{ messageId: 'bypassWithoutDeny', line: 2, column: modeColumn }],
      },
    ],
  },
});
