import rule from '../../rules/can-use-tool-must-decide.js';
import { runRuleTests } from '../support/rule-tester.js';

const imports = "import { query, type CanUseTool, type HookCallback } from '@anthropic-ai/claude-agent-sdk';\ndeclare function isAllowed(input: unknown): boolean;\ndeclare function policy(name: string, input: unknown): Promise<{ behavior: 'deny'; message: string }>;";
const allow = "{ behavior: 'allow' as const, updatedInput: input }";
const deny = "{ behavior: 'deny' as const, message: 'Not in the allow list.' }";
/** canUseTool whose body is `body`, starting on line 5. */
const review = (...body: string[]) => `${imports}\nquery({ prompt: 'x', options: { canUseTool: async (name, input) => {\n${body.map((line) => `  ${line}`).join('\n')}\n} } });`;
/** The deny the suggestion writes, in TypeScript. */
const suggested = "{ behavior: 'deny', message: 'This tool call is not allowed here.' } as const";
/** A typed CanUseTool whose last path returns `last` (line 7). */
const typedReview = (last: string) => `${imports}\nfunction skip() {}\nexport const review: CanUseTool = async (name, input) => {\n  if (isAllowed(input)) return ${allow};\n  return ${last};\n};`;
/** A configuration whose canUseTool and permissionPromptToolName are `options`. */
const configured = (options: string) => `${imports}\nconst review: CanUseTool = async (name, input) => (isAllowed(input) ? ${allow} : ${deny});\nquery({ prompt: 'x', options: { ${options} } });`;

/**
 * A wrapper class that builds the options from its settings and checks them
 * before the call (`guard`, line 8); its one caller passes both (line 12).
 */
const wrapper = (guard: string, typed = true) => {
  const code = [
    typed ? imports : "import { query } from '@anthropic-ai/claude-agent-sdk';\nconst isAllowed = (input) => !!input;\n",
    'class Agent {',
    typed ? '  constructor(private readonly settings: { canUseTool?: CanUseTool; permissionPromptToolName?: string }) {}' : '  constructor(settings) { this.settings = settings; }',
    '  options() { return { canUseTool: this.settings.canUseTool, permissionPromptToolName: this.settings.permissionPromptToolName }; }',
    '  run() {',
    `    ${guard}`,
    "    return query({ prompt: 'x', options: this.options() });",
    '  }',
    '}',
    `new Agent({ canUseTool: async (name, input) => (isAllowed(input) ? ${allow} : ${deny}), permissionPromptToolName: 'mcp__approver__prompt' }).run();`,
  ].join('\n');
  return typed ? code : code.replaceAll(' as const', '');
};
/** The guards that refuse both (each stops the run before the call). */
const refusing = ["if (this.settings.canUseTool && this.settings.permissionPromptToolName) throw new Error('Pick one.');", 'if (this.settings.permissionPromptToolName && (this.settings.canUseTool)) { console.error("Pick one."); return undefined; }'];
/** Checks that do not: no check, one that also needs a third condition, one that does not stop. */
const notRefusing = ['', "if (this.settings.canUseTool && this.settings.permissionPromptToolName && process.env.STRICT) throw new Error('Pick one.');", "if (this.settings.canUseTool && this.settings.permissionPromptToolName) console.warn('Both are set.');"];
const bothSet = (code: string) => ({ code, errors: [{ messageId: 'withPromptTool' as const, data: { callback: 'canUseTool', promptTool: 'permissionPromptToolName', certainty: 'are' }, line: 12, column: code.split('\n')[11]!.indexOf("'mcp__approver__prompt'") + 1 }] });

