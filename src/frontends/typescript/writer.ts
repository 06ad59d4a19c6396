import type { SourceWriter } from '../../model/source-writer.js';

const quoted = (text: string): string => `'${text.replace(/[\\']/g, '\\$&')}'`;

/** Deny results in each gate's shape, around an already written reason. */
const denyObjects = {
  canUseTool: (reason: string) => `{ behavior: 'deny', message: ${reason} }`,
  PermissionRequest: (reason: string) => `{ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: ${reason} } } }`,
  PreToolUse: (reason: string) => `{ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: ${reason} } }`,
};

/**
 * TypeScript and JavaScript as suggestions write them. TypeScript's deny
 * gets `as const`, so the literal types hold where the function has no SDK
 * type annotation.
 */
function writer(asConst: boolean): SourceWriter {
  return {
    optionName: (canonical) => canonical,
    option: (name, value) => `${name}: ${value}`,
    entry: (key, value) => `${key}: ${value}`,
    entryFitsBefore: () => true,
    string: quoted,
    list: (items) => `[${items.map(quoted).join(', ')}]`,
    nothing: (kind) => kind,
    denyResult: (shape, _facts, reason) => `${denyObjects[shape](quoted(reason))}${asConst ? ' as const' : ''}`,
    // A bare `return` is rewritten whole; an arrow's concise body (`() => undefined`) gets parentheses, or the object would read as a block.
    returnInstead: (exit, result) => {
      if (!exit.written) return { span: exit.span, text: `return ${result};` };
      return { span: exit.written, text: exit.written.start === exit.span.start ? `(${result})` : result };
    },
  };
}

export const typeScriptWriter = writer(true);
export const javaScriptWriter = writer(false);
