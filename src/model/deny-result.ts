import type { ResultShape } from './decisions.js';
import { preToolUseOutputs, returnedObjects } from './permission-gates.js';
import type { Exit, FunctionFacts, Gate, Language, TextEdit } from './types.js';

/** The reason a suggested deny gives the model, so it does not retry blindly. */
export const failedCheckReason = 'The permission check failed, so this call is denied.';

/** Which result a gate denies with: each has its own shape. */
export type DenyShape = ResultShape;

/**
 * The shape a gate's deny takes, or undefined when it is not known: a hook
 * registered for both events, or an unwired hook that does not show which
 * event it answers.
 */
export function denyShapeOf(gate: Gate, facts: FunctionFacts): DenyShape | undefined {
  if (gate.kind === 'canUseTool') return 'canUseTool';
  if (gate.kind !== 'hook') return undefined;
  const events = gate.events.filter((event) => event === 'PreToolUse' || event === 'PermissionRequest');
  if (events.length === 1) return events[0] as DenyShape;
  if (gate.events.length === 0 && preToolUseOutputs(gate, facts).length > 0) return 'PreToolUse';
  return undefined;
}

/**
 * A deny result written in the gate's language. TypeScript gets `as const` so
 * the literal types hold where the function has no SDK type annotation.
 * Python's canUseTool deny is a constructor the module must already import:
 * the spelling is taken from the gate's own results, or there is no text.
 */
export function denyResultText(shape: DenyShape, language: Language, facts: FunctionFacts, reason: string): string | undefined {
  if (language === 'python') {
    const text = JSON.stringify(reason);
    if (shape === 'canUseTool') {
      const deny = pythonDenyConstructor(facts);
      return deny && `${deny}(message=${text})`;
    }
    if (shape === 'PermissionRequest') {
      return `{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "deny", "message": ${text}}}}`;
    }
    return `{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": ${text}}}`;
  }
  const text = `'${reason.replace(/[\\']/g, '\\$&')}'`;
  const object =
    shape === 'canUseTool'
      ? `{ behavior: 'deny', message: ${text} }`
      : shape === 'PermissionRequest'
        ? `{ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: ${text} } } }`
        : `{ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: ${text} } }`;
  return language === 'typescript' ? `${object} as const` : object;
}

/** `PermissionResultDeny`, as the gate already spells it (also `types.PermissionResultDeny` beside `types.PermissionResultAllow`). */
function pythonDenyConstructor(facts: FunctionFacts): string | undefined {
  const names = returnedObjects(facts).flatMap((result) => (result.constructedBy ? [result.constructedBy] : []));
  const deny = names.find((name) => /(^|\.)PermissionResultDeny$/.test(name));
  if (deny) return deny;
  const allow = names.find((name) => /\.PermissionResultAllow$/.test(name));
  return allow?.replace(/PermissionResultAllow$/, 'PermissionResultDeny');
}

/**
 * The edit that makes a return statement return `result` instead. A bare
 * `return` is rewritten whole; an arrow's concise body (`() => undefined`)
 * gets parentheses, or the object would read as a block.
 */
export function returnInstead(exit: Extract<Exit, { kind: 'return' }>, result: string, language: Language): TextEdit {
  const python = language === 'python';
  if (!exit.written) return { span: exit.span, text: python ? `return ${result}` : `return ${result};` };
  if (!python && exit.written.start === exit.span.start) return { span: exit.written, text: `(${result})` };
  return { span: exit.written, text: result };
}
