import type { AgentConfiguration, Value } from './types.js';

/**
 * The configuration narrowed to the options objects of which `holds` is
 * true. Options that are one of several objects (`cond ? a : b`, or a
 * wrapper's parameter, whose callers each pass their own object) are judged
 * one object at a time, so a `canUseTool` passed by one call and an allow
 * list passed by another are not taken for one agent. An object that merges
 * the objects of more callers than were kept apart (`callersMerged`) is not
 * one agent either: it never qualifies. Undefined when no object qualifies.
 */
export function narrowedTo(config: AgentConfiguration, holds: (one: AgentConfiguration) => boolean): AgentConfiguration | undefined {
  const { alternatives } = config.options;
  const qualifies = (value: Value) => !(value.kind === 'object' && value.callersMerged) && holds({ ...config, options: { alternatives: [value] } });
  const kept = alternatives.filter(qualifies);
  if (kept.length === 0) return undefined;
  return kept.length === alternatives.length ? config : { ...config, options: { alternatives: kept } };
}
