import { describe, expect, it } from 'vitest';
import { analyseText } from '../../src/engine/analyse.js';
import type { Report } from '../../src/engine/check.js';
import type { Rule } from '../../src/model/rule.js';
import { loadPythonParser } from '../../src/frontends/python/index.js';
import { expectSuggestions, locatedReports, type ExpectedSuggestion } from './suggestions.js';

// The parser is WebAssembly: `scan` loads it before analysing Python files, and so do these tests.
await loadPythonParser();

/** A Python source from its lines. */
export const py = (...lines: string[]): string => `${lines.join('\n')}\n`;

/** A report, where it starts (1-based), and its data. */
export interface PythonReport {
  ruleId: string;
  messageId: string;
  line: number;
  column: number;
  data: Record<string, string | number>;
  report: Report;
}

/**
 * Run one rule over a Python source as `scan` does (analyseText, then
 * checkModel with the rule's options), in source order.
 */
export function pythonReports<Options>(code: string, rule: Rule<Options, string>, options?: Partial<Options>, path = 'agent.py'): PythonReport[] {
  expect(analyseText(code, path).syntaxErrors, 'the case parses').toEqual([]);
  return locatedReports(code, path, [{ rule, severity: 'error', options }]).map((report) => {
    const { ruleId, messageId, line, column, data } = report;
    return { ruleId, messageId, line, column, data, report };
  });
}

interface Case<Options> {
  code: string;
  name?: string;
  options?: Partial<Options>;
}

export interface ExpectedReport<MessageIds extends string> {
  messageId: MessageIds;
  line: number;
  column: number;
  /** Checked when given: the keys listed must match. */
  data?: Record<string, string | number>;
  /** Every suggestion of the report, in order, each with the whole file after its edits. */
  suggestions?: ExpectedSuggestion<MessageIds>[];
}

export interface PythonCases<MessageIds extends string, Options> {
  /** Near misses: the rule must stay silent. */
  valid: Array<string | Case<Options>>;
  invalid: Array<Case<Options> & { name: string; errors: Array<ExpectedReport<MessageIds>> }>;
}

/** Every expected report pins its rule id, line and column, so a finding that drifts fails. */
export function runPythonCases<MessageIds extends string, Options>(
  rule: Rule<Options, MessageIds>,
  cases: PythonCases<NoInfer<MessageIds>, NoInfer<Options>>,
): void {
  describe(`${rule.id} on Python`, () => {
    describe('valid', () => {
      cases.valid.forEach((item, index) => {
        const { code, name, options } = typeof item === 'string' ? { code: item, name: undefined, options: undefined } : item;
        it(name ?? `near miss ${index + 1}`, () => {
          expect(pythonReports(code, rule, options)).toEqual([]);
        });
      });
    });
    describe('invalid', () => {
      for (const { code, name, options, errors } of cases.invalid) {
        it(name, () => {
          const reports = pythonReports(code, rule, options);
          const located = reports.map(({ ruleId, messageId, line, column }) => ({ ruleId, messageId, line, column }));
          expect(located).toEqual(errors.map(({ messageId, line, column }) => ({ ruleId: rule.id, messageId, line, column })));
          errors.forEach((error, index) => {
            if (error.data) expect(reports[index]!.data).toMatchObject(error.data);
            expectSuggestions(code, 'agent.py', reports[index]!.report, error.suggestions, options);
          });
        });
      }
    });
  });
}
