import type { Report } from './check.js';
import type { RuleSetting } from './configs.js';
import type { AnyRule } from '../model/rule.js';
import type { UnprintedFinding } from './fingerprint.js';
import { formatMessage } from '../model/rule.js';
import type { SpanLocation } from './sources.js';
import { justificationOf } from './suppressions.js';
import type { AgentModel, Span } from '../model/types.js';

/** The rule id of `--strict`'s findings about suppression comments themselves. */
export const suppressionRuleId = 'suppression';

/** What one file tells the audit, as plain data so `--cache` can keep it. */
export interface AuditRecord {
  /** Each comment once per rule id it names, located. */
  comments: Array<{ key: string; ruleId: string; comment: string; ids: string; justified: boolean; at: SpanLocation & { span: Span } }>;
  /** Keys of the comments that suppressed (or, expired, named) a report. */
  used: string[];
}

/** The audit's view of one file's model and reports. */
export function auditRecord(model: AgentModel, reports: readonly Report[], locate: (span: Span) => SpanLocation): AuditRecord {
  const comments: AuditRecord['comments'] = (model.suppressions ?? []).flatMap((suppression) =>
    suppression.ruleIds.map((ruleId) => ({
      key: auditKey(model, suppression.span, ruleId),
      ruleId,
      comment: auditKey(model, suppression.span, ''),
      ids: suppression.ruleIds.join(', '),
      justified: justificationOf(suppression) !== undefined,
      at: { ...locate(suppression.span), span: suppression.span },
    })),
  );
  const used = reports.flatMap((report) =>
    [...(report.suppression ? [report.suppression] : []), ...(report.expired ?? [])].map((suppression) => auditKey(model, suppression.span, report.ruleId)),
  );
  return { comments, used };
}

/**
 * What `--strict` says about suppression comments: one without a reason, and
 * one naming a rule that ran (or no rule at all) yet suppressed nothing
 * anywhere in the scan. Comments in files without a model are not seen.
 */
export class SuppressionAudit {
  private readonly seen = new Map<string, AuditRecord['comments'][number]>();
  private readonly used = new Set<string>();
  private readonly ran: Set<string>;
  private readonly known: Set<string>;

  /** `settings`: the rules that ran; `rules`: every rule a comment may name. */
  constructor(settings: readonly RuleSetting[], rules: readonly AnyRule[]) {
    this.known = new Set(rules.map((rule) => rule.id));
    this.ran = new Set(settings.map((setting) => setting.rule.id));
  }

  add(record: AuditRecord): void {
    for (const comment of record.comments) if (!this.seen.has(comment.key)) this.seen.set(comment.key, comment);
    for (const key of record.used) this.used.add(key);
  }

  findings(): UnprintedFinding[] {
    const findings: UnprintedFinding[] = [];
    const unreasoned = new Set<string>();
    for (const [key, { ruleId, comment, ids, justified, at }] of this.seen) {
      if (!justified && !unreasoned.has(comment)) {
        unreasoned.add(comment);
        findings.push(auditFinding('missingReason', { ids }, at));
      }
      const unknown = !this.known.has(ruleId);
      if (!this.used.has(key) && (unknown || this.ran.has(ruleId))) {
        findings.push(auditFinding(unknown ? 'unknownRule' : 'unused', { ruleId }, at));
      }
    }
    return findings;
  }
}

const auditMessages = {
  missingReason: "This suppression of {{ids}} gives no reason. Say why after ' -- ', so a reviewer can judge it.",
  unused: "This suppression of '{{ruleId}}' suppresses nothing. Remove it, so it cannot hide a later finding.",
  unknownRule: "'{{ruleId}}' is not a toolgate rule, so this suppression suppresses nothing. Fix the id or remove it.",
};

function auditFinding(
  messageId: keyof typeof auditMessages,
  data: Record<string, string>,
  at: Omit<UnprintedFinding, 'ruleId' | 'messageId' | 'message' | 'data' | 'severity'>,
): UnprintedFinding {
  return { ruleId: suppressionRuleId, messageId, message: formatMessage(auditMessages[messageId], data), data, severity: 'error', ...at };
}

/** A comment by where it is: spans without a file are in the model's own file. */
function auditKey(model: AgentModel, span: Span, ruleId: string): string {
  return `${span.file ?? model.path}\0${span.start}\0${ruleId}`;
}
