import rule from '../../rules/no-shadowed-can-use-tool.js';
import { runRuleTests } from '../support/rule-tester.js';

const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
const gate = 'const canUseTool = async () => ({ behavior: "deny" as const, message: "no" });';
const jsGate = 'const canUseTool = async () => ({ behavior: "deny", message: "no" });';
const mode = (certainty: string, from = '') => ({ mode: 'permissionMode', certainty, from, callback: 'canUseTool' });
const entry = (entry: string, tool: string, example: string) => ({ entry, tool, example, option: 'allowedTools', callback: 'canUseTool' });
const allowList = "'Bash', 'Bash(npm test *)', 'Bash(*)', 'mcp__github', 'mcp__github__get_issue'";
const entries = (list: string) => `${sdk}\n${gate}\nquery({ prompt: 'x', options: {\n  allowedTools: [${list}],\n  canUseTool,\n} });`;
/** The one suggestion: the list without `removed` (the entry and its separator). */
const removing = (name: string, removed: string) => [
  { messageId: 'removeEntry' as const, data: { entry: name, callback: 'canUseTool' }, output: entries(allowList.replace(removed, '')) },
];

runRuleTests(rule, {
  typescript: {
    valid: [
      // No callback: nothing is shadowed.
      `${sdk}\nquery({ prompt: 'x', options: { permissionMode: 'bypassPermissions', allowedTools: ['Bash'] } });`,
      // Modes that leave the decision to the callback.
      `${sdk}\n${gate}\nquery({ prompt: 'x', options: { permissionMode: 'default', canUseTool } });`,
      `${sdk}\n${gate}\nquery({ prompt: 'x', options: { permissionMode: 'plan', canUseTool } });`,
      // Options spread in from an unknown object name no callback: there is none to shadow.
      `${sdk}\nexport class Client {\n  private defaults: Record<string, unknown>;\n  constructor(options?: Record<string, unknown>) {\n    this.defaults = { allowedTools: ['Bash', 'Read'], ...options };\n  }\n  run(prompt: string) {\n    return query({ prompt, options: this.defaults });\n  }\n}`,
      // A PermissionRequest hook that decides only some requests leaves the rest to the callback.
      `import { query, type HookCallback } from '@anthropic-ai/claude-agent-sdk';\n${gate}\nconst grant: HookCallback = async (input) => ((input as { tool_name: string }).tool_name === 'Read' ? { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } } : {});\nquery({ prompt: 'x', options: { canUseTool, hooks: { PermissionRequest: [{ hooks: [grant] }] } } });`,
      // A PermissionRequest hook decides only with decision.behavior: the PreToolUse fields and the legacy decision approve nothing there.
      `import { query, type HookCallback } from '@anthropic-ai/claude-agent-sdk';\n${gate}\nconst grant: HookCallback = async () => ({ decision: 'approve', hookSpecificOutput: { hookEventName: 'PermissionRequest', permissionDecision: 'allow' } } as never);\nquery({ prompt: 'x', options: { canUseTool, hooks: { PermissionRequest: [{ hooks: [grant] }] } } });`,
      // Scoped allow rules only skip matching calls.
      `${sdk}\n${gate}\nquery({ prompt: 'x', options: { allowedTools: ['Bash(npm test *)', 'Read(./src/**)'], canUseTool } });`,
      // Entries that name no tool approve nothing (the CLI drops or never matches them): valid-permission-rule's.
      `${sdk}\n${gate}\nquery({ prompt: 'x', options: { allowedTools: ['', '  ', 'Bash(', '(Bash)', '*'], canUseTool } });`,
      // Tools of older versions that the current SDK does not have: no call of theirs reaches the callback.
      `${sdk}\n${gate}\nquery({ prompt: 'x', options: { allowedTools: ['TodoRead', 'LS', 'BashOutput', 'SlashCommand'], canUseTool } });`,
      // Names the user allows on purpose.
      { code: `${sdk}\n${gate}\nquery({ prompt: 'x', options: { allowedTools: ['Read', 'Glob'], canUseTool } });`, options: [{ allow: ['Read', 'Glob'] }] },
      // auto is reported only by the strict config.
      `${sdk}\n${gate}\nquery({ prompt: 'x', options: { permissionMode: 'auto', canUseTool } });`,
      // An unknown mode is never reported.
      `${sdk}\n${gate}\nquery({ prompt: 'x', options: { permissionMode: process.env.MODE as any, canUseTool } });`,
      `${sdk}\n${gate}\nquery({ prompt: 'x', options: { permissionMode: process.env.MODE ?? 'default', canUseTool } });`,
      `${sdk}\nimport { mode } from './mode';\n${gate}\nquery({ prompt: 'x', options: { permissionMode: mode, canUseTool } });`,
      // canUseTool explicitly unset.
      `${sdk}\nquery({ prompt: 'x', options: { permissionMode: 'bypassPermissions', disallowedTools: ['Bash'], canUseTool: undefined } });`,
      // A query that is not the SDK's.
      `import { query } from './db';\n${gate}\nquery({ prompt: 'x', options: { permissionMode: 'bypassPermissions', canUseTool } });`,
      // A file that does not use the SDK at all.
      `${gate}\nexport const options = { permissionMode: 'bypassPermissions', canUseTool };`,
      // A hook that approves only some calls leaves the rest to the callback.
      `${sdk}\n${gate}\nconst hook = async (input: any) => {\n  if (input.tool_name === 'Read') return { hookSpecificOutput: { hookEventName: 'PreToolUse' as const, permissionDecision: 'allow' as const } };\n  return {};\n};\nquery({ prompt: 'x', options: { canUseTool, hooks: { PreToolUse: [{ matcher: 'Read', hooks: [hook] }] } } });`,
      // A PostToolUse hook decides nothing about permissions.
      `${sdk}\n${gate}\nconst after = async () => ({ decision: 'approve' as const });\nquery({ prompt: 'x', options: { canUseTool, hooks: { PostToolUse: [{ hooks: [after] }] } } });`,
    ],
    invalid: [
      {
        name: 'a retired tool next to a current one: only the current one is shadowed',
        code: `${sdk}\n${gate}\nquery({ prompt: 'x', options: { allowedTools: ['TodoRead', 'TodoWrite'], canUseTool } });`,
        errors: [{ messageId: 'wholeToolAllowed', data: entry('TodoWrite', 'TodoWrite', 'TodoWrite(<specifier>)'), line: 3, column: 60, suggestions: [
          { messageId: 'removeEntry', data: { entry: 'TodoWrite', callback: 'canUseTool' }, output: `${sdk}\n${gate}\nquery({ prompt: 'x', options: { allowedTools: ['TodoRead'], canUseTool } });` },
        ] }],
      },
      {
        name: 'acceptEdits as the fallback of an environment variable: can be, naming it',
        code: `${sdk}\n${gate}\nquery({ prompt: 'x', options: { permissionMode: process.env.MODE ?? 'acceptEdits', canUseTool } });`,
        errors: [{ messageId: 'acceptEditsMode', data: mode('can be', ' (the fallback when the environment variable MODE is not set)'), line: 3, column: 69 }],
      },
      {
        name: 'bypassPermissions inline',
        code: `${sdk}\n${gate}\nquery({\n  prompt: 'x',\n  options: { permissionMode: 'bypassPermissions', canUseTool },\n});`,
        errors: [{ messageId: 'bypassMode', data: mode('is'), line: 5, column: 30, endLine: 5, endColumn: 49 }],
      },
      {
        name: 'a declared callback is set, even though its body is elsewhere',
        code: `import { query, type CanUseTool } from '@anthropic-ai/claude-agent-sdk';\ndeclare const review: CanUseTool;\nquery({ prompt: 'x', options: { permissionMode: 'dontAsk', canUseTool: review } });`,
        errors: [{ messageId: 'dontAskMode', line: 3, column: 49 }],
      },
      {
        name: 'dontAsk in a typed variable',
        code: `import { query, type Options } from '@anthropic-ai/claude-agent-sdk';\n${gate}\nconst options: Options = { permissionMode: 'dontAsk', canUseTool };\nquery({ prompt: 'x', options });`,
        errors: [{ messageId: 'dontAskMode', line: 3, column: 44 }],
      },
      {
        name: 'acceptEdits with satisfies and as const',
        code: `import { query, type Options } from '@anthropic-ai/claude-agent-sdk';\n${gate}\nconst options = { permissionMode: 'acceptEdits', canUseTool } as const satisfies Options;\nquery({ prompt: 'x', options });`,
        errors: [{ messageId: 'acceptEditsMode', line: 3, column: 35 }],
      },
      {
        name: 'a ternary: can be',
        code: `${sdk}\n${gate}\nquery({ prompt: 'x', options: { permissionMode: process.env.CI ? 'bypassPermissions' : 'default', canUseTool } });`,
        errors: [{ messageId: 'bypassMode', data: mode('can be'), line: 3, column: 66 }],
      },
      {
        name: 'an if assignment: can be',
        code: `${sdk}\n${gate}\nlet mode: 'default' | 'bypassPermissions' = 'default';\nif (process.env.YOLO) mode = 'bypassPermissions';\nquery({ prompt: 'x', options: { permissionMode: mode, canUseTool } });`,
        errors: [{ messageId: 'bypassMode', data: mode('can be'), line: 4, column: 30 }],
      },
      {
        name: 'a spread base object',
        code: `${sdk}\n${gate}\nconst base = { permissionMode: 'bypassPermissions' as const };\nquery({ prompt: 'x', options: { ...base, canUseTool } });`,
        errors: [{ messageId: 'bypassMode', data: mode('is'), line: 3, column: 32 }],
      },
      {
        name: 'a helper returning a literal, with an argument',
        code: `import { query, type Options } from '@anthropic-ai/claude-agent-sdk';\n${gate}\nfunction makeOptions(mode: Options['permissionMode']): Options {\n  return { permissionMode: mode, canUseTool };\n}\nquery({ prompt: 'x', options: makeOptions('dontAsk') });`,
        errors: [{ messageId: 'dontAskMode', line: 6, column: 43 }],
      },
      {
        name: 'namespace import and the older package',
        code: `import * as sdk from '@anthropic-ai/claude-code';\n${gate}\nsdk.query({ prompt: 'x', options: { permissionMode: 'bypassPermissions', canUseTool } });`,
        errors: [{ messageId: 'bypassMode', line: 3, column: 53 }],
      },
      {
        name: 'an aliased import, startup and prewarm',
        code: `import { query as run, startup, prewarm } from '@anthropic-ai/claude-agent-sdk';\n${gate}\nrun({ prompt: 'x', options: { permissionPrompts: 'none', canUseTool } });\nawait startup({ options: { skills: 'all', canUseTool } });\nprewarm({ options: { permissionMode: 'dontAsk', canUseTool } });`,
        errors: [
          { messageId: 'promptsNone', line: 3, column: 50 },
          { messageId: 'allSkills', line: 4, column: 36 },
          { messageId: 'dontAskMode', line: 5, column: 38 },
        ],
      },
      {
        name: 'whole-tool allow entries, and not the scoped one',
        code: entries(allowList),
        errors: [
          { messageId: 'wholeToolAllowed', data: entry('Bash', 'Bash', 'Bash(npm test *)'), line: 4, column: 18, endColumn: 24, suggestions: removing('Bash', "'Bash', ") },
          { messageId: 'wholeToolAllowed', data: entry('Bash(*)', 'Bash', 'Bash(npm test *)'), line: 4, column: 46, suggestions: removing('Bash(*)', "'Bash(*)', ") },
          { messageId: 'wholeToolAllowed', data: entry('mcp__github', 'mcp__github', 'mcp__github__<tool>'), line: 4, column: 57, suggestions: removing('mcp__github', "'mcp__github', ") },
          {
            messageId: 'mcpToolAllowed',
            data: { entry: 'mcp__github__get_issue', option: 'allowedTools', callback: 'canUseTool' },
            line: 4,
            column: 72,
            suggestions: removing('mcp__github__get_issue', ", 'mcp__github__get_issue'"),
          },
        ],
      },
      {
        name: 'a PreToolUse hook that always allows, declared as a function',
        code: `import { query, type HookCallback } from '@anthropic-ai/claude-agent-sdk';\n${gate}\nasync function approve() {\n  return { hookSpecificOutput: { hookEventName: 'PreToolUse' as const, permissionDecision: 'allow' as const } };\n}\nquery({ prompt: 'x', options: { canUseTool, hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [approve] }] } } });`,
        errors: [{ messageId: 'hookApproves', data: { hook: "'approve'", tools: 'Bash calls', callback: 'canUseTool' }, line: 6, column: 94 }],
      },
      {
        name: 'a PermissionRequest hook that always allows',
        code: `import { query, type HookCallback } from '@anthropic-ai/claude-agent-sdk';\n${gate}\nconst grant: HookCallback = async () => ({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } });\nquery({ prompt: 'x', options: { canUseTool, hooks: { PermissionRequest: [{ matcher: 'Bash', hooks: [grant] }] } } });`,
        errors: [{ messageId: 'requestHookApproves', data: { hook: "'grant'", tools: 'Bash calls', callback: 'canUseTool' }, line: 4, column: 101 }],
      },
      {
        name: 'an always-allow method hook with no matcher',
        code: `${sdk}\n${gate}\nclass Guards {\n  async pass() {\n    return { decision: 'approve' as const };\n  }\n}\nconst guards = new Guards();\nquery({ prompt: 'x', options: { canUseTool, hooks: { PreToolUse: [{ hooks: [guards.pass.bind(guards)] }] } } });`,
        errors: [{ messageId: 'hookApproves', data: { hook: "'pass'", tools: 'any tool call', callback: 'canUseTool' }, line: 9, column: 77 }],
      },
      {
        name: 'auto mode in the strict setting',
        code: `${sdk}\n${gate}\nquery({ prompt: 'x', options: { permissionMode: 'auto', canUseTool } });`,
        options: [{ checkAutoMode: true }],
        errors: [{ messageId: 'autoMode', line: 3, column: 49 }],
      },
      {
        name: 'the browser entry takes flat options',
        code: `import { query } from '@anthropic-ai/claude-agent-sdk/browser';\n${gate}\nquery({ prompt: 'x', permissionMode: 'bypassPermissions', canUseTool });`,
        errors: [{ messageId: 'bypassMode', line: 3, column: 38 }],
      },
      {
        name: 'a prewarmed process claimed with a mode that shadows the callback fixed at prewarm',
        code: `import { prewarm } from '@anthropic-ai/claude-agent-sdk';\n${gate}\nconst spare = await prewarm({ options: { canUseTool } });\nspare.claim({ prompt: 'x', options: { permissionMode: 'bypassPermissions' } });`,
        errors: [{ messageId: 'bypassMode', line: 4, column: 55 }],
      },
      {
        name: 'the v2 session preview',
        code: `import { unstable_v2_createSession } from '@anthropic-ai/claude-agent-sdk';\n${gate}\nunstable_v2_createSession({ model: 'x', permissionMode: 'dontAsk', canUseTool });`,
        errors: [{ messageId: 'dontAskMode', line: 3, column: 57 }],
      },
    ],
  },
  javascript: {
    valid: [
      // A PreToolUse hook does not answer with PermissionRequest's decision.behavior.
      `${sdk}\n${jsGate}\nconst approve = async () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', decision: { behavior: 'allow' } } });\nquery({ prompt: 'x', options: { canUseTool, hooks: { PreToolUse: [{ hooks: [approve] }] } } });`,
      // A PermissionRequest hook that allows only Read leaves the other requests to the callback.
      `${sdk}\n${jsGate}\nconst grant = async (input) => (input.tool_name === 'Read' ? { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } } : {});\nquery({ prompt: 'x', options: { canUseTool, hooks: { PermissionRequest: [{ hooks: [grant] }] } } });`,
      `${sdk}\n${jsGate}\nquery({ prompt: 'x', options: { permissionMode: 'default', allowedTools: ['Bash(git status)'], canUseTool } });`,
      { code: `const { query } = require('@anthropic-ai/claude-agent-sdk');\nquery({ prompt: 'x', options: { permissionMode: 'bypassPermissions', disallowedTools: ['Bash'] } });`, filename: 'agent.cjs' },
    ],
    invalid: [
      {
        name: 'a PermissionRequest hook that always allows, in JavaScript',
        code: `${sdk}\n${jsGate}\nconst grant = async () => ({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } });\nquery({ prompt: 'x', options: { canUseTool, hooks: { PermissionRequest: [{ hooks: [grant] }] } } });`,
        errors: [{ messageId: 'requestHookApproves', data: { hook: "'grant'", tools: 'any tool call', callback: 'canUseTool' }, line: 4, column: 84 }],
      },
      {
        name: 'ESM JavaScript',
        code: `${sdk}\n${jsGate}\nconst options = { permissionMode: 'bypassPermissions', canUseTool };\nfor await (const message of query({ prompt: 'x', options })) console.log(message);`,
        errors: [{ messageId: 'bypassMode', line: 3, column: 35 }],
      },
      {
        name: 'CommonJS require with a renamed binding',
        filename: 'agent.cjs',
        code: `const { query: ask } = require('@anthropic-ai/claude-agent-sdk');\n${jsGate}\nask({ prompt: 'x', options: { allowedTools: ['Write'], canUseTool } });`,
        errors: [
          {
            messageId: 'wholeToolAllowed',
            data: entry('Write', 'Write', 'Edit(./src/**)'),
            line: 3,
            column: 46,
            suggestions: [
              {
                messageId: 'removeEntry',
                data: { entry: 'Write', callback: 'canUseTool' },
                output: `const { query: ask } = require('@anthropic-ai/claude-agent-sdk');\n${jsGate}\nask({ prompt: 'x', options: { allowedTools: [], canUseTool } });`,
              },
            ],
          },
        ],
      },
      {
        name: 'a namespace require in .mjs-style code',
        filename: 'agent.mjs',
        code: `const sdk = await import('@anthropic-ai/claude-agent-sdk');\n${jsGate}\nsdk.query({ prompt: 'x', options: { permissionMode: 'acceptEdits', canUseTool } });`,
        errors: [{ messageId: 'acceptEditsMode', line: 3, column: 53 }],
      },
    ],
  },
});
