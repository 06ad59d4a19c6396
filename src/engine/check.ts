import type { AgentModel, Span } from '../model/types.js';
import type { RuleSetting } from './configs.js';
import { formatMessage, resolveOptions } from './rule.js';
import { isSuppressed } from './suppressions.js';

/** A rule's report, rendered with the rule's own message template. */
export interface Report {
  ruleId: string;
  messageId: string;
  message: string;
  data: Record<string, string | number>;
  severity: RuleSetting['severity'];
  span: Span;
}

/**
 * Run rules over one model. A value reached through several configurations
 * (a base object spread into two queries) is reported once; several
 * findings at one place (settings entries reported at `settingSources`) are kept apart by their data.
 * A report a suppression comment covers is dropped.
 */
export function checkModel(model: AgentModel, settings: readonly RuleSetting[]): Report[] {
  const reports: Report[] = [];
  const seen = new Set<string>();
  for (const { rule, severity, options } of settings) {
    rule.check(model, resolveOptions(rule, options), ({ messageId, data = {}, span }) => {
      const key = `${rule.id}\0${messageId}\0${span.file ?? ''}\0${span.start}\0${span.end}\0${JSON.stringify(data)}`;
      if (seen.has(key) || isSuppressed(model, rule.id, span)) return;
      seen.add(key);
      const template = (rule.meta.messages as Record<string, string>)[messageId] ?? messageId;
      reports.push({ ruleId: rule.id, messageId, message: formatMessage(template, data), data, severity, span });
    });
  }
  return reports;
}