runRuleTests(rule, {
  typescript: {
    valid: [
      review(`if (isAllowed(input)) return ${allow};`, `return ${deny};`),
      // A decision the rule cannot see.
      review('const decision = await policy(name, input);', 'return decision;'),
      // A helper that decides on every path.
      `${imports}\nconst decide = (name: string, input: Record<string, unknown>) => (name === 'Bash' ? ${deny} : ${allow});\nquery({ prompt: 'x', options: { canUseTool: async (name, input) => decide(name, input) } });`,
      // A throw is not a missing answer.
      review(`if (isAllowed(input)) return ${allow};`, "throw new Error('unreachable');"),
      // Hooks may return nothing.
      `${imports}\nconst audit: HookCallback = async () => undefined;\nquery({ prompt: 'x', options: { hooks: { PreToolUse: [{ hooks: [audit] }] } } });`,
      configured('canUseTool: review'),
      configured("permissionPromptToolName: 'mcp__approver__prompt'"),
      configured('canUseTool: review, permissionPromptToolName: undefined'),
      // A wrapper's own check refuses to start with both.
      ...refusing.map((guard) => wrapper(guard)),
    ],
    invalid: [
      {
        name: 'a path that falls off the end',
        code: review(`if (isAllowed(input)) return ${allow};`),
        errors: [{ messageId: 'noDecision', data: { callback: "'canUseTool'", how: 'can reach its end without returning a decision', consequence: 'the tool call waits for an answer that never comes' }, line: 4, column: 33, endColumn: 43 }],
      },
      {
        name: 'a bare return and a null',
        code: review(`if (name === 'Read') return;`, `if (name === 'Bash') return null;`, `return ${deny};`),
        errors: [
          {
            messageId: 'noDecision',
            line: 5,
            column: 24,
            endColumn: 31,
            suggestions: [{ messageId: 'denyHere', output: review(`if (name === 'Read') return ${suggested};`, `if (name === 'Bash') return null;`, `return ${deny};`) }],
          },
          {
            messageId: 'noDecision',
            line: 6,
            column: 24,
            suggestions: [{ messageId: 'denyHere', output: review(`if (name === 'Read') return;`, `if (name === 'Bash') return ${suggested};`, `return ${deny};`) }],
          },
        ],
      },
      {
        name: 'a typed CanUseTool that returns a helper result that is nothing',
        code: typedReview('skip()'),
        errors: [
          {
            messageId: 'noDecision',
            data: { callback: "'review'", how: 'returns undefined instead of a decision', consequence: 'the tool call waits for an answer that never comes' },
            line: 7,
            column: 3,
            suggestions: [{ messageId: 'denyHere', output: typedReview(suggested) }],
          },
        ],
      },
      {
        name: 'canUseTool with permissionPromptToolName',
        code: configured("canUseTool: review, permissionPromptToolName: 'mcp__approver__prompt'"),
        errors: [{ messageId: 'withPromptTool', data: { callback: 'canUseTool', promptTool: 'permissionPromptToolName', certainty: 'are' }, line: 5, column: 79, endColumn: 102 }],
      },
      ...notRefusing.map((guard, index) => ({ name: `a wrapper whose check does not refuse both (${index})`, ...bothSet(wrapper(guard)) })),
      {
        name: 'a permissionPromptToolName that can be set',
        code: configured("canUseTool: review, permissionPromptToolName: process.env.APPROVER ? 'mcp__approver__prompt' : undefined"),
        errors: [{ messageId: 'withPromptTool', data: { callback: 'canUseTool', promptTool: 'permissionPromptToolName', certainty: 'can be' }, line: 5, column: 102 }],
      },
    ],
  },
  javascript: {
    valid: [
      ...refusing.map((guard) => wrapper(guard, false)),
      "const { query } = require('@anthropic-ai/claude-agent-sdk');\nquery({ prompt: 'x', options: { canUseTool: async (name, input) => (name === 'Bash' ? { behavior: 'deny', message: 'No shell.' } : { behavior: 'allow', updatedInput: input }) } });",
    ],
    invalid: [
      ...notRefusing.map((guard, index) => ({ name: `a wrapper whose check does not refuse both, in JavaScript (${index})`, ...bothSet(wrapper(guard, false)) })),
      {
        name: 'a concise arrow that returns null gets a parenthesised deny',
        code: "import { query } from '@anthropic-ai/claude-agent-sdk';\nquery({ prompt: 'x', options: { canUseTool: async () => null } });",
        errors: [
          {
            messageId: 'noDecision',
            line: 2,
            column: 57,
            suggestions: [
              {
                messageId: 'denyHere',
                output: "import { query } from '@anthropic-ai/claude-agent-sdk';\nquery({ prompt: 'x', options: { canUseTool: async () => ({ behavior: 'deny', message: 'This tool call is not allowed here.' }) } });",
              },
            ],
          },
        ],
      },
      {
        name: 'a CommonJS callback that can finish without a decision: no edit',
        filename: 'agent.cjs',
        code: "const { query } = require('@anthropic-ai/claude-agent-sdk');\nasync function review(name, input) {\n  if (name !== 'Bash') return { behavior: 'allow', updatedInput: input };\n}\nquery({ prompt: 'x', options: { canUseTool: review } });",
        errors: [{ messageId: 'noDecision', line: 2, column: 16 }],
      },
    ],
  },
});
