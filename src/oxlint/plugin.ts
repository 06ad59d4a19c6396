import { defaultToolkit } from '../defaults.js';
import { isSupportedPath } from '../engine/prefilter.js';
import { checkModel } from '../engine/check.js';
import { configNames, configRules, type ConfigName } from '../engine/configs.js';
import type { AnyRule, Severity } from '../model/rule.js';
import { toEslintRule, type EslintReading, type ToolgateRuleModule } from '../eslint/adapter.js';
import { registeredReading } from '../eslint/registered.js';
import { withRelatedPlaces } from '../eslint/related-places.js';
import type { AgentModel, Span } from '../model/types.js';
import { toolInfo } from '../package-info.js';

interface Position {
  line: number;
  column: number;
}

/** The part of oxlint's rule context (ESLint's, as oxlint implements it) these rules use. */
export interface OxlintRuleContext {
  readonly filename: string;
  /** oxlint's working folder, from which related places in other files are named; the process's when absent. */
  readonly cwd?: string;
  readonly options: readonly unknown[];
  readonly sourceCode: { readonly text: string; getLocFromIndex(index: number): Position };
  report(descriptor: { messageId: string; data?: Record<string, string | number>; loc: { start: Position; end: Position } }): void;
}

/** What `createOnce` returns: per-file hooks and a visitor. */
export interface OxlintVisitor {
  before(): boolean | void;
  Program(): void;
}

export interface OxlintRuleModule extends ToolgateRuleModule {
  createOnce(context: OxlintRuleContext): OxlintVisitor;
}

/** An oxlint config fragment: `rules: { ...toolgate.configs.recommended.rules }` in `oxlint.config.ts`. */
export interface OxlintConfig {
  rules: Record<string, Severity | [Severity, unknown]>;
}

export interface ToolgateOxlintPlugin {
  meta: { name: 'toolgate'; version: string };
  rules: Record<string, OxlintRuleModule>;
  configs: Record<ConfigName, OxlintConfig>;
}

/**
 * The file the rules last analysed. oxlint hands every file the same
 * `sourceCode` object and runs all rules of one file before the next, so one
 * entry keyed by name and text shares an analysis between the rules of a file
 * without a cache keyed by `sourceCode` (which only works because oxlint
 * swaps in a `WeakMap` that forgets per file, and only for maps made after
 * it loads).
 */
let last: { filename: string; text: string; model: AgentModel | undefined } | undefined;

function modelOf(filename: string, text: string, reading: EslintReading): AgentModel | undefined {
  if (last === undefined || last.filename !== filename || last.text !== text) {
    last = { filename, text, model: reading.analyse(text, filename).model };
  }
  return last.model;
}

function clamp(offset: number, text: string): number {
  return Math.min(Math.max(offset, 0), text.length);
}

/**
 * A toolgate rule for oxlint's JavaScript plugins. `createOnce` is oxlint's
 * faster API: the rule is set up once, and its `before` hook does the whole
 * check per file from the text, then returns false, so oxlint never builds
 * its JavaScript AST for toolgate (a visitor must still be named, or oxlint
 * skips the rule). `create` is the ESLint adapter's, for a host without
 * `createOnce`.
 */
export function toOxlintRule(rule: AnyRule, reading: EslintReading): OxlintRuleModule {
  return {
    ...toEslintRule(rule, reading),
    createOnce(context) {
      return {
        before() {
          const { filename, sourceCode } = context;
          if (!isSupportedPath(filename, reading.frontEnds)) return false;
          const text = sourceCode.text;
          const model = modelOf(filename, text, reading);
          if (!model) return false;
          const setting = { rule, severity: 'error' as const, options: context.options[0] };
          for (const { messageId, data, related, span } of checkModel(model, [setting], { frontEnds: reading.frontEnds })) {
            // The messages are the ESLint adapter's, each ending in the related places' placeholder.
            const place = { filename, text, at: span, cwd: context.cwd ?? process.cwd() };
            context.report({ messageId, data: withRelatedPlaces(data, related, place), loc: locOf(sourceCode, text, span) });
          }
          return false;
        },
        Program() {},
      };
    },
  };
}

function locOf(sourceCode: OxlintRuleContext['sourceCode'], text: string, span: Span): { start: Position; end: Position } {
  return { start: sourceCode.getLocFromIndex(clamp(span.start, text)), end: sourceCode.getLocFromIndex(clamp(span.end, text)) };
}

/** Rule entries from rule metadata, as the ESLint configs are made. */
function configFor(name: ConfigName): OxlintConfig {
  const rules: OxlintConfig['rules'] = {};
  for (const { rule, severity, options } of configRules(name, defaultToolkit.rules)) {
    rules[`toolgate/${rule.id}`] = options === undefined ? severity : [severity, options];
  }
  return { rules };
}

export const oxlintPlugin: ToolgateOxlintPlugin = {
  meta: { name: 'toolgate', version: toolInfo.version },
  rules: Object.fromEntries(defaultToolkit.rules.map((rule) => [rule.id, toOxlintRule(rule, registeredReading)])),
  configs: Object.fromEntries(configNames.map((name) => [name, configFor(name)])) as Record<ConfigName, OxlintConfig>,
};

export default oxlintPlugin;
