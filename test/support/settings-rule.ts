import { describe, expect, it } from 'vitest';
import { analyseText } from '../../src/engine/analyse.js';
import type { Report } from '../../src/engine/check.js';
import type { Rule } from '../../src/model/rule.js';
import type { ExpectedError } from './rule-tester.js';
import { expectSuggestions, locatedReports } from './suggestions.js';

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

type Found = Required<Omit<ExpectedError, 'data' | 'suggestions'>> & { data: Record<string, string | number>; report: Report };

/**
 * One rule's reports on a settings file, placed as `scan` places them. The
 * file must parse: a case that is silent because of a syntax error proves
 * nothing.
 */
export function settingsReports<Options>(rule: Rule<Options, string>, item: SettingsCase<Options>): Found[] {
  const analysis = analyseText(item.code, pathOf(item));
  expect(analysis.syntaxErrors, 'the case parses').toEqual([]);
  return locatedReports(item.code, pathOf(item), [{ rule, severity: 'error', options: item.options }]).map((report) => {
    const { messageId, data, line, column, endLine, endColumn } = report;
    return { messageId, data, line, column, endLine, endColumn, report };
  });
}

const pathOf = (item: SettingsCase<unknown>): string => item.path ?? '.claude/settings.json';

/** Keep only the keys an expectation names, so a case pins what it cares about. */
function like(found: Found, expected: Omit<ExpectedError, 'suggestions'>): Partial<Found> {
  const picked: Partial<Found> = {};
  for (const key of Object.keys(expected) as Array<keyof typeof expected>) {
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
        const withoutSuggestions = item.errors.map(({ suggestions: _, ...error }) => error);
        expect(found.map((report, index) => like(report, withoutSuggestions[index] ?? report))).toEqual(withoutSuggestions);
        found.forEach(({ report }, index) => expectSuggestions(item.code, pathOf(item), report, item.errors[index]!.suggestions, item.options));
      });
    });
  });
}
