import type { JSONSchema, TSESLint } from '@typescript-eslint/utils';
import type { Analysis } from '../engine/analyse.js';
import { runRules } from '../engine/check.js';
import type { RuleSetting } from '../engine/configs.js';
import { readText } from '../engine/sources.js';
import type { Toolkit } from '../engine/toolkit.js';
import { frontEndFor } from '../frontends/registry.js';
import type { AnyRule, Suggestion } from '../model/rule.js';
import type { Span } from '../model/types.js';
import { programAnalysis, type PlacedReport, type ProgramLike } from './program.js';
import { withRelatedPlaceholder, withRelatedPlaces } from './related-places.js';

export interface ToolgateRuleDocs {
  /** True for rules in the recommended config (the strict config holds every rule). */
  recommended: boolean;
}

type TypedRuleModule = TSESLint.RuleModule<string, unknown[], ToolgateRuleDocs>;

/**
 * The rule as exported: typed `meta`, and a `create` that both ESLint's and
 * typescript-eslint's rule types accept (their typed contexts are not
 * assignable to each other; typescript-eslint's own package exports loose
 * "compatibility types" for the same reason).
 */
export interface ToolgateRuleModule {
  meta: TypedRuleModule['meta'];
  create(context: unknown): Record<string, (() => void) | undefined>;
}

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * How the adapter reads a file: the front ends (which files ESLint lints
 * with toolgate's rules), and the analysis of one file, at once (ESLint
 * waits for nothing). src/eslint/plugin.ts hands in the registered ones.
 */
export interface EslintReading extends Pick<Toolkit, 'frontEnds'> {
  analyse(text: string, filename: string, readFile?: (path: string) => string | undefined): Analysis;
}

/**
 * One analysis per file, shared by every toolgate rule ESLint runs on it:
 * ESLint hands all rules of a file the same `SourceCode` object, and drops it
 * when the file is done, so the WeakMap never outlives the lint run.
 */
const analyses = new WeakMap<SourceCode, FileAnalysis>();
let analysisRuns = 0;

/** What one rule reports in a file, placed in it. */
type FileAnalysis = (setting: RuleSetting, cwd: string) => PlacedReport[];

/** How many files the adapter has analysed since load; tests use it to prove the cache is shared. */
export function analysisCount(): number {
  return analysisRuns;
}

function analysisOf(sourceCode: SourceCode, filename: string, reading: EslintReading): FileAnalysis {
  let found = analyses.get(sourceCode);
  if (!found) {
    analysisRuns++;
    // With type information typescript-eslint hands over the program, and imports
    // are followed as `scan` follows them (src/eslint/program.ts says where an
    // imported mistake shows); without it the file stands alone and an imported
    // value is unknown (never a false positive).
    const program = (sourceCode.parserServices as { program?: ProgramLike | null } | undefined)?.program;
    if (program && frontEndFor(filename, reading.frontEnds)?.id === 'typescript') {
      const followed = programAnalysis(program);
      found = (setting, cwd) => followed.reportsIn(filename, setting, cwd);
    } else {
      // The front end's own text prefilter returns no model for files that do not
      // mention the SDK, so the editor pays a text check there, never a parse.
      // A settings file's hook scripts are read from disk, as import plugins read imported modules.
      const { model } = reading.analyse(sourceCode.text, filename, readText);
      found = (setting) => (model ? runRules(model, [setting], { frontEnds: reading.frontEnds }).map((report) => ({ report, span: report.span })) : []);
    }
    analyses.set(sourceCode, found);
  }
  return found;
}

/** ESLint's `getLocFromIndex` throws outside the text; a span past the end is a front end bug, not a reason to crash the editor. */
function clamp(offset: number, text: string): number {
  return Math.min(Math.max(offset, 0), text.length);
}

function locOf(sourceCode: SourceCode, span: Span): TSESLint.AST.SourceLocation {
  return {
    start: sourceCode.getLocFromIndex(clamp(span.start, sourceCode.text)),
    end: sourceCode.getLocFromIndex(clamp(span.end, sourceCode.text)),
  };
}

type EslintSuggestion = TSESLint.SuggestionReportDescriptor<string>;

/**
 * A suggestion as ESLint offers it, or none when an edit lies in another file
 * (a hook script, an imported module): ESLint can only change the file it lints,
 * and `scan` prints those edits instead.
 */
