import { subagentConfigurations } from '../../model/subagents.js';
import type { AgentConfiguration } from '../../model/types.js';
import { withSettingsOption } from './settings-option.js';

/**
 * The rest of a configuration's permission surface, in the model every rule
 * reads: the `settings` option read in place (a JSON string as its object,
 * its defaultMode as the mode where none is given) and each subagent of
 * `agents` as a configuration of its own. Both front ends end with this.
 */
export function withPermissionSurfaces(configurations: readonly AgentConfiguration[]): AgentConfiguration[] {
  const read = configurations.map((config) => withSettingsOption(config));
  return [...read, ...read.flatMap(subagentConfigurations)];
}
