import type { AgentModel, Span } from '../model/types.js';

/**
 * True when a suppression comment of the model turns `ruleId` off where
 * `span` starts. Spans without a file are in the model's own file.
 */
export function isSuppressed(model: AgentModel, ruleId: string, span: Span): boolean {
  const file = span.file ?? model.path;
  return (model.suppressions ?? []).some(
    ({ ruleIds, range }) => ruleIds.includes(ruleId) && (range.file ?? model.path) === file && span.start >= range.start && span.start < range.end,
  );
}
