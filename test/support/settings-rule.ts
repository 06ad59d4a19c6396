import { describe, expect, it } from 'vitest';
import { analyzeText, withoutBom } from '../../src/engine/analyze.js';
import { checkModel } from '../../src/engine/check.js';
import { LineIndex } from '../../src/engine/locate.js';
import type { Rule } from '../../src/engine/rule.js';
import type { ExpectedError } from './rule-tester.js';

interface SettingsCase<Options> {
  /** The file's JSON text. */
  code: string;
  /** Defaults to `.claude/settings.json` (the project tier). */
  path?: string;
  options?: Partial<Options>;
  name?: string;
}

export type ValidSettingsCase<Options = Record<string, unknown>> = string | SettingsCase<Options>;

export interface InvalidSettingsCase<MessageIds extends string, Options = Record<string, unknown>> extends SettingsCase<Options> {
  errors: ExpectedError<MessageIds>[];
}

export interface SettingsCases<MessageIds extends string, Options> {
  valid: ValidSettingsCase<Options>[];
  invalid: InvalidSettingsCase<MessageIds, Options>[];
}

type Found = Required<Omit<ExpectedError, 'data'>> & { data: Record<string, string | number> };

/**
 * One rule's reports on a settings file, placed as `scan` places them. The
 * file must parse: a case that is silent because of a syntax error proves
 * nothing.
 */
export function settingsReports<Options>(rule: Rule<Options, string>, item: SettingsCase<Options>): Found[] {
  const analysis = analyzeText(item.code, item.path ?? '.claude/settings.json');
  expect(analysis.syntaxErrors, 'the case parses').toEqual([]);
  if (!analysis.model) return [];
  const lines = new LineIndex(withoutBom(item.code));
  return checkModel(analysis.model, [{ rule, severity: 'error', options: item.options }])
    .map(({ messageId, data, span }) => {
      const start = lines.locate(span.start);
      const end = lines.locate(span.end);
      return { messageId, data, line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
    })
    .sort((a, b) => a.line - b.line || a.column - b.column);
}

/** Keep only the keys an expectation names, so a case pins what it cares about. */
function like(found: Found, expected: ExpectedError): Partial<Found> {
  const picked: Partial<Found> = {};
  for (const key of Object.keys(expected) as Array<keyof ExpectedError>) {
    if (key === 'data') {
      picked.data = Object.fromEntries(Object.keys(expected.data ?? {}).map((name) => [name, found.data[name]!]));
    } else (picked as Record<string, unknown>)[key] = found[key];
  }
  return picked;
}

/**
 * Settings-file cases for a rule, in RuleTester's shape: valid cases report
 * nothing, invalid ones report exactly the listed errors, in position order.
 */
export function runSettingsRuleTests<MessageIds extends string, Options>(
  rule: Rule<Options, MessageIds>,
  cases: SettingsCases<NoInfer<MessageIds>, NoInfer<Options>>,
): void {
  const title = (item: SettingsCase<Options>) => item.name ?? `${item.path ?? '.claude/settings.json'}: ${item.code.replace(/\s+/g, ' ')}`;
  describe(`${rule.id} on settings files`, () => {
    describe('valid', () => {
      it.each(cases.valid.map((item) => (typeof item === 'string' ? { code: item } : item)).map((item) => [title(item), item] as const))(
        '%s',
        (_title, item) => {
          expect(settingsReports(rule, item)).toEqual([]);
        },
      );
    });
    describe('invalid', () => {
      it.each(cases.invalid.map((item) => [title(item), item] as const))('%s', (_title, item) => {
        const found = settingsReports(rule, item);
        expect(found.map((report, index) => like(report, item.errors[index] ?? report))).toEqual(item.errors);
      });
    });
  });
}
