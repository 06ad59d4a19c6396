import { returnedObjects } from '../../model/permission-gates.js';
import type { SourceWriter } from '../../model/source-writer.js';
import type { FunctionFacts } from '../../model/types.js';

const quoted = (text: string): string => JSON.stringify(text);

/** Python as suggestions write it: keyword options, dicts with quoted keys, `None`. */
export const pythonWriter: SourceWriter = {
  optionName: (canonical) => canonical.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
  option: (name, value) => `${name}=${value}`,
  entry: (key, value) => `${quoted(key)}: ${value}`,
  // A dict entry fits before a quoted key; not before a keyword argument (`dict(updatedInput=...)`).
  entryFitsBefore: ({ keySpan, spelling }) => keySpan.end - keySpan.start === spelling.length + 2,
  string: quoted,
  list: (items) => `[${items.map(quoted).join(', ')}]`,
  nothing: () => 'None',
  denyResult: (shape, facts, reason) => {
    const text = quoted(reason);
    if (shape === 'canUseTool') {
      // A constructor the module must already import: spelled as the gate's own results spell it, or no text.
      const deny = denyConstructor(facts);
      return deny && `${deny}(message=${text})`;
    }
    if (shape === 'PermissionRequest') {
      return `{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "deny", "message": ${text}}}}`;
    }
    return `{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": ${text}}}`;
  },
  returnInstead: (exit, result) => (exit.written ? { span: exit.written, text: result } : { span: exit.span, text: `return ${result}` }),
};

/** `PermissionResultDeny`, as the gate already spells it (also `types.PermissionResultDeny` beside `types.PermissionResultAllow`). */
function denyConstructor(facts: FunctionFacts): string | undefined {
  const names = returnedObjects(facts).flatMap((result) => (result.constructedBy ? [result.constructedBy] : []));
  const deny = names.find((name) => /(^|\.)PermissionResultDeny$/.test(name));
  if (deny) return deny;
  const allow = names.find((name) => /\.PermissionResultAllow$/.test(name));
  return allow?.replace(/PermissionResultAllow$/, 'PermissionResultDeny');
}
