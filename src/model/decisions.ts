import type { Exit, Value, ValueSet } from './types.js';

/**
 * What a gate's result means to the SDK. `none`: no decision, the normal flow
 * runs (for a gate that failed, that means the call goes ahead).
 */
export type Decision = 'allow' | 'deny' | 'ask' | 'defer' | 'none' | 'null' | 'unknown';

const hookDecisions: Record<string, Decision> = { allow: 'allow', deny: 'deny', ask: 'ask', defer: 'defer' };
const legacyDecisions: Record<string, Decision> = { approve: 'allow', block: 'deny' };
const behaviors: Record<string, Decision> = { allow: 'allow', deny: 'deny' };

/**
 * Who answers, when that is known: each reads its own fields. A PreToolUse
 * hook decides with `hookSpecificOutput.permissionDecision` (or the legacy
 * top-level `decision`); a PermissionRequest hook only with
 * `hookSpecificOutput.decision.behavior` (Claude Code reads nothing else from
 * it, and rejects an output without `decision` as invalid, which counts as
 * the hook failing); canUseTool with `behavior`. Unknown: any of them.
 */
export type ResultShape = 'PreToolUse' | 'PermissionRequest' | 'canUseTool';

/** The decision of one returned value: a hook output or a permission result. */
export function decisionOf(value: Value, shape?: ResultShape): Decision {
  switch (value.kind) {
    case 'undefined':
    case 'absent':
      return 'none';
    case 'null':
      return 'null';
    case 'object':
      return objectDecision(value, shape);
    default:
      return 'unknown';
  }
}

function objectDecision(value: Extract<Value, { kind: 'object' }>, shape: ResultShape | undefined): Decision {
  const reads = (answer: ResultShape): boolean => shape === undefined || shape === answer;
  const specific = value.properties.get('hookSpecificOutput')?.value;
  const fromSpecific = specific && reads('PreToolUse') ? decisionInObject(specific, 'permissionDecision', hookDecisions) : undefined;
  // A PermissionRequest hook answers with `hookSpecificOutput.decision.behavior`.
  const request = specific && reads('PermissionRequest') ? propertyValues(specific, 'decision') : undefined;
  const hook = reads('PreToolUse') || reads('PermissionRequest');
  const candidates = [
    fromSpecific,
    request ? decisionInObject(request, 'behavior', behaviors) : undefined,
    reads('PreToolUse') ? decisionIn(value.properties.get('permissionDecision')?.value, hookDecisions) : undefined,
    reads('PreToolUse') ? decisionIn(value.properties.get('decision')?.value, legacyDecisions) : undefined,
    reads('canUseTool') ? decisionIn(value.properties.get('behavior')?.value, behaviors) : undefined,
    hook && stopsEverything(value.properties.get('continue')?.value) ? ('deny' as const) : undefined,
  ].filter((decision): decision is Decision => decision !== undefined);
  if (candidates.includes('deny')) return 'deny';
  if (candidates.length > 0) return candidates[0]!;
  return value.complete ? 'none' : 'unknown';
}

function decisionInObject(set: ValueSet, key: string, table: Record<string, Decision>): Decision | undefined {
  const decisions = set.alternatives.map((alternative) =>
    alternative.kind === 'object' ? decisionIn(alternative.properties.get(key)?.value, table) : 'unknown',
  );
  return agree(decisions);
}

/** The values `key` has in the objects of `set`, or undefined when no object sets it. */
function propertyValues(set: ValueSet, key: string): ValueSet | undefined {
  const alternatives = set.alternatives.flatMap((alternative) =>
    alternative.kind === 'object' ? (alternative.properties.get(key)?.value.alternatives ?? []) : [],
  );
  return alternatives.length > 0 ? { alternatives } : undefined;
}

function decisionIn(set: ValueSet | undefined, table: Record<string, Decision>): Decision | undefined {
  if (!set) return undefined;
  return agree(
    set.alternatives.map((alternative) => {
      if (alternative.kind === 'absent' || alternative.kind === 'undefined') return undefined;
      return alternative.kind === 'string' ? (table[alternative.value] ?? 'unknown') : 'unknown';
    }),
  );
}

/** One decision when every alternative agrees; unknown when they differ. */
function agree(decisions: Array<Decision | undefined>): Decision | undefined {
  const distinct = new Set(decisions);
  if (distinct.size === 1) return decisions[0];
  return 'unknown';
}

/** `continue: false` on every path (Python's `continue_`): Claude stops, whatever the decision says. */
export function stopsEverything(set: ValueSet | undefined): boolean {
  return !!set && set.alternatives.every((alternative) => alternative.kind === 'boolean' && !alternative.value);
}

/** The decisions one exit of a gate can produce; throws and exits are not decisions. */
export function exitDecisions(exit: Exit, shape?: ResultShape): Decision[] {
  if (exit.kind === 'end') return ['none'];
  if (exit.kind === 'return') return exit.value.alternatives.map((value) => decisionOf(value, shape));
  return [];
}

/** A result that lets the call go ahead when the gate had meant to check it. */
export function failsOpen(decision: Decision): boolean {
  return decision === 'allow' || decision === 'none';
}
