import type { AgentConfiguration } from './types.js';

/**
 * The configuration narrowed to the options objects of which `holds` is
 * true. Options that are one of several objects (`cond ? a : b`, or a
 * wrapper's parameter, whose callers each pass their own object) are judged
 * one object at a time, so a `canUseTool` passed by one call and an allow
 * list passed by another are not taken for one agent. Undefined when no
 * object qualifies.
 */
export function narrowedTo(config: AgentConfiguration, holds: (one: AgentConfiguration) => boolean): AgentConfiguration | undefined {
  const { alternatives } = config.options;
  if (alternatives.length < 2) return holds(config) ? config : undefined;
  const kept = alternatives.filter((value) => holds({ ...config, options: { alternatives: [value] } }));
  if (kept.length === 0) return undefined;
  return kept.length === alternatives.length ? config : { ...config, options: { alternatives: kept } };
}

