import { defineRule } from '../src/model/rule.js';
import { stopsEverything } from '../src/model/decisions.js';
import { gateFunctions, preToolUseOutputs, returnedObjects } from '../src/model/permission-gates.js';
import type { SourceWriter } from '../src/model/source-writer.js';
import type { FunctionFacts, Gate, ObjectValue, Value } from '../src/model/types.js';
import { certaintyOf, isNotSet, isString, propertyOf } from '../src/model/values.js';

type MessageIds = 'denyWithoutReason';

export default defineRule<Record<string, never>, MessageIds>({
  id: 'require-deny-reason',
  meta: {
    type: 'problem',
    docs: { description: 'Require a reason with every deny', config: 'recommended' },
    severity: 'warn',
    messages: {
      denyWithoutReason:
        'This {{gate}} deny {{certainty}} without a reason ({{field}}), so the model learns that the call was refused but not why, and tends to retry it or work around it. Set {{field}} to what was refused and what to do instead.',
    },
    schema: [],
    defaultOptions: [{}],
  },
  check(model, _options, report, write) {
    for (const { gate, facts } of gateFunctions(model)) {
      for (const { denies, reasons, gate: gateName, field } of denials(write, gate, facts)) {
        const missing = certaintyOf(reasons, isBlank);
        if (!missing) continue;
        for (const deny of denies) report({ messageId: 'denyWithoutReason', span: deny.span, data: { gate: gateName, certainty: missing.certainty, field } });
      }
    }
  },
});

/** A result that can deny: the literals that make it a deny, and the values its reason can have. */
interface Denial {
  denies: Value[];
  reasons: Value[];
  gate: string;
  field: string;
}

function denials(write: SourceWriter, gate: Gate, facts: FunctionFacts): Denial[] {
  if (gate.kind === 'canUseTool') {
    const name = write.optionName('canUseTool');
    return returnedObjects(facts).map((result) => ({ denies: literals(result, 'behavior', 'deny'), reasons: valuesOf(result, 'message'), gate: name, field: 'message' }));
  }
  // A top-level `reason` goes with the deprecated `decision`; it is accepted next to a specific deny too.
  // `continue: false` ends the session: no next turn to retry in, and `stopReason` says why.
  const found = preToolUseOutputs(gate, facts)
    .filter(({ result }) => valuesOf(result, 'reason').every(isBlank) && !stopsSession(result))
    .map(({ specific }) => ({ denies: literals(specific, 'permissionDecision', 'deny'), reasons: valuesOf(specific, 'permissionDecisionReason'), gate: 'PreToolUse', field: 'permissionDecisionReason' }));
  if (!gate.events.includes('PreToolUse')) return found;
  // The deprecated top-level `decision: 'block'`, whose reason is `reason`.
  for (const result of returnedObjects(facts)) {
    if (!result.properties.has('hookSpecificOutput') && !stopsSession(result)) found.push({ denies: literals(result, 'decision', 'block'), reasons: valuesOf(result, 'reason'), gate: 'PreToolUse', field: 'reason' });
  }
  return found;
}

function stopsSession(result: ObjectValue): boolean {
  return stopsEverything(result.properties.get('continue')?.value);
}

/** The literal values of `key` that make the object this decision. */
function literals(object: ObjectValue, key: string, decision: string): Value[] {
  return object.properties.get(key)?.value.alternatives.filter((value) => isString(value, decision)) ?? [];
}

function valuesOf(object: ObjectValue, key: string): Value[] {
  return propertyOf({ alternatives: [object] }, key).values;
}

/** Missing, empty or only spaces; a value computed at run time counts as a reason. */
function isBlank(value: Value): boolean {
  return isNotSet(value) || (value.kind === 'string' && value.value.trim() === '');
}
