import type { AgentConfiguration, SettingsTier } from './types.js';
import { isNotSet, listEntries, optionOf } from './values.js';

/** Where each project-level settings file is, for messages. */
export const settingsFileNames: Partial<Record<SettingsTier, string>> = {
  project: '.claude/settings.json',
  local: '.claude/settings.local.json',
};

/**
 * The project's settings files that a configuration certainly loads:
 * `settingSources` omitted loads every source; a known list loads the tiers
 * it names; an unknown one loads nothing for certain.
 */
export function loadedProjectSettings(config: AgentConfiguration): AgentConfiguration[] {
  const sources = optionOf(config, 'settingSources').values;
  return (config.projectSettings ?? []).filter(
    (settings) =>
      settings.tier !== undefined &&
      settingsFileNames[settings.tier] !== undefined &&
      sources.every(
        (value) => isNotSet(value) || (value.kind === 'array' && value.complete && listEntries([value]).some((entry) => entry.value === settings.tier)),
      ),
  );
}
