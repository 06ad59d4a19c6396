import rule from '../../rules/no-deny-as-dedupe.js';
import { runRuleTests } from '../support/rule-tester.js';

const imports = "import { query, tool, type HookCallback } from '@anthropic-ai/claude-agent-sdk';\ndeclare function isDangerous(input: unknown): boolean;";
const deny = "{ hookSpecificOutput: { hookEventName: 'PreToolUse' as const, permissionDecision: 'deny' as const, permissionDecisionReason: 'Already done.' } }";
const wire = (hook: string) => `query({ prompt: 'x', options: { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [${hook}], onFailure: 'block' }] } } });`;
/** A PreToolUse hook over a module-level `seen` set; `body` starts on line 6. */
const guard = (...body: string[]) =>
  [imports, 'const seen = new Set<string>();', 'const guard: HookCallback = async (input) => {', '  const key = JSON.stringify(input);', ...body.map((line) => `  ${line}`), '};', wire('guard')].join('\n');

runRuleTests(rule, {
  typescript: {
    valid: [
      // A repeat goes ahead: the gate lets it through (the tool dedupes).
      guard('if (seen.has(key)) return {};', 'seen.add(key);', 'return {};'),
      // After a negated test with an `else if`, a deny is under that branch's condition, not the test's.
      guard('if (!seen.has(key)) {', '  seen.add(key);', '  return {};', '} else if (isDangerous(input)) {', `  return ${deny};`, '}', `return ${deny};`),
      // The set is only logged.
      guard("if (seen.has(key)) console.warn('repeated call', key);", 'seen.add(key);', 'return {};'),
      // A deny for a policy reason inside the seen branch belongs to that reason.
      guard('if (seen.has(key)) {', `  if (isDangerous(input)) return ${deny};`, '  return {};', '}', 'seen.add(key);', 'return {};'),
      // A deny list the gate never adds to is a policy, not a seen-set.
      `${imports}\nconst blocked = new Set(['rm -rf /']);\nconst guard: HookCallback = async (input: any) => (blocked.has(input.tool_input.command) ? ${deny} : {});\n${wire('guard')}`,
      // canUseTool that lets a repeat through.
      `${imports}\nconst seen = new Set<string>();\nquery({ prompt: 'x', options: { canUseTool: async (name, input) => {\n  const key = name + JSON.stringify(input);\n  if (seen.has(key)) return { behavior: 'allow', updatedInput: input };\n  seen.add(key);\n  return { behavior: 'allow', updatedInput: input };\n} } });`,
      // A tool handler that returns the stored first result is real dedupe.
      `${imports}\nconst done = new Map<string, { content: [] }>();\ntool('refund', 'Refund', {}, async (args) => {\n  const key = JSON.stringify(args);\n  if (done.has(key)) return done.get(key)!;\n  const result = { content: [] as [] };\n  done.set(key, result);\n  return result;\n});`,
      // A PostToolUse hook is not a gate.
      `${imports}\nconst seen = new Set<string>();\nconst after: HookCallback = async (input) => {\n  const key = JSON.stringify(input);\n  if (seen.has(key)) return { decision: 'block', reason: 'seen' };\n  seen.add(key);\n  return {};\n};\nquery({ prompt: 'x', options: { hooks: { PostToolUse: [{ hooks: [after] }] } } });`,
    ],
    invalid: [
      {
        name: 'an early deny when the key is in the seen-set',
        code: guard(`if (seen.has(key)) return ${deny};`, 'seen.add(key);', 'return {};'),
        errors: [{ messageId: 'denyAsDedupe', data: { gate: "'guard'" }, line: 6, column: 7, endColumn: 20 }],
      },
      {
        name: 'a negated test whose branch returns, then a deny',
        code: guard('if (!seen.has(key)) {', '  seen.add(key);', '  return {};', '}', `return ${deny};`),
        errors: [{ messageId: 'denyAsDedupe', line: 6, column: 8 }],
      },
      {
        name: 'the else branch of a negated test, through a helper',
        code: `${imports}\nconst seen = new Set<string>();\nconst refuse = (reason: string) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse' as const, permissionDecision: 'deny' as const, permissionDecisionReason: reason } });\nasync function guard(input: unknown) {\n  const key = JSON.stringify(input);\n  if (!seen.has(key)) {\n    seen.add(key);\n  } else {\n    return refuse('Duplicate call.');\n  }\n  return {};\n}\n${wire('guard')}`,
        errors: [{ messageId: 'denyAsDedupe', data: { gate: "'guard'" }, line: 7, column: 8 }],
      },
      {
        name: 'a returned ternary, recorded in finally',
        code: guard(`try { return seen.has(key) ? ${deny} : {}; } finally { seen.add(key); }`),
        errors: [{ messageId: 'denyAsDedupe', line: 6, column: 16 }],
      },
      {
        name: 'canUseTool over a Map of recent calls, with a further condition',
        code: `${imports}\nconst recent = new Map<string, number>();\nquery({ prompt: 'x', options: { canUseTool: async (name, input) => {\n  const key = name + JSON.stringify(input);\n  if (recent.has(key) && Date.now() - recent.get(key)! < 5000) return { behavior: 'deny', message: 'Duplicate call.' };\n  recent.set(key, Date.now());\n  return { behavior: 'allow', updatedInput: input };\n} } });`,
        errors: [{ messageId: 'denyAsDedupe', data: { gate: "'canUseTool'" }, line: 6, column: 7 }],
      },
    ],
  },
  javascript: {
    valid: [
      `const { query } = require('@anthropic-ai/claude-agent-sdk');\nconst seen = {};\nquery({ prompt: 'x', options: { canUseTool: async (name, input) => {\n  if (seen[name]) return { behavior: 'allow', updatedInput: input };\n  seen[name] = true;\n  return { behavior: 'allow', updatedInput: input };\n} } });`,
    ],
    invalid: [
      {
        name: 'an object used as a seen-set, in CommonJS',
        filename: 'gate.cjs',
        code: `const { query } = require('@anthropic-ai/claude-agent-sdk');\nconst seen = {};\nquery({ prompt: 'x', options: { canUseTool: async (name, input) => {\n  const key = name + JSON.stringify(input);\n  if (key in seen) return { behavior: 'deny', message: 'Already done.' };\n  seen[key] = true;\n  return { behavior: 'allow', updatedInput: input };\n} } });`,
        errors: [{ messageId: 'denyAsDedupe', line: 5, column: 7 }],
      },
    ],
  },
});
