import rule from '../../rules/no-persisted-whole-tool-allow.js';
import { runRuleTests } from '../support/rule-tester.js';

const sdk = "import { query, type CanUseTool } from '@anthropic-ai/claude-agent-sdk';\nimport { remember } from './prompt';";
/** A canUseTool whose allow (line 5) returns `updates` as updatedPermissions. */
const gate = (updates: string, parameters = 'toolName, input, options') =>
  `${sdk}\nconst canUseTool: CanUseTool = async (${parameters}) => {\n  if (!(await remember(toolName))) return { behavior: 'deny', message: 'Not approved.' };\n  return { behavior: 'allow', updatedInput: input, updatedPermissions: ${updates} };\n};\nquery({ prompt: 'x', options: { canUseTool } });`;
/** One PermissionUpdate, as the SDK's type spells it. */
const update = (rule: string, destination = "'localSettings'", behavior = "'allow'", type = "'addRules'") =>
  `[{ type: ${type}, rules: [${rule}], behavior: ${behavior}, destination: ${destination} }]`;
const persisted = (tool: string, more: Partial<Record<'gate' | 'verb' | 'destination' | 'file' | 'example', string>> = {}) => ({
  gate: "'canUseTool'",
  verb: 'writes',
  tool,
  destination: 'localSettings',
  file: '.claude/settings.local.json',
  from: '',
  callback: 'canUseTool',
  example: 'Bash(npm test *)',
  ...more,
});
const echoed = (gate = "'canUseTool'", suggestions = 'suggestions') => ({ gate, suggestions, callback: 'canUseTool' });
const forSession = (code: string, destination = "'localSettings'") => [{ messageId: 'keepForSession' as const, output: code.replace(destination, "'session'") }];

const jsSdk = "const { query } = require('@anthropic-ai/claude-agent-sdk');";
/** A PermissionRequest hook whose allow (line 3) carries `updates`. */
const requestHook = (updates: string) =>
  `${jsSdk}\nconst grant = async (input) => ({\n  hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow', updatedPermissions: ${updates} } },\n});\nquery({ prompt: 'x', options: { hooks: { PermissionRequest: [{ matcher: 'Edit', hooks: [grant] }] } } });`;

const bareBash = gate(update("{ toolName: 'Bash' }"));
const everyCommand = gate(update("{ toolName: 'Bash', ruleContent: '*' }", "'projectSettings'"));
const wholeServer = gate(update("{ toolName: 'mcp__github' }, { toolName: 'mcp__jira__*' }", "'userSettings'"));
const replacing = gate(update("{ toolName: 'Edit', ruleContent: '' }", "'localSettings'", "'allow'", "'replaceRules'"));
const eitherDestination = gate(update("{ toolName: 'Bash' }", "process.env.REMEMBER ? 'localSettings' : 'session'"));

