import { defaultToolkit } from '../defaults.js';
import { configNames, configRules, type ConfigName } from '../engine/configs.js';
import type { Severity } from '../model/rule.js';
import { toolInfo } from '../package-info.js';
import { toEslintRule, type ToolgateRuleModule } from './adapter.js';
import { registeredReading } from './registered.js';

export interface ToolgatePlugin {
  meta: { name: 'toolgate'; version: string };
  rules: Record<string, ToolgateRuleModule>;
  configs: Record<ConfigName, ToolgateConfig>;
}

/**
 * A flat config object. Declared on its own rather than as typescript-eslint's
 * `FlatConfig.Config`, whose `languageOptions` ESLint's `defineConfig` rejects.
 */
export interface ToolgateConfig {
  name: `toolgate/${ConfigName}`;
  plugins: { toolgate: ToolgatePlugin };
  rules: Record<string, Severity | [Severity, unknown]>;
}


const rules: Record<string, ToolgateRuleModule> = Object.fromEntries(
  defaultToolkit.rules.map((rule) => [rule.id, toEslintRule(rule, registeredReading)]),
);

/** Config rule entries come from rule metadata (`configRules`), never from a hand-kept list. */
function configFor(name: ConfigName, plugin: ToolgatePlugin): ToolgateConfig {
  const entries: ToolgateConfig['rules'] = {};
  for (const { rule, severity, options } of configRules(name, defaultToolkit.rules)) {
    entries[`toolgate/${rule.id}`] = options === undefined ? severity : [severity, options];
  }
  return { name: `toolgate/${name}`, plugins: { toolgate: plugin }, rules: entries };
}

// Configs refer to the plugin and the plugin holds the configs, so fill them in after.
export const plugin = { meta: { name: 'toolgate', version: toolInfo.version }, rules, configs: {} } as ToolgatePlugin;
for (const name of configNames) plugin.configs[name] = configFor(name, plugin);

export default plugin;
