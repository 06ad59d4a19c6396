import type { AnyRule, Severity } from '../model/rule.js';

export type ConfigName = 'recommended' | 'strict';
export const configNames: readonly ConfigName[] = ['recommended', 'strict'];

export interface RuleSetting {
  rule: AnyRule;
  severity: Severity;
  /** Options as a user would write them in ESLint (`[options]`), before defaults. */
  options: unknown;
}

/**
 * The rules of a config, derived from rule metadata: `recommended` holds the
 * non-strict rules at their own severity; `strict` holds every rule as an
 * error, with the options that turn on strict-only checks.
 */
export function configRules(config: ConfigName, rules: readonly AnyRule[]): RuleSetting[] {
  return rules
    .filter((rule) => config === 'strict' || rule.meta.docs.config === 'recommended')
    .map((rule) => ({
      rule,
      severity: config === 'strict' ? 'error' : rule.meta.severity,
      options: config === 'strict' && rule.strictOptions ? { ...rule.strictOptions } : undefined,
    }));
}