runRuleTests(rule, {
  typescript: {
    valid: [
      // A scoped rule persists only what it names.
      gate(update("{ toolName: 'Bash', ruleContent: 'npm test *' }")),
      // Session and command-line rules end with the session.
      gate(update("{ toolName: 'Bash' }", "'session'")),
      gate(update("{ toolName: 'Bash' }", "'cliArg'")),
      // A deny or ask rule, or a removal, approves nothing.
      gate(update("{ toolName: 'Bash' }", "'localSettings'", "'deny'")),
      gate(update("{ toolName: 'Bash' }", "'localSettings'", "'ask'")),
      gate(update("{ toolName: 'Bash' }", "'localSettings'", "'allow'", "'removeRules'")),
      // One MCP tool has no narrower rule; a wildcard name is skipped by the settings validator.
      gate(update("{ toolName: 'mcp__github__get_issue' }")),
      gate(update("{ toolName: '*' }")),
      // A destination or tool the rule cannot see.
      gate(update("{ toolName: 'Bash' }", 'remember.destination')),
      gate(update('{ toolName }')),
      // The suggestions, filtered.
      gate("options.suggestions?.filter((suggestion) => suggestion.destination === 'session')"),
      // Another parameter's field, or a suggestions list the callback did not get.
      gate('input.suggestions'),
      gate('remember.suggestions'),
    ],
    invalid: [
      {
        name: 'a bare tool name to localSettings',
        code: bareBash,
        errors: [{ messageId: 'wholeToolPersisted', data: persisted('Bash'), line: 5, column: 113, endColumn: 119, suggestions: forSession(bareBash) }],
      },
      {
        name: "ruleContent '*' to projectSettings",
        code: everyCommand,
        errors: [{ messageId: 'wholeToolPersisted', data: persisted('Bash', { destination: 'projectSettings', file: '.claude/settings.json' }), line: 5, column: 113, suggestions: forSession(everyCommand, "'projectSettings'") }],
      },
      {
        name: 'whole MCP servers to userSettings',
        code: wholeServer,
        errors: [
          { messageId: 'wholeToolPersisted', data: persisted('mcp__github', { destination: 'userSettings', file: '~/.claude/settings.json', example: 'mcp__github__<tool>' }), line: 5, column: 113, suggestions: forSession(wholeServer, "'userSettings'") },
          { messageId: 'wholeToolPersisted', data: persisted('mcp__jira__*', { destination: 'userSettings', file: '~/.claude/settings.json', example: 'mcp__jira__<tool>' }), line: 5, column: 142, suggestions: forSession(wholeServer, "'userSettings'") },
        ],
      },
      {
        name: 'a destination that can be a settings file',
        code: eitherDestination,
        errors: [{ messageId: 'wholeToolPersisted', data: persisted('Bash', { verb: 'can write' }), line: 5, column: 113, suggestions: forSession(eitherDestination) }],
      },
      {
        name: 'replaceRules writes the rules too',
        code: replacing,
        errors: [{ messageId: 'wholeToolPersisted', data: persisted('Edit', { example: 'Edit(./src/**)' }), line: 5, column: 117, suggestions: forSession(replacing) }],
      },
      {
        name: 'the suggestions echoed',
        code: gate('options.suggestions'),
        errors: [{ messageId: 'suggestionsEchoed', data: echoed(), line: 5, column: 52, endColumn: 70 }],
      },
      {
        // A `this` parameter is a type, not an argument: options is still the third.
        name: 'the suggestions echoed by a method with a this parameter',
        code: `${sdk}\nclass Agent {\n  async check(this: Agent, toolName: string, input: Record<string, unknown>, options: { suggestions?: never[] }) {\n    return { behavior: 'allow' as const, updatedPermissions: options.suggestions };\n  }\n  run() {\n    return query({ prompt: 'x', options: { canUseTool: this.check } });\n  }\n}`,
        errors: [{ messageId: 'suggestionsEchoed', data: echoed("'check'"), line: 5, column: 42 }],
      },
      {
        name: 'the suggestions echoed from a destructured parameter, or an empty list',
        code: gate('suggestions ?? []', 'toolName, input, { suggestions }'),
        errors: [{ messageId: 'suggestionsEchoed', data: echoed(), line: 5, column: 52 }],
      },
    ],
  },
  javascript: {
    valid: [
      // A PreToolUse hook has no updatedPermissions: the same shape decides nothing there.
      `${jsSdk}\nconst grant = async () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', decision: { behavior: 'allow', updatedPermissions: [{ type: 'addRules', rules: [{ toolName: 'Edit' }], behavior: 'allow', destination: 'localSettings' }] } } });\nquery({ prompt: 'x', options: { hooks: { PreToolUse: [{ hooks: [grant] }] } } });`,
      // A PermissionRequest hook that keeps its rule for the session.
      requestHook("[{ type: 'addRules', rules: [{ toolName: 'Edit' }], behavior: 'allow', destination: 'session' }]"),
      // A deny result carries no updates that Claude Code applies.
      `${jsSdk}\nquery({ prompt: 'x', options: { canUseTool: async (name, input, options) => ({ behavior: 'deny', message: 'no', updatedPermissions: options.suggestions }) } });`,
    ],
    invalid: [
      {
        name: 'a PermissionRequest hook that writes a whole-tool rule',
        code: requestHook("[{ type: 'addRules', rules: [{ toolName: 'Edit' }], behavior: 'allow', destination: 'localSettings' }]"),
        errors: [
          {
            messageId: 'wholeToolPersisted',
            data: persisted('Edit', { gate: "'grant'", example: 'Edit(./src/**)' }),
            line: 3,
            column: 153,
            suggestions: [{ messageId: 'keepForSession', output: requestHook("[{ type: 'addRules', rules: [{ toolName: 'Edit' }], behavior: 'allow', destination: 'session' }]") }],
          },
        ],
      },
      {
        name: 'a PermissionRequest hook that echoes its permission_suggestions',
        code: requestHook('input.permission_suggestions'),
        errors: [{ messageId: 'suggestionsEchoed', data: echoed("'grant'", 'permission_suggestions'), line: 3, column: 92 }],
      },
      {
        name: 'canUseTool inline, in CommonJS',
        filename: 'agent.cjs',
        code: `${jsSdk}\nquery({ prompt: 'x', options: {\n  canUseTool: async (name, input, { suggestions }) => ({ behavior: 'allow', updatedPermissions: suggestions }),\n} });`,
        errors: [{ messageId: 'suggestionsEchoed', data: echoed(), line: 3, column: 77 }],
      },
    ],
  },
});
