import type { SourceWriter } from './source-writer.js';
import type { AgentModel, Span, TextEdit } from './types.js';

export type { TextEdit };

export type Severity = 'error' | 'warn';

/** Base of every rule's docs page; the page name is the rule id. */
export const docsBase = 'https://github.com/toolgate-dev/toolgate/blob/main/docs/rules/';

/** A JSON schema, as ESLint and typescript-eslint accept it. */
export type OptionsSchema = Record<string, unknown>;

/**
 * A mechanical fix a user may apply: ESLint offers it as a suggestion (never
 * applied automatically), `scan` prints the exact edit. Its message is one of
 * the rule's `messages`.
 */
export interface Suggestion<MessageIds extends string> {
  messageId: MessageIds;
  data?: Record<string, string | number>;
  edits: TextEdit[];
}

export interface RuleReport<MessageIds extends string> {
  messageId: MessageIds;
  data?: Record<string, string | number>;
  span: Span;
  /** Other places whose mistakes this report explains; the engine drops lower-precedence reports there (src/engine/dedupe.ts). */
  covers?: Span[];
  /**
   * Other places the finding concerns, each with a sentence saying how (a
   * settings entry names the configurations that load it). Reports of one
   * rule and message at one place with the same data are one finding, whose
   * related places are the union of theirs.
   */
  related?: RelatedPlace[];
  suggestions?: Suggestion<MessageIds>[];
}

export interface RelatedPlace {
  span: Span;
  message: string;
}

export type Reporter<MessageIds extends string> = (finding: RuleReport<MessageIds>) => void;

export interface RuleMeta<Options, MessageIds extends string> {
  type: 'problem' | 'suggestion';
  docs: {
    description: string;
    /** `recommended`: in both configs; `strict`: only in the strict config. */
    config: 'recommended' | 'strict';
    url: string;
  };
  /** Severity in the recommended config (strict turns warnings into errors). */
  severity: Severity;
  messages: Record<MessageIds, string>;
  /** True when reports may carry `suggestions` (ESLint requires it to offer them). */
  hasSuggestions?: boolean;
  schema: OptionsSchema[];
  defaultOptions: [Options];
}

/**
 * A rule is a pure check over the agent model. It never sees a syntax tree,
 * so it holds for every language a front end supports; what it writes in
 * messages and edits, `write` spells in the file's language.
 */
export interface Rule<Options = Record<string, unknown>, MessageIds extends string = string> {
  id: string;
  meta: RuleMeta<Options, MessageIds>;
  /** Options the strict config passes (for checks that only strict turns on). */
  strictOptions?: Partial<Options>;
  check(model: AgentModel, options: Options, report: Reporter<MessageIds>, write: SourceWriter): void;
}

// Rules with different option types share one list; each rule checks its own options.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the list is heterogeneous by design
export type AnyRule = Rule<any, string>;

type RuleInput<Options, MessageIds extends string> = Omit<Rule<Options, MessageIds>, 'meta'> & {
  meta: Omit<RuleMeta<Options, MessageIds>, 'docs'> & { docs: Omit<RuleMeta<Options, MessageIds>['docs'], 'url'> };
};

/** Declare a rule; its docs URL is derived from its id. */
export function defineRule<Options, MessageIds extends string>(
  rule: RuleInput<Options, MessageIds>,
): Rule<Options, MessageIds> {
  return { ...rule, meta: { ...rule.meta, docs: { ...rule.meta.docs, url: `${docsBase}${rule.id}.md` } } };
}

/** Fill a rule's options from its defaults: user values win, one level deep. */
export function resolveOptions<Options>(rule: Rule<Options, string>, given: unknown): Options {
  const defaults = rule.meta.defaultOptions[0];
  if (given === undefined || given === null || typeof given !== 'object') return defaults;
  return { ...defaults, ...(given as Partial<Options>) };
}

/** Render a message template with its data, as ESLint does (`{{name}}`). */
export function formatMessage(template: string, data: Record<string, string | number> = {}): string {
  return template.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (whole, key: string) =>
    key in data ? String(data[key]) : whole,
  );
}
