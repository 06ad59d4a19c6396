import { matcherNames } from './hook-matcher.js';
import type { FunctionFacts, Value } from './types.js';
import { isNotSet } from './values.js';

/** The fields each built-in tool's input always has (the SDK's `sdk-tools.d.ts`: `BashInput`, `FileEditInput`, ...). */
const requiredFields: Readonly<Record<string, readonly string[]>> = {
  Bash: ['command'],
  Read: ['file_path'],
  Write: ['file_path', 'content'],
  Edit: ['file_path', 'old_string', 'new_string'],
  Glob: ['pattern'],
  Grep: ['pattern'],
  NotebookEdit: ['notebook_path', 'new_source'],
  WebFetch: ['url', 'prompt'],
  WebSearch: ['query'],
};

/**
 * Whether a hook of this matcher can throw. A throw that is only a read of
 * `tool_input` fields (see `FunctionFacts['mayThrow']`) happens only where
 * the tool has no such field: not where the matcher names built-in tools
 * whose input always has every one of them (`matcher: 'Bash'` and
 * `tool_input.command`). Any other matcher (none, `*`, a regular
 * expression, a value not known) can reach a tool without the field.
 */
export function canThrowUnder(mayThrow: FunctionFacts['mayThrow'], matcher: readonly Value[]): boolean {
  if (!mayThrow) return false;
  const { fields } = mayThrow;
  if (!fields) return true;
  return !matcher.every((value) => {
    const names = !isNotSet(value) && value.kind === 'string' ? matcherNames(value.value) : [];
    return names.length > 0 && names.every((name) => fields.every((field) => requiredFields[name]?.includes(field)));
  });
}
