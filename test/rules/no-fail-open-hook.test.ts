import rule from '../../rules/no-fail-open-hook.js';
import { runRuleTests } from '../support/rule-tester.js';

const imports = "import { query, type HookCallback } from '@anthropic-ai/claude-agent-sdk';\ndeclare function checkPolicy(input: unknown): Promise<boolean>;";
const deny = "{ hookSpecificOutput: { hookEventName: 'PreToolUse' as const, permissionDecision: 'deny' as const, permissionDecisionReason: 'policy' } }";
const wire = (hook: string, extra = '') => `query({ prompt: 'x', options: { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [${hook}]${extra} }] } } });`;
/** A guard whose catch clause runs `handler`. */
const guard = (handler: string, extra = '') =>
  `${imports}\nconst guard: HookCallback = async (input) => {\n  try {\n    if (!(await checkPolicy(input))) return ${deny};\n    return {};\n  } catch (error) {\n${handler}\n  }\n};\n${wire('guard', extra)}`;
/** The deny a suggestion writes. */
const reason = "'The permission check failed, so this call is denied.'";
const suggestedDeny = `{ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: ${reason} } } as const`;
/** A helper that blocks or continues as a setting says. */
const onFailureHelper = "\ndeclare const settings: { block: boolean };\nfunction onFailure(block: boolean) {\n  return block ? { continue: false, stopReason: 'check failed' } : { continue: true };\n}";
const denyOnFailure = (output: string) => [{ messageId: 'denyOnFailure' as const, output }];
const blockOnFailure = (output: string) => [{ messageId: 'blockOnFailure' as const, output }];

/** `withAudit` wraps a policy hook; its catch (line 5) runs `handler`. */
const audited = (handler: string) =>
  `${imports}\nfunction withAudit(hook: HookCallback): HookCallback {\n  return async (input, id, options) => {\n    try { return await hook(input, id, options); }\n    catch (error) { ${handler} }\n  };\n}\n` +
  `const guard: HookCallback = async (input) => ((await checkPolicy(input)) ? {} : ${deny});\n${wire('withAudit(guard)')}`;
/** A PermissionRequest hook whose catch clause (line 6) returns `result`. */
const requestHook = (result: string) =>
  `${imports}\nconst approve: HookCallback = async (input) => {\n  try {\n    return (await checkPolicy(input)) ? {} : { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'policy' } } };\n  } catch {\n    return ${result};\n  }\n};\nquery({ prompt: 'x', options: { hooks: { PermissionRequest: [{ matcher: 'Bash', hooks: [approve] }] } } });`;
/** The same in JavaScript (catch on line 5). */
const jsRequestHook = (result: string) =>
  `import { query } from '@anthropic-ai/claude-agent-sdk';\nconst approve = async (input) => {\n  try {\n    return await decide(input);\n  } catch {\n    return ${result};\n  }\n};\nquery({ prompt: 'x', options: { hooks: { PermissionRequest: [{ hooks: [approve] }] } } });`;
const requestDeny = `{ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: ${reason} } } } as const`;

/** A logging hook built by a factory: it records and returns `{}` on every path, its catch (line 7) too. */
const logged = (head = imports, types = ': HookCallback') =>
  `${head}\nfunction logged(record${types ? ': (input: unknown) => void' : ''})${types} {\n  return async (input) => {\n    try {\n      record(input);\n    } catch (error) {\n      console.error('hook failed', error);\n      return {};\n    }\n    return {};\n  };\n}\n` +
  `query({ prompt: 'x', options: { hooks: { PreToolUse: [{ hooks: [logged((input) => console.log(input))] }] } } });`;
/** A policy hook built around an injected evaluator (line 4 on), whose call (line 6) is outside any try. */
const evaluated = (call: string, extra = '') =>
  `${imports}\ninterface Evaluator { evaluate(name: string, input: unknown): { decision: string } }\nfunction policyHook(evaluator: Evaluator): HookCallback {\n  return async (input: any) => {\n` +
  `    const verdict = ${call};\n    if (verdict.decision === 'deny') return ${deny};\n    return {};\n  };\n}\ndeclare const evaluator: Evaluator;\n${wire('policyHook(evaluator)', extra)}`;

