import type { AgentModel, Span, Suppression } from '../model/types.js';

/** `-- reason, until 2027-03-31`: the date after which the suppression stops suppressing. */
const expiry = /(?:^|[,;]?\s+)until\s+(\d{4}-\d{2}-\d{2})\s*$/i;

/** The expiry date a suppression's reason names, if any (`YYYY-MM-DD`). */
export function expiryOf(suppression: Suppression): string | undefined {
  return suppression.reason === undefined ? undefined : expiry.exec(suppression.reason)?.[1];
}

/** The reason without its `until` clause; undefined when nothing else is left. */
export function justificationOf(suppression: Suppression): string | undefined {
  const text = suppression.reason?.replace(expiry, '').trim();
  return text ? text : undefined;
}

/** Today as `YYYY-MM-DD` in UTC, the form expiry dates are written in. */
export function today(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The suppression comments of the model that turn `ruleId` off where `span`
 * starts, toolgate's own first. Spans without a file are in the model's own file.
 */
export function suppressionsCovering(model: AgentModel, ruleId: string, span: Span): Suppression[] {
  const file = span.file ?? model.path;
  return (model.suppressions ?? [])
    .filter(
      ({ ruleIds, range }) =>
        ruleIds.includes(ruleId) && (range.file ?? model.path) === file && span.start >= range.start && span.start < range.end,
    )
    .sort((a, b) => (a.via === 'eslint' ? 1 : 0) - (b.via === 'eslint' ? 1 : 0));
}

/** True when a suppression comment of the model turns `ruleId` off where `span` starts. */
export function isSuppressed(model: AgentModel, ruleId: string, span: Span): boolean {
  return suppressionsCovering(model, ruleId, span).length > 0;
}
