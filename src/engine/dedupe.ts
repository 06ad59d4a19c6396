import type { Span } from '../model/types.js';

/**
 * One finding per mistake. Two rules can report the same written place for
 * the same cause (a bare `'Bash'` next to `canUseTool`: the callback never
 * sees it, and it approves every Bash call). The engine, not the rules,
 * decides which one speaks, so each rule stays a pure check over the model.
 *
 * A report's causes are the places whose mistakes it explains: its own span,
 * plus any it `covers` (the bypass rule's `allowedTools` message covers the
 * entries of that list). A report is dropped when every cause of it is
 * explained by a report earlier in `precedence`. Reports outside the list
 * never drop and are never dropped.
 */
export const precedence: readonly { ruleId: string; messageIds?: readonly string[]; exceptMessageIds?: readonly string[] }[] = [
  // A malformed entry approves nothing; whatever else is said of it is wrong. In `allowedTools`
  // the CLI reads `Bash()` as the whole Bash (it never reaches the validator), and `Bash(:*)` is listed as bare
  // by the catalogue, so for these two the bare rules still speak.
  { ruleId: 'valid-permission-rule', exceptMessageIds: ['emptyParentheses', 'emptyPrefix'] },
  // Under a mode that is always bypass, allow entries do not matter at all.
  { ruleId: 'no-bypass-without-disallowed-tools', messageIds: ['allowedToolsIgnored', 'allowRulesIgnored'] },
  // Names the callback it defeats: the more specific consequence of a bare entry.
  // In a settings file too, where the entry is reported once for every configuration that loads it.
  { ruleId: 'no-shadowed-can-use-tool', messageIds: ['wholeToolAllowed', 'mcpToolAllowed', 'settingsAllowed'] },
  { ruleId: 'no-bare-allowed-tools' },
];

export interface Deduplicable {
  ruleId: string;
  messageId: string;
  span: Span;
  covers?: Span[];
}

export function onePerMistake<Report extends Deduplicable>(reports: Report[]): Report[] {
  // Only the messages listed take part: the same place can carry other causes (a bypass mode value
  // is both "no deny rules" and "canUseTool is never called"), and those are kept.
  const rank = (report: Report): number =>
    precedence.findIndex(
      ({ ruleId, messageIds, exceptMessageIds }) =>
        ruleId === report.ruleId && (messageIds?.includes(report.messageId) ?? true) && !exceptMessageIds?.includes(report.messageId),
    );
  // The best (lowest) rank that explains each place.
  const best = new Map<string, number>();
  for (const report of reports) {
    const at = rank(report);
    if (at < 0) continue;
    for (const cause of causesOf(report)) {
      const key = placeKey(cause);
      if (at < (best.get(key) ?? Infinity)) best.set(key, at);
    }
  }
  return reports.filter((report) => {
    const at = rank(report);
    return at < 0 || !causesOf(report).every((cause) => (best.get(placeKey(cause)) ?? Infinity) < at);
  });
}

function causesOf(report: Deduplicable): Span[] {
  return [report.span, ...(report.covers ?? [])];
}

function placeKey(span: Span): string {
  return `${span.file ?? ''}\0${span.start}\0${span.end}`;
}
