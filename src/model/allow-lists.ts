import { entriesWithLists, type ListEntry } from './list-removal.js';
import { appliedSettingsKey } from './switches.js';
import type { AgentConfiguration, Value } from './types.js';
import { optionOf, propertyOf } from './values.js';

/** An allow-list entry, with the list that holds it and how Claude Code reads it. */
export interface AllowEntry extends ListEntry {
  /** Read through the settings validator (a settings file, the `settings` option), not as a command-line flag. */
  fromSettings: boolean;
  /** The list as written: `allowedTools`, `permissions.allow`, `settings.permissions.allow`. */
  option: string;
}

/**
 * Every allow rule a configuration gives: `allowedTools` (a settings file's
 * `permissions.allow`), and `permissions.allow` of the `settings` option,
 * whether written inline, as a JSON string or in the file it names (the
 * front ends and `scan` put the file's content in the option's place), and
 * of the settings a run-time `applyFlagSettings` call applies.
 */
export function allowEntries(config: AgentConfiguration): AllowEntry[] {
  const direct = optionOf(config, 'allowedTools');
  const of = (values: readonly Value[], fromSettings: boolean, option: string): AllowEntry[] =>
    entriesWithLists(values).map((listed) => ({ ...listed, fromSettings, option }));
  const inSettings = (key: string, spelling: string): AllowEntry[] => {
    const settings = optionOf(config, key);
    const allow = propertyOf({ alternatives: propertyOf({ alternatives: settings.values }, 'permissions').values }, 'allow');
    return of(allow.values, true, `${settings.properties[0]?.spelling ?? spelling}.permissions.allow`);
  };
  return [...of(direct.values, config.tier !== undefined, direct.properties[0]?.spelling ?? 'allowedTools'), ...inSettings('settings', 'settings'), ...inSettings(appliedSettingsKey, 'applyFlagSettings()')];
}
