import type { AnalysedFile } from './file-pipeline.js';
import { runRules, type CheckOptions } from './check.js';
import type { RuleSetting } from './configs.js';
import { compareLocated } from './findings.js';
import type { UnprintedFinding } from './fingerprint.js';
import { locateSuggestions } from './suggested-edits.js';
import { auditRecord, type AuditRecord } from './suppression-audit.js';
import { expiryOf, justificationOf } from './suppressions.js';

/** One file's rule results, as plain data so `--cache` can keep them. */
export interface CheckedFile {
  findings: UnprintedFinding[];
  audit: AuditRecord;
  /** It holds a suppression with an expiry date, so its results hold for today only. */
  dated: boolean;
}

/** Run the rules of `settings` on one file's model and place what they report (loaded with the rules: src/engine/scan.ts). */
export function checkFile(file: AnalysedFile, settings: readonly RuleSetting[], options: CheckOptions): CheckedFile {
  const reports = runRules(file.model, settings, { ...(options.today === undefined ? {} : { today: options.today }), ...(options.frontEnds ? { frontEnds: options.frontEnds } : {}) });
  const findings = reports.map((report): UnprintedFinding => {
    const justification = report.suppression && justificationOf(report.suppression);
    return {
      ruleId: report.ruleId,
      messageId: report.messageId,
      message: report.message,
      data: report.data,
      severity: report.severity === 'warn' ? 'warning' : 'error',
      ...file.locate(report.span),
      span: report.span,
      ...(report.covers ? { covers: report.covers } : {}),
      ...(report.related
        ? { related: report.related.map(({ span, message }) => ({ ...file.locate(span), span, message })).sort(compareLocated) }
        : {}),
      ...locateSuggestions(report.suggestions, file.locate),
      ...(report.suppression
        ? { suppression: { ...(justification ? { justification } : {}), via: report.suppression.via ?? 'toolgate' } }
        : {}),
    };
  });
  const dated = (file.model.suppressions ?? []).some((suppression) => expiryOf(suppression) !== undefined);
  return { findings, audit: auditRecord(file.model, reports, file.locate), dated };
}
