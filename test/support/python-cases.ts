import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../src/engine/analyze.js';
import { checkModel } from '../../src/engine/check.js';
import { LineIndex } from '../../src/engine/locate.js';
import type { Rule } from '../../src/engine/rule.js';
import { loadPythonParser } from '../../src/frontends/python/index.js';

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
}

/**
 * Run one rule over a Python source as `scan` does (analyzeText, then
 * checkModel with the rule's options), in source order.
 */
export function pythonReports<Options>(code: string, rule: Rule<Options, string>, options?: Partial<Options>, path = 'agent.py'): PythonReport[] {
  const analysis = analyzeText(code, path);
  expect(analysis.syntaxErrors, 'the case parses').toEqual([]);
  if (!analysis.model) return [];
  const lines = new LineIndex(code);
  return checkModel(analysis.model, [{ rule, severity: 'error', options }])
    .map(({ ruleId, messageId, span, data }) => ({ ruleId, messageId, ...lines.locate(span.start), data }))
    .sort((a, b) => a.line - b.line || a.column - b.column || a.messageId.localeCompare(b.messageId));
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
          });
        });
      }
    });
  });
}