function eslintSuggestion({ messageId, data, edits }: Suggestion<string>, filename: string, text: string): EslintSuggestion[] {
  const ranges: Array<readonly [number, number]> = [];
  for (const { span } of edits) {
    if (span.file !== undefined && span.file !== filename) return [];
    ranges.push([clamp(span.start, text), clamp(span.end, text)]);
  }
  return [
    {
      messageId,
      // Every message ends in the related places' placeholder (src/eslint/related-places.ts); a suggestion has none.
      data: { ...data, related: '' },
      fix: (fixer) => edits.map(({ text: inserted }, index) => fixer.replaceTextRange(ranges[index]!, inserted)),
    },
  ];
}

/** The message of a mistake reported at the import that brings it in (src/eslint/program.ts). */
const importedMessageId = (messageId: string): string => `${messageId}Imported`;

/** The rule's messages as ESLint shows them: each ends in the related places (src/eslint/related-places.ts), and has its imported form. */
function eslintMessages(messages: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(messages).flatMap(([id, text]) => [
      [id, withRelatedPlaceholder(text)],
      [importedMessageId(id), `${withRelatedPlaceholder(text)} (Imported: the value is written at {{writtenAt}}.)`],
    ]),
  );
}

/**
 * Wrap a toolgate rule as an ESLint rule. The rule sees toolgate's agent model,
 * not ESLint's syntax tree, so it works the same under typescript-eslint's
 * parser and ESLint's default one.
 */
export function toEslintRule(rule: AnyRule, reading: EslintReading): ToolgateRuleModule {
  return {
    meta: {
      type: rule.meta.type,
      docs: {
        description: rule.meta.docs.description,
        url: rule.meta.docs.url,
        recommended: rule.meta.docs.config === 'recommended',
      },
      messages: eslintMessages(rule.meta.messages),
      // Suggestions only: toolgate's edits change what an agent may do, so the user
      // applies each one; never `fixable`, which `eslint --fix` would apply unasked.
      ...(rule.meta.hasSuggestions ? { hasSuggestions: true } : {}),
      // toolgate keeps schemas as plain JSON objects; ESLint validates them when the rule loads.
      schema: rule.meta.schema as unknown as JSONSchema.JSONSchema4[],
      // ESLint validates the defaults merged into the options against the schema,
      // so a rule without options (`schema: []`, `defaultOptions: [{}]`) hands none over.
      defaultOptions: rule.meta.schema.length > 0 ? (rule.meta.defaultOptions as unknown[]) : [],
    },
    create(untyped) {
      // ESLint and typescript-eslint both call this with a rule context.
      const context = untyped as Readonly<TSESLint.RuleContext<string, unknown[]>>;
      const { sourceCode, filename } = context;
      // Files the front ends do not read (.vue, a package.json under
      // @eslint/json, stdin without a name) are skipped, as `scan` skips them,
      // and so are those of a front end that is `scan`'s only (Python: `inEslint`).
      if (!frontEndFor(filename, reading.frontEnds)?.inEslint) return {};
      const check = (): void => {
        // Syntax errors are left to ESLint, which reports its own parse errors;
        // the model of a half-typed file is still checked as far as it goes.
        // The engine's own runner, so options and de-duplication match `scan`
        // (a value reached through two configurations is reported once).
        const setting = { rule, severity: 'error' as const, options: context.options[0] };
        for (const { report, span, writtenAt } of analysisOf(sourceCode, filename, reading)(setting, context.cwd)) {
          const { messageId, suppression, suggestions = [] } = report;
          // toolgate's own comments are honoured here; an `eslint-disable` naming
          // toolgate/<id> is left to ESLint, so its unused-directive check stays right.
          if (suppression && suppression.via !== 'eslint') continue;
          const loc = locOf(sourceCode, span);
          const data = withRelatedPlaces(report.data, report.related, { filename, text: sourceCode.text, at: span, cwd: context.cwd });
          if (writtenAt) {
            context.report({ messageId: importedMessageId(messageId), data: { ...data, writtenAt }, loc });
            continue;
          }
          const suggest = suggestions.flatMap((suggestion) => eslintSuggestion(suggestion, filename, sourceCode.text));
          context.report({ messageId, data, loc, ...(suggest.length > 0 ? { suggest } : {}) });
        }
      };
      // The root node of the language ESLint parsed the file with: `Program`
      // for JavaScript and TypeScript, `Document` for settings files under
      // @eslint/json. A file has one root, so the check runs once.
      return { Program: check, Document: check };
    },
  };
}
