import { allRules } from '../../rules/index.js';
import { expect } from 'vitest';
import { analyseText, withoutBom } from '../../src/engine/analyse.js';
import { checkModel, type Report, type ReportSuggestion } from '../../src/engine/check.js';
import { configRules, type RuleSetting } from '../../src/engine/configs.js';
import { applyEdits } from '../../src/engine/edits.js';
import { LineIndex } from '../../src/model/line-index.js';

/** A suggestion as a test expects it: the message, and the whole file after its edits. */
export interface ExpectedSuggestion<MessageIds extends string = string> {
  messageId: MessageIds;
  data?: Record<string, string | number>;
  output: string;
}

/**
 * The file a suggestion leaves behind, byte order mark kept as ESLint keeps
 * it. Its edits must all be in this file: an edit in another one (a hook
 * script) is tested through `scan`.
 */
export function suggestedOutput(code: string, path: string, suggestion: ReportSuggestion): string {
  const foreign = suggestion.edits.find(({ span }) => span.file !== undefined && span.file !== path);
  if (foreign) throw new Error(`Suggestion '${suggestion.messageId}' edits ${foreign.span.file}; test it through scan.`);
  const text = withoutBom(code);
  return code.slice(0, code.length - text.length) + applyEdits(text, suggestion.edits);
}

/**
 * Check a report's suggestions against expectations (same order, same
 * messages, exact outputs) and that each output passes toolgate. A report
 * with suggestions must list them, as ESLint's RuleTester requires.
 */
export function expectSuggestions(
  code: string,
  path: string,
  report: Report,
  expected: readonly ExpectedSuggestion[] | undefined,
  options?: unknown,
): void {
  const found = report.suggestions ?? [];
  if (expected === undefined) {
    expect(found.map(({ messageId }) => messageId), `report ${report.messageId} has suggestions: list them`).toEqual([]);
    return;
  }
  expect(
    found.map((suggestion) => ({ messageId: suggestion.messageId, output: suggestedOutput(code, path, suggestion) })),
  ).toEqual(expected.map(({ messageId, output }) => ({ messageId, output })));
  expected.forEach(({ data }, index) => {
    if (data) expect(found[index]!.data).toMatchObject(data);
  });
  for (const { output } of expected) expectSuggestionPasses(code, output, path, report, options);
}

/**
 * A suggestion's output passes toolgate: it parses, the finding it fixes is
 * gone, and no rule of the strict config finds anything the input did not
 * already have (other findings in the case may stay). Findings are compared
 * by rule, message and data, since an edit moves positions. The fixed rule
 * runs with the case's `options`.
 */
export function expectSuggestionPasses(
  before: string,
  after: string,
  path: string,
  fixed: Pick<Report, 'ruleId' | 'messageId' | 'data'>,
  options?: unknown,
): void {
  const settings = configRules('strict', allRules).map((setting) => (setting.rule.id === fixed.ruleId && options !== undefined ? { ...setting, options } : setting));
  const remaining = findingKeys(before, path, settings);
  const fixedKey = keyOf(fixed);
  const index = remaining.indexOf(fixedKey);
  expect(index, `the fixed finding ${fixedKey} is found in the input`).toBeGreaterThanOrEqual(0);
  remaining.splice(index, 1);
  const added: string[] = [];
  for (const key of findingKeys(after, path, settings)) {
    const at = remaining.indexOf(key);
    if (at >= 0) remaining.splice(at, 1);
    else added.push(key);
  }
  expect(added, `findings in the suggested output that the input did not have:\n${after}`).toEqual([]);
}

function findingKeys(code: string, path: string, settings: RuleSetting[]): string[] {
  const analysis = analyseText(code, path);
  expect(analysis.syntaxErrors, `parses:\n${code}`).toEqual([]);
  return analysis.model ? checkModel(analysis.model, settings).map(keyOf) : [];
}

function keyOf({ ruleId, messageId, data }: Pick<Report, 'ruleId' | 'messageId' | 'data'>): string {
  return `${ruleId}/${messageId} ${JSON.stringify(Object.entries(data).sort(([a], [b]) => (a < b ? -1 : 1)))}`;
}

/** The unsuppressed reports of `settings` on a file, placed (1-based) as `scan` places them, in position order. */
export function locatedReports(code: string, path: string, settings: Parameters<typeof checkModel>[1]): Array<Report & { line: number; column: number; endLine: number; endColumn: number }> {
  const analysis = analyseText(code, path);
  if (!analysis.model) return [];
  const lines = new LineIndex(withoutBom(code));
  return checkModel(analysis.model, settings)
    .map((report) => {
      const start = lines.locate(report.span.start);
      const end = lines.locate(report.span.end);
      return { ...report, line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
    })
    .sort((a, b) => a.line - b.line || a.column - b.column || a.messageId.localeCompare(b.messageId));
}
