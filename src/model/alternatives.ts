import type { AgentConfiguration } from './types.js';

/**
 * The configuration once for each options object it can be (`cond ? a : b`,
 * or a wrapper's parameter, whose callers each pass their own object), so a
 * `canUseTool` passed by one call and an allow list passed by another are
 * not taken for one agent; itself when it is one object.
 */
export function eachObject(config: AgentConfiguration): AgentConfiguration[] {
  const { alternatives } = config.options;
  return alternatives.length < 2 ? [config] : alternatives.map((value) => ({ ...config, options: { alternatives: [value] } }));
}

/**
 * Whether one options object merges the objects of more callers than were
 * kept apart (`callersMerged`): each field is some caller's, but no two are
 * known to be one agent's, so nothing that compares two fields is judged.
 */
export function mergesCallers(one: AgentConfiguration): boolean {
  return one.options.alternatives.some((value) => value.kind === 'object' && value.callersMerged);
}

/**
 * The configuration narrowed to the options objects of which `holds` is
 * true (see `eachObject`); an object that merges callers never qualifies.
 * Undefined when no object qualifies.
 */
export function narrowedTo(config: AgentConfiguration, holds: (one: AgentConfiguration) => boolean): AgentConfiguration | undefined {
  const kept = eachObject(config).filter((one) => !mergesCallers(one) && holds(one));
  if (kept.length === 0) return undefined;
  if (kept.length === config.options.alternatives.length) return config;
  return { ...config, options: { alternatives: kept.flatMap((one) => one.options.alternatives) } };
}
