import { defineRule, type Suggestion } from '../src/model/rule.js';
import { gateFunctions, preToolUseOutputs } from '../src/model/permission-gates.js';
import type { SourceWriter } from '../src/model/source-writer.js';
import type { ObjectValue, Property } from '../src/model/types.js';
import { certaintyOf, isNotSet, isSet, propertyOf } from '../src/model/values.js';

type MessageIds = 'withoutAllow' | 'addAllow';

export default defineRule<Record<string, never>, MessageIds>({
  id: 'updated-input-needs-allow',
  meta: {
    type: 'problem',
    docs: { description: 'Require permissionDecision allow next to updatedInput in PreToolUse hooks', config: 'recommended' },
    severity: 'warn',
    messages: {
      withoutAllow:
        "This PreToolUse output rewrites the tool input, but its permissionDecision {{certainty}} missing, so the rewritten call still goes through the permission flow and can prompt or reach canUseTool. Add {{allow}} next to updatedInput, or 'ask' to have the rewrite confirmed.",
      addAllow: 'Add {{allow}}.',
    },
    hasSuggestions: true,
    schema: [],
    defaultOptions: [{}],
  },
  check(model, _options, report, write) {
    const allow = write.entry('permissionDecision', write.string('allow'));
    for (const { gate, facts } of gateFunctions(model)) {
      for (const { result, specific } of preToolUseOutputs(gate, facts)) {
        const updatedInput = specific.properties.get('updatedInput');
        if (!updatedInput || !isSet(updatedInput.value.alternatives) || decidesElsewhere(result)) continue;
        const missing = certaintyOf(propertyOf({ alternatives: [specific] }, 'permissionDecision').values, isNotSet);
        if (!missing) continue;
        const suggestion = addAllow(write, specific, updatedInput, allow);
        report({
          messageId: 'withoutAllow',
          span: updatedInput.keySpan,
          data: { certainty: missing.certainty, allow },
          ...(suggestion ? { suggestions: [suggestion] } : {}),
        });
      }
    }
  },
});

/** The legacy top-level `decision` (approve/block) decides too; `continue: false` stops everything. */
function decidesElsewhere(result: ObjectValue): boolean {
  if (!result.complete) return true;
  const stops = result.properties.get('continue')?.value.alternatives.some((value) => value.kind === 'unknown' || (value.kind === 'boolean' && !value.value));
  return !!stops || isSet(result.properties.get('decision')?.value.alternatives ?? []);
}

/**
 * Insert the decision before `updatedInput`, where it is written inside the
 * output's own literal (not through a later assignment or a spread); in
 * Python only as a quoted dict key, whose spelling the edit repeats.
 */
function addAllow(write: SourceWriter, specific: ObjectValue, updatedInput: Property, allow: string): Suggestion<MessageIds> | undefined {
  const { keySpan } = updatedInput;
  if (specific.properties.has('permissionDecision')) return undefined;
  if (keySpan.file !== specific.span.file || keySpan.start < specific.span.start || keySpan.end > specific.span.end) return undefined;
  if (!write.entryFitsBefore(updatedInput)) return undefined;
  return { messageId: 'addAllow', data: { allow }, edits: [{ span: { ...keySpan, end: keySpan.start }, text: `${allow}, ` }] };
}
