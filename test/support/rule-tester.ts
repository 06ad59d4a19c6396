import { RuleTester as TypeScriptRuleTester } from '@typescript-eslint/rule-tester';
import { RuleTester as EslintRuleTester } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import type { Rule } from '../../src/model/rule.js';
import { toEslintRule, type EslintReading } from '../../src/eslint/adapter.js';
import { registeredReading } from '../../src/eslint/registered.js';
import { expectSuggestionPasses, locatedReports, type ExpectedSuggestion } from './suggestions.js';

// Both testers register their cases through the test framework's globals;
// vitest runs without globals, so hand them its functions.
TypeScriptRuleTester.afterAll = afterAll;
TypeScriptRuleTester.describe = describe;
TypeScriptRuleTester.it = it;
TypeScriptRuleTester.itOnly = it.only;
EslintRuleTester.describe = describe;
EslintRuleTester.it = it;
EslintRuleTester.itOnly = it.only;

/**
 * The rule tester pins its own copy of @typescript-eslint/utils (8.72 while the
 * project has 8.74), whose AST types are nominally different but the same shape.
 */
type TypeScriptRuleModule = Parameters<TypeScriptRuleTester['run']>[1];

interface CaseBase<Options> {
  code: string;
  /** ESLint's form: `[options]`; missing keys take the rule's defaults. */
  options?: readonly [Partial<Options>];
  /** Defaults to `file.ts` / `file.js`; `.cjs` cases are parsed as CommonJS. */
  filename?: string;
  name?: string;
  only?: boolean;
}

export type ValidCase<Options = Record<string, unknown>> = string | CaseBase<Options>;

/** Every expected report pins its position, so a finding that drifts fails. */
export interface ExpectedError<MessageIds extends string = string> {
  messageId: MessageIds;
  data?: Record<string, string | number>;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  /** Every suggestion of the report, in order, each with the whole file after its edits. */
  suggestions?: ExpectedSuggestion<MessageIds>[];
}

export interface InvalidCase<MessageIds extends string = string, Options = Record<string, unknown>>
  extends CaseBase<Options> {
  errors: ExpectedError<MessageIds>[];
}

export interface LanguageCases<MessageIds extends string, Options> {
  valid: ValidCase<Options>[];
  invalid: InvalidCase<MessageIds, Options>[];
}

export interface RuleCases<MessageIds extends string, Options> {
  /** Parsed by typescript-eslint's parser. */
  typescript?: LanguageCases<MessageIds, Options>;
  /** Parsed by ESLint's default parser (espree), as plain `.js`/`.mjs`/`.cjs` users run it. */
  javascript?: LanguageCases<MessageIds, Options>;
}

/**
 * Run a toolgate rule's cases through ESLint, the way users load it: the rule
 * is converted with `toEslintRule` (reading files with the registered front
 * ends unless told otherwise), then each language's cases go to a RuleTester
 * with that language's parser.
 */
export function runRuleTests<MessageIds extends string, Options>(
  rule: Rule<Options, MessageIds>,
  cases: RuleCases<NoInfer<MessageIds>, NoInfer<Options>>,
  reading: EslintReading = registeredReading,
): void {
  const module = toEslintRule(rule, reading);
  const { typescript, javascript } = cases;
  if (typescript) {
    describe('typescript', () => {
      new TypeScriptRuleTester().run(rule.id, module as unknown as TypeScriptRuleModule, {
        valid: typescript.valid,
        invalid: typescript.invalid.map((item) => ({ ...item, errors: item.errors.map(withRelatedData) })),
      });
    });
  }
  if (javascript) {
    describe('javascript', () => {
      const tester = new EslintRuleTester({ languageOptions: { ecmaVersion: 'latest', sourceType: 'module' } });
      tester.run(rule.id, module, {
        valid: javascript.valid.map((item) => forEspree(typeof item === 'string' ? { code: item } : item)),
        invalid: javascript.invalid.map((item) => ({ ...forEspree(item), errors: item.errors.map(withRelatedData) })),
      });
    });
  }
  // RuleTester pins each suggestion's exact output; this adds that the output passes toolgate.
  const suggesting = [
    ...(typescript?.invalid ?? []).map((item) => ({ ...item, filename: item.filename ?? 'file.ts' })),
    ...(javascript?.invalid ?? []).map((item) => ({ ...item, filename: item.filename ?? 'file.js' })),
  ].filter((item) => item.errors.some((error) => error.suggestions?.length));
  if (suggesting.length > 0) {
    describe('suggested output passes toolgate', () => {
      it.each(suggesting.map((item) => [item.name ?? `${item.filename}: ${item.code}`, item] as const))('%s', (_name, item) => {
        const setting = { rule, severity: 'error' as const, options: item.options?.[0] };
        const reports = locatedReports(item.code, item.filename, [setting]);
        for (const error of item.errors) {
          const report = reports.find((found) => found.messageId === error.messageId && found.line === error.line && found.column === error.column);
          expect(report, `a ${error.messageId} report at ${error.line}:${error.column}`).toBeDefined();
          for (const { output } of error.suggestions ?? []) expectSuggestionPasses(item.code, output, item.filename, report!, setting.options);
        }
      });
    });
  }
}

/**
 * ESLint's messages end in the related places (src/eslint/related-places.ts),
 * and RuleTester rebuilds an expected message from its data: data that does
 * not name `related` expects none, for the error and for its suggestions.
 */
function withRelatedData<Expected extends ExpectedError>(error: Expected): Expected {
  const suggestions = error.suggestions?.map((suggestion) => (suggestion.data ? { ...suggestion, data: { related: '', ...suggestion.data } } : suggestion));
  return { ...error, ...(error.data ? { data: { related: '', ...error.data } } : {}), ...(suggestions ? { suggestions } : {}) };
}

/** A JavaScript case with a file name the front end reads, and CommonJS parsing for `.cjs`. */
function forEspree<Options>(item: CaseBase<Options>): EslintRuleTester.ValidTestCase {
  const filename = item.filename ?? 'file.js';
  const { options, ...rest } = item;
  return {
    ...rest,
    ...(options ? { options: [...options] } : {}),
    filename,
    ...(/\.cjs$/i.test(filename) ? { languageOptions: { sourceType: 'commonjs' } } : {}),
  };
}
