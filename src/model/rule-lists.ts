import type { RuleListKind, RuleSource } from './rule-validation.js';
import type { AgentConfiguration, StringValue } from './types.js';
import { appliedSettingsKey } from './switches.js';
import { listEntries, optionOf, propertyOf } from './values.js';

/** The string entries one list option can hold, on any path. */
export interface RuleListEntries {
  list: RuleListKind;
  entries: StringValue[];
  /** Read through the settings validator (a settings file, inline `settings`) or as a command-line flag. */
  source: RuleSource;
}

const options: ReadonlyArray<[RuleListKind, string]> = [
  ['allow', 'allowedTools'],
  ['deny', 'disallowedTools'],
  ['ask', 'askTools'],
  ['tools', 'tools'],
];

/**
 * Every list of tool names or permission rules a configuration writes:
 * `allowedTools`, `disallowedTools`, `tools`, a settings file's
 * `permissions.allow/deny/ask`, and the same lists inline in the `settings`
 * and `managedSettings` options and in what a run-time `applyFlagSettings` applies.
 */
export function ruleLists(config: AgentConfiguration): RuleListEntries[] {
  const source: RuleSource = config.tier === undefined ? 'flag' : 'settings';
  const lists = options.map(([list, key]) => ({ list, entries: listEntries(optionOf(config, key).values), source }));
  for (const holder of ['settings', 'managedSettings', appliedSettingsKey]) {
    const permissions = propertyOf({ alternatives: optionOf(config, holder).values }, 'permissions');
    for (const list of ['allow', 'deny', 'ask'] as const) {
      lists.push({ list, entries: listEntries(propertyOf({ alternatives: permissions.values }, list).values), source: 'settings' });
    }
  }
  return lists.filter((list) => list.entries.length > 0);
}
