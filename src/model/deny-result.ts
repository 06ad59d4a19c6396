import type { ResultShape } from './decisions.js';
import { preToolUseOutputs } from './permission-gates.js';
import type { FunctionFacts, Gate } from './types.js';

/** The reason a suggested deny gives the model, so it does not retry blindly. */
export const failedCheckReason = 'The permission check failed, so this call is denied.';

/**
 * The shape a gate's deny takes, or undefined when it is not known: a hook
 * registered for both events, or an unwired hook that does not show which
 * event it answers.
 */
export function denyShapeOf(gate: Gate, facts: FunctionFacts): ResultShape | undefined {
  if (gate.kind === 'canUseTool') return 'canUseTool';
  if (gate.kind !== 'hook') return undefined;
  const events = gate.events.filter((event) => event === 'PreToolUse' || event === 'PermissionRequest');
  if (events.length === 1) return events[0] as ResultShape;
  if (gate.events.length === 0 && preToolUseOutputs(gate, facts).length > 0) return 'PreToolUse';
  return undefined;
}
