import { allRules } from '../../../rules/index.js';
import { configNames, configRules, type ConfigName } from '../../engine/configs.js';
import type { Colors } from '../color.js';

export type PresetLevel = 'error' | 'warn' | 'off';

export interface RuleRow {
  id: string;
  description: string;
  type: 'problem' | 'suggestion';
  url: string;
  /** The rule's level in each preset (`off`: not in it). */
  presets: Record<ConfigName, PresetLevel>;
}

/** Every rule toolgate ships, in catalogue order, with its level in each preset. */
export function ruleRows(): RuleRow[] {
  const levels = new Map(configNames.map((name) => [name, new Map(configRules(name, allRules).map((setting) => [setting.rule.id, setting.severity]))]));
  return allRules.map((rule) => ({
    id: rule.id,
    description: rule.meta.docs.description,
    type: rule.meta.type,
    url: rule.meta.docs.url,
    presets: Object.fromEntries(configNames.map((name) => [name, levels.get(name)?.get(rule.id) ?? 'off'])) as Record<ConfigName, PresetLevel>,
  }));
}

/** A table: id, the level in each preset, description (not padded: it is a sentence). */
export function formatRulesPretty(rows: readonly RuleRow[], colors: Colors): string {
  const header = ['rule', ...configNames];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (column === 0 ? row.id : row.presets[configNames[column - 1]!]).length)),
  );
  const paint = (level: PresetLevel) => (level === 'error' ? colors.red : level === 'warn' ? colors.yellow : colors.dim);
  const lines = [colors.bold([...header.map((title, column) => title.padEnd(widths[column]!)), 'description'].join('  '))];
  for (const row of rows) {
    const levels = configNames.map((name, index) => paint(row.presets[name])(row.presets[name].padEnd(widths[index + 1]!)));
    lines.push([colors.bold(row.id.padEnd(widths[0]!)), ...levels, row.description].join('  '));
  }
  lines.push('', colors.dim('Run `toolgate explain <rule>` for a rule\'s reasons, examples and options.'));
  return `${lines.join('\n')}\n`;
}

/** The rule list as data, version 1; keys in a fixed order. */
export function formatRulesJson(rows: readonly RuleRow[]): string {
  const rules = rows.map((row) => ({ id: row.id, description: row.description, type: row.type, presets: row.presets, url: row.url }));
  return `${JSON.stringify({ version: 1, rules }, null, 2)}\n`;
}