/** A policy hook (line 5 on) returned inside a record of hooks by event typed `type` (line 10), which no entry point in the file is seen to use. */
const recordOf = (type: string, extra = '') =>
  `import type { HookCallback, HookCallbackMatcher, HookEvent, Options } from '@anthropic-ai/claude-agent-sdk';\ninterface Evaluator { evaluate(name: string): { decision: string } }\ntype Local = Record<string, unknown[]>;\nexport function policyHooks(evaluator: Evaluator): ${type} {\n  const check: HookCallback = async (input: any) => {\n    const verdict = evaluator.evaluate(input.tool_name);\n    if (verdict.decision === 'deny') return ${deny};\n    return {};\n  };\n  return { PreToolUse: [{ hooks: [check]${extra} }] };\n}`;
const recordColumn = recordOf('Local').split('\n')[9]!.indexOf('check') + 1;

runRuleTests(rule, {
  typescript: {
    valid: [
      // Closed catch handlers: deny, rethrow, exit.
      guard(`    return ${deny};`),
      // The wrapper's catch is the gate's: closed here.
      audited(`return ${deny};`),
      // An empty catch around cleanup, after which the hook still decides on every path.
      `${imports}\ndeclare const lock: { release(): Promise<void> };\nconst guard: HookCallback = async (input) => {\n  try { await lock.release(); } catch {}\n  return ${deny};\n};\n${wire('guard')}`,
      // Number and string methods on values the hook has just produced cannot throw.
      `${imports}\nconst guard: HookCallback = async (input: any) => {\n  const size = Number(input.tool_input?.size ?? 0).toFixed(0);\n  const command = String(input.tool_input?.command ?? '').trim().toLowerCase();\n  if (command.startsWith('rm') || size.length > 9) return ${deny};\n  return {};\n};\n${wire('guard')}`,
      // A rethrow is closed where the matcher blocks on failure.
      guard('    throw error;', ", onFailure: 'block'"),
      guard('    process.exit(2);'),
      // A handler that falls through to a deny after the try.
      `${imports}\nconst guard: HookCallback = async (input) => {\n  try {\n    if (await checkPolicy(input)) return {};\n  } catch (error) {\n    console.error(error);\n  }\n  return ${deny};\n};\n${wire('guard')}`,
      // Path, string and array methods on values the hook has just built cannot throw: no fail-open path.
      `${imports}\nimport path from 'node:path';\nconst guard: HookCallback = async (input) => {\n  const file = String((input as { tool_input?: { file_path?: string } }).tool_input?.file_path ?? '');\n  const name = file.split('/').pop()?.toLowerCase();\n  if (path.extname(file) === '.env' || name === 'id_rsa' || !file.startsWith(process.cwd())) return ${deny};\n  return {};\n};\n${wire('guard')}`,
      // A throwing policy hook whose matcher blocks on failure.
      `${imports}\nconst guard: HookCallback = async (input) => (await checkPolicy(input)) ? {} : ${deny};\n${wire('guard', ", onFailure: 'block'")}`,
      // An onFailure the rule cannot see, or one that can be 'block', is not reported.
      `${imports}\nimport { onFailure } from './policy';\nconst guard: HookCallback = async (input) => (await checkPolicy(input)) ? {} : ${deny};\n${wire('guard', ', onFailure')}`,
      `${imports}\nconst guard: HookCallback = async (input) => (await checkPolicy(input)) ? {} : ${deny};\n${wire('guard', ", onFailure: process.env.CI ? 'block' : 'continue'")}`,
      // A PermissionRequest hook denies with decision.behavior.
      `const { query } = require('@anthropic-ai/claude-agent-sdk');\nconst approve = async (input) => {\n  try {\n    return await decide(input);\n  } catch {\n    return { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'check failed' } } };\n  }\n};\nquery({ prompt: 'x', options: { hooks: { PermissionRequest: [{ hooks: [approve] }] } } });`,
      // A PostToolUse hook is not a gate.
      `${imports}\nconst after: HookCallback = async (input) => {\n  try { await checkPolicy(input); } catch { return {}; }\n  return {};\n};\nquery({ prompt: 'x', options: { hooks: { PostToolUse: [{ hooks: [after] }] } } });`,
      // A hook that never denies cannot fail open by throwing.
      `${imports}\nconst audit: HookCallback = async (input) => {\n  await checkPolicy(input);\n  return {};\n};\n${wire('audit')}`,
      // A logging hook from a factory decides nothing on any path: its catch turns no check off.
      logged(),
      // A notification whose try decides nothing either way: its failing turns no check off.
      `${imports}\ndeclare function notify(input: unknown): void;\ndeclare const settings: { background: boolean };\nconst guard: HookCallback = async (input) => {\n  if (settings.background) {\n    try { notify(input); } catch { /* ignore */ }\n    return {};\n  }\n  return (await checkPolicy(input)) ? {} : ${deny};\n};\n${wire('guard', ", onFailure: 'block'")}`,
      // A record of hooks typed by the SDK whose matcher blocks on failure, and one of a type of the project's own.
      recordOf('Partial<Record<HookEvent, HookCallbackMatcher[]>>', ", onFailure: 'block'"),
      recordOf('Local'),
      // The injected evaluator behind onFailure: 'block'.
      evaluated('evaluator.evaluate(input.tool_name, input.tool_input)', ", onFailure: 'block'"),
      // canUseTool that denies on error.
      `${imports}\nquery({ prompt: 'x', options: { canUseTool: async (name, input) => {\n  try {\n    return (await checkPolicy(input)) ? { behavior: 'allow', updatedInput: input } : { behavior: 'deny', message: 'policy' };\n  } catch {\n    return { behavior: 'deny', message: 'policy check failed' };\n  }\n} } });`,
    ],
    invalid: [
      {
        name: "a higher-order wrapper's catch that returns no decision",
        code: audited('return {};'),
        errors: [{ messageId: 'catchAllows', line: 6, column: 5, data: { gate: 'the hook', result: 'returns no decision' }, suggestions: denyOnFailure(audited(`return ${suggestedDeny};`)) }],
      },
      {
        name: "a .catch(() => ({})) on the gate's promise",
        code: `${imports}\ndeclare function check(input: unknown): Promise<object>;\nconst guard: HookCallback = async (input) => {\n  return check(input).catch(() => ({}));\n};\n${wire('guard')}`,
        errors: [{ messageId: 'catchAllows', line: 5, column: 23, data: { gate: "'guard'", result: 'returns no decision' }, suggestions: denyOnFailure(`${imports}\ndeclare function check(input: unknown): Promise<object>;\nconst guard: HookCallback = async (input) => {\n  return check(input).catch(() => (${suggestedDeny}));\n};\n${wire('guard')}`) }],
      },
      {
        name: 'a PermissionRequest hook whose catch allows (decision.behavior)',
        code: requestHook("{ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } }"),
        errors: [{ messageId: 'catchAllows', data: { gate: "'approve'", result: 'returns allow' }, line: 6, column: 5, suggestions: denyOnFailure(requestHook(requestDeny)) }],
      },
      {
        // Claude Code reads only decision.behavior from a PermissionRequest hook; the PreToolUse fields decide nothing there.
        name: "a PermissionRequest hook whose catch returns PreToolUse's permissionDecision: no decision",
        code: requestHook("{ hookSpecificOutput: { hookEventName: 'PermissionRequest', permissionDecision: 'allow' } }"),
        errors: [{ messageId: 'catchAllows', data: { gate: "'approve'", result: 'returns no decision' }, line: 6, column: 5, suggestions: denyOnFailure(requestHook(requestDeny)) }],
      },
      {
        name: 'a catch returning what a helper returns, a block or no decision as a setting says: can return no decision',
        code: `${guard('    return onFailure(settings.block);')}${onFailureHelper}`,
        errors: [{ messageId: 'catchAllows', data: { gate: "'guard'", result: 'can return no decision' }, line: 7, column: 5, suggestions: denyOnFailure(`${guard(`    return ${suggestedDeny};`)}${onFailureHelper}`) }],
      },
      {
        name: 'a catch returning {}',
        code: guard('    return {};'),
        errors: [
          {
            messageId: 'catchAllows',
            data: { gate: "'guard'", result: 'returns no decision' },
            line: 7,
            column: 5,
            endColumn: 18,
            suggestions: denyOnFailure(guard(`    return ${suggestedDeny};`)),
          },
        ],
      },
      {
        name: 'a catch returning allow',
        code: guard("    return { hookSpecificOutput: { hookEventName: 'PreToolUse' as const, permissionDecision: 'allow' as const } };"),
        errors: [
          { messageId: 'catchAllows', data: { gate: "'guard'", result: 'returns allow' }, line: 7, column: 5, suggestions: denyOnFailure(guard(`    return ${suggestedDeny};`)) },
        ],
      },
      {
        name: 'a catch that logs and falls off the end',
        code: guard('    console.error(error);'),
        // Falling off the end leaves no one return to edit: no suggestion.
        errors: [{ messageId: 'catchAllows', data: { gate: "'guard'", result: 'returns nothing' }, line: 7, column: 5, suggestions: [] }],
      },
      {
        name: 'continue: true without a decision, and the legacy approve',
        code: `${imports}\nconst guard: HookCallback = async (input) => {\n  try {\n    return (await checkPolicy(input)) ? {} : ${deny};\n  } catch {\n    if (process.env.STRICT) return { decision: 'approve' };\n    return { continue: true };\n  }\n};\n${wire('guard', ", onFailure: 'block'")}`,
        errors: [
          {
            messageId: 'catchAllows',
            data: { gate: "'guard'", result: 'returns allow' },
            line: 6,
            column: 5,
            endColumn: 10,
            suggestions: denyOnFailure(
              `${imports}\nconst guard: HookCallback = async (input) => {\n  try {\n    return (await checkPolicy(input)) ? {} : ${deny};\n  } catch {\n    if (process.env.STRICT) return ${suggestedDeny};\n    return ${suggestedDeny};\n  }\n};\n${wire('guard', ", onFailure: 'block'")}`,
            ),
          },
        ],
      },
      {
        name: 'a promise .catch in canUseTool that allows',
        code: `${imports}\nquery({ prompt: 'x', options: { canUseTool: (name, input) =>\n  checkPolicy(input)\n    .then((ok) => (ok ? { behavior: 'allow' as const, updatedInput: input } : { behavior: 'deny' as const, message: 'no' }))\n    .catch(() => ({ behavior: 'allow' as const, updatedInput: input })),\n} });`,
        errors: [
          {
            messageId: 'catchAllows',
            data: { gate: "'canUseTool'", result: 'returns allow' },
            line: 6,
            column: 6,
            suggestions: denyOnFailure(
              `${imports}\nquery({ prompt: 'x', options: { canUseTool: (name, input) =>\n  checkPolicy(input)\n    .then((ok) => (ok ? { behavior: 'allow' as const, updatedInput: input } : { behavior: 'deny' as const, message: 'no' }))\n    .catch(() => ({ behavior: 'deny', message: ${reason} } as const)),\n} });`,
            ),
          },
        ],
      },
      {
        name: 'a promise .catch whose arrow returns undefined: the deny goes in parentheses',
        code: `${imports}\nquery({ prompt: 'x', options: { canUseTool: (name, input) => checkPolicy(input).then(() => ({ behavior: 'deny' as const, message: 'no' })).catch(() => undefined) } });`,
        errors: [
          {
            messageId: 'catchAllows',
            line: 3,
            column: 140,
            suggestions: denyOnFailure(
              `${imports}\nquery({ prompt: 'x', options: { canUseTool: (name, input) => checkPolicy(input).then(() => ({ behavior: 'deny' as const, message: 'no' })).catch(() => ({ behavior: 'deny', message: ${reason} } as const)) } });`,
            ),
          },
        ],
      },
      ...['Partial<Record<HookEvent, HookCallbackMatcher[]>>', 'Record<HookEvent, HookCallbackMatcher[]>', "Options['hooks']"].map((type) => ({
        name: `a policy hook returned in a record of hooks typed ${type}, which no entry point in the file uses`,
        code: recordOf(type),
        errors: [
          {
            messageId: 'throwsOpen' as const,
            data: { hook: "'check'", what: 'evaluator.evaluate(input.tool_name)' },
            line: 10,
            column: recordColumn,
            suggestions: blockOnFailure(recordOf(type).replace('[{ hooks', "[{ onFailure: 'block', hooks")),
          },
        ],
      })),
      {
        name: "a rethrow without onFailure: 'block' still lets the call through",
        code: guard('    throw error;'),
        errors: [
          {
            messageId: 'throwsOpen',
            data: { hook: "'guard'", what: 'throw error;' },
            line: 11,
            column: 82,
            suggestions: blockOnFailure(guard('    throw error;').replace("[{ matcher", "[{ onFailure: 'block', matcher")),
          },
        ],
      },
      {
        name: 'a policy hook that can throw without onFailure: block',
        code: `${imports}\nasync function guard(input: unknown) {\n  if (!(await checkPolicy(input))) return ${deny};\n  return {};\n}\n${wire('guard')}`,
        errors: [
          {
            messageId: 'throwsOpen',
            data: { hook: "'guard'", what: 'await checkPolicy(input)' },
            line: 7,
            column: 82,
            suggestions: blockOnFailure(
              `${imports}\nasync function guard(input: unknown) {\n  if (!(await checkPolicy(input))) return ${deny};\n  return {};\n}\n${wire('guard').replace('[{ matcher', "[{ onFailure: 'block', matcher")}`,
            ),
          },
        ],
      },
      {
        name: "onFailure: 'continue' is the default, spelled out",
        code: `${imports}\nconst guard: HookCallback = async (input) => {\n  if (!(await checkPolicy(input))) throw new Error('blocked');\n  return ${deny};\n};\n${wire('guard', ", onFailure: 'continue'")}`,
        errors: [
          {
            messageId: 'throwsOpen',
            line: 7,
            column: 82,
            suggestions: blockOnFailure(
              `${imports}\nconst guard: HookCallback = async (input) => {\n  if (!(await checkPolicy(input))) throw new Error('blocked');\n  return ${deny};\n};\n${wire('guard', ", onFailure: 'block'")}`,
            ),
          },
        ],
      },
      {
        name: 'a constructor that can throw (new URL) in an anonymous policy hook',
        code: `${imports}\n${wire(`async (input: any) => (new URL(input.tool_input.url).host === 'evil.example' ? ${deny} : {})`)}`,
        errors: [
          {
            messageId: 'throwsOpen',
            data: { hook: 'This hook', what: 'new URL(input.tool_input.url)' },
            line: 3,
            column: 82,
            suggestions: blockOnFailure(
              `${imports}\n${wire(`async (input: any) => (new URL(input.tool_input.url).host === 'evil.example' ? ${deny} : {})`).replace('[{ matcher', "[{ onFailure: 'block', matcher")}`,
            ),
          },
        ],
      },
      {
        name: 'an injected evaluator called outside any try can throw',
        code: evaluated('evaluator.evaluate(input.tool_name, input.tool_input)'),
        errors: [
          {
            messageId: 'throwsOpen',
            data: { hook: 'This hook', what: 'evaluator.evaluate(input.tool_name, input.tool_input)' },
            line: 5,
            column: 10,
            suggestions: blockOnFailure(evaluated('evaluator.evaluate(input.tool_name, input.tool_input)').replace('[{ matcher', "[{ onFailure: 'block', matcher")),
          },
        ],
      },
      {
        name: 'an unwired HookCallback that decides is still a gate',
        code: `${imports}\nexport const guard: HookCallback = async (input) => {\n  try {\n    return (await checkPolicy(input)) ? {} : ${deny};\n  } catch {\n    return {};\n  }\n};`,
        errors: [
          {
            messageId: 'catchAllows',
            line: 6,
            column: 5,
            suggestions: denyOnFailure(
              `${imports}\nexport const guard: HookCallback = async (input) => {\n  try {\n    return (await checkPolicy(input)) ? {} : ${deny};\n  } catch {\n    return ${suggestedDeny};\n  }\n};`,
            ),
          },
        ],
      },
    ],
  },
  javascript: {
    valid: [
      // path, process.cwd() and string methods on what the hook built cannot throw.
      `import { query } from '@anthropic-ai/claude-agent-sdk';\nimport path from 'node:path';\nconst guard = async (input) => {\n  const file = String(input.tool_input?.file_path ?? '');\n  if (path.extname(file) === '.env' || !file.startsWith(process.cwd()) || file.split('/').pop() === 'id_rsa') return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'secret' } };\n  return {};\n};\nquery({ prompt: 'x', options: { hooks: { PreToolUse: [{ matcher: 'Read', hooks: [guard] }] } } });`,
      `import { query } from '@anthropic-ai/claude-agent-sdk';\nconst guard = async () => { try { return {}; } catch (e) { throw e; } };\nquery({ prompt: 'x', options: { hooks: { PreToolUse: [{ hooks: [guard] }] } } });`,
      // The logging factory in plain JavaScript.
      logged("import { query } from '@anthropic-ai/claude-agent-sdk';", ''),
    ],
    invalid: [
      {
        name: "a PermissionRequest hook's legacy decision: 'approve' decides nothing, in JavaScript",
        code: jsRequestHook("{ decision: 'approve' }"),
        errors: [{ messageId: 'catchAllows', data: { gate: "'approve'", result: 'returns no decision' }, line: 5, column: 5, suggestions: denyOnFailure(jsRequestHook(`{ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: ${reason} } } }`)) }],
      },
      {
        name: 'a PermissionRequest hook whose catch allows, in JavaScript',
        code: jsRequestHook("{ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } }"),
        errors: [{ messageId: 'catchAllows', data: { gate: "'approve'", result: 'returns allow' }, line: 5, column: 5, suggestions: denyOnFailure(jsRequestHook(`{ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: ${reason} } } }`)) }],
      },
      {
        name: 'CommonJS PermissionRequest hook',
        filename: 'hooks.cjs',
        code: `const { query } = require('@anthropic-ai/claude-agent-sdk');\nconst approve = async (input) => {\n  try {\n    return await decide(input);\n  } catch (err) {\n    return undefined;\n  }\n};\nquery({ prompt: 'x', options: { hooks: { PermissionRequest: [{ hooks: [approve] }] } } });`,
        errors: [
          {
            messageId: 'catchAllows',
            data: { gate: "'approve'", result: 'returns undefined' },
            line: 5,
            column: 5,
            suggestions: [
              {
                messageId: 'denyOnFailure',
                output: `const { query } = require('@anthropic-ai/claude-agent-sdk');\nconst approve = async (input) => {\n  try {\n    return await decide(input);\n  } catch (err) {\n    return { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: ${reason} } } };\n  }\n};\nquery({ prompt: 'x', options: { hooks: { PermissionRequest: [{ hooks: [approve] }] } } });`,
              },
            ],
          },
        ],
      },
    ],
  },
});
