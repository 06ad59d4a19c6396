import { exitDecisions, type Decision } from './decisions.js';
import type { AgentModel, FunctionFacts, Gate, ObjectValue, Span } from './types.js';
import { isString } from './values.js';

/** Hook events whose callbacks decide whether a tool call may run. */
const permissionEvents = ['PreToolUse', 'PermissionRequest'];

/** Each gate with the facts of the function it hands to the SDK (a gate whose function was not analysed is left out). */
export function* gateFunctions(model: AgentModel): Generator<{ gate: Gate; facts: FunctionFacts }> {
  for (const gate of model.gates) {
    const facts = model.functions[gate.functionId];
    if (facts) yield { gate, facts };
  }
}

/** canUseTool, PreToolUse and PermissionRequest hooks, and SDK-typed hooks that return a permission decision. */
export function isPermissionGate(gate: Gate, facts: FunctionFacts): boolean {
  if (gate.kind === 'canUseTool') return true;
  if (gate.kind !== 'hook') return false;
  if (gate.events.length > 0) return gate.events.some((event) => permissionEvents.includes(event));
  return decides(facts, 'allow', 'deny', 'ask');
}

/** The function can return one of these decisions on some path. */
export function decides(facts: FunctionFacts, ...decisions: Decision[]): boolean {
  return facts.exits.some((exit) => exitDecisions(exit).some((decision) => decisions.includes(decision)));
}

/**
 * The gate is a policy: outside its catch handlers it can return a decision
 * (allow, deny, ask, defer) or a result whose decision is not known. A hook
 * that only logs and returns `{}` everywhere decides nothing, so a catch in it
 * turns no check off. canUseTool always answers with a decision. Any event's
 * decision fields count, as the author meant them: a deny its caller misreads
 * still makes the hook a policy.
 */
export function decidesOutsideCatches(gate: Gate, facts: FunctionFacts): boolean {
  if (gate.kind === 'canUseTool') return true;
  const handlers = facts.catches.flatMap((handler) => (handler.body ? [handler.body] : []));
  return facts.exits.some(
    (exit) => !handlers.some((body) => within(exit.span, body)) && exitDecisions(exit).some((decision) => decision !== 'none'),
  );
}

/** `inner` lies inside `outer`, in the same file. */
export function within(inner: Span, outer: Span): boolean {
  return inner.file === outer.file && inner.start >= outer.start && inner.end <= outer.end;
}

/** The objects a function can return, each once (a helper's literal may be returned from several places). */
export function returnedObjects(facts: FunctionFacts): ObjectValue[] {
  const seen = new Set<string>();
  const objects: ObjectValue[] = [];
  for (const exit of facts.exits) {
    if (exit.kind !== 'return') continue;
    for (const value of exit.value.alternatives) {
      const key = `${value.span.file ?? ''}:${value.span.start}`;
      if (value.kind !== 'object' || seen.has(key)) continue;
      seen.add(key);
      objects.push(value);
    }
  }
  return objects;
}

/** A hook result and the `hookSpecificOutput` in it that answers a PreToolUse event. */
export interface PreToolUseOutput {
  result: ObjectValue;
  specific: ObjectValue;
}

/**
 * The PreToolUse outputs a hook can return: its `hookSpecificOutput` objects
 * whose `hookEventName` is `PreToolUse`, or is not written as a literal in a
 * hook registered for PreToolUse. Other events (PreSkillShellCommand, ...)
 * share the shape but not its meaning.
 */
export function preToolUseOutputs(gate: Gate, facts: FunctionFacts): PreToolUseOutput[] {
  if (gate.kind !== 'hook') return [];
  const registered = gate.events.includes('PreToolUse');
  if (!registered && gate.events.length > 0) return [];
  const outputs: PreToolUseOutput[] = [];
  for (const result of returnedObjects(facts)) {
    for (const specific of result.properties.get('hookSpecificOutput')?.value.alternatives ?? []) {
      if (specific.kind !== 'object') continue;
      const names = specific.properties.get('hookEventName')?.value.alternatives ?? [];
      const named = names.length > 0 && names.every((name) => name.kind === 'string');
      if (named ? names.every((name) => isString(name, 'PreToolUse')) : registered) outputs.push({ result, specific });
    }
  }
  return outputs;
}
