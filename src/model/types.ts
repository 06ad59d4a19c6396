/**
 * The language-neutral agent model. Front ends (TypeScript/JavaScript now;
 * Python and settings files later) turn one file into an `AgentModel`; rules
 * read only this model, so each rule is written once for every language.
 */

/** Offsets into the file text (UTF-16 code units, BOM removed); end is exclusive. */
export interface Span {
  start: number;
  end: number;
  /**
   * The file the span is in, as its front end was given it; absent means the
   * model's own file. A value imported from another module is reported where
   * it is written.
   */
  file?: string;
}

export type Language = 'typescript' | 'javascript' | 'python' | 'settings';

/**
 * One possible value of an expression. Values keep the span where they are
 * written, so a finding lands on the literal even when it reached the options
 * through a variable or a spread.
 */
export type Value =
  | StringValue
  | { kind: 'number'; value: number; span: Span }
  | { kind: 'boolean'; value: boolean; span: Span }
  | { kind: 'null'; span: Span }
  /** `undefined`, or a function that returns nothing. */
  | { kind: 'undefined'; span: Span }
  /** A property that is not set on this path (e.g. `...(c ? { x } : {})`). */
  | { kind: 'absent'; span: Span }
  | ArrayValue
  | ObjectValue
  | FunctionValue
  /** Computed at run time: never reported as bad. */
  | { kind: 'unknown'; span: Span };

export interface StringValue {
  kind: 'string';
  value: string;
  span: Span;
}

export interface ArrayValue {
  kind: 'array';
  span: Span;
  elements: ValueSet[];
  /** False when part of the array is unknown (a spread of a value we cannot see). */
  complete: boolean;
}

export interface ObjectValue {
  kind: 'object';
  span: Span;
  properties: Map<string, Property>;
  /** False when an unknown spread may add or override properties. */
  complete: boolean;
  /**
   * A constructor or factory that built the object (Python's
   * `PermissionResultAllow(...)`, `HookMatcher(...)`), when there was one.
   */
  constructedBy?: string;
}

export interface Property {
  /** Canonical (TypeScript SDK) name, e.g. `permissionMode`. */
  key: string;
  /** The name as written, e.g. `permission_mode` in Python; used in messages. */
  spelling: string;
  keySpan: Span;
  value: ValueSet;
}

export interface FunctionValue {
  kind: 'function';
  span: Span;
  /** Index into `AgentModel.functions`. */
  functionId: number;
}

/**
 * The values an expression can have. One alternative: the value "is" that;
 * several (a ternary, an `if` assignment): it "can be" each of them.
 */
export interface ValueSet {
  alternatives: Value[];
}

/** The settings file level Claude Code reads a file at (SDK-FACTS.md §7). */
export type SettingsTier = 'user' | 'project' | 'local' | 'managed';

/** An agent configuration: the options of one SDK entry point, or a settings file. */
export interface AgentConfiguration {
  /** Where the configuration is written (the options object, or the call). */
  span: Span;
  /** How it was recognised: `query`, `startup`, `Options` type, `settings`, ... */
  entry: string;
  /**
   * Options as written, under the TypeScript SDK's names; a settings file's
   * `permissions.allow/deny/ask` and `permissions.defaultMode` appear as
   * `allowedTools`, `disallowedTools`, `askTools` and `permissionMode`, each
   * property keeping its own spelling.
   */
  options: ValueSet;
  /** For a settings file: the level it is read at. */
  tier?: SettingsTier;
  /**
   * For code: the settings files of the project it runs in (its nearest
   * `.claude/` folder, or the one a literal `cwd` names), found by `scan`.
   */
  projectSettings?: AgentConfiguration[];
}

/** How a function can end. */
export type Exit =
  | { kind: 'return'; value: ValueSet; span: Span }
  /** Falls off the end of the body: returns undefined. */
  | { kind: 'end'; span: Span }
  | { kind: 'throw'; span: Span }
  /** `process.exit(...)` / `sys.exit(...)`: the process stops, nothing goes ahead. */
  | { kind: 'exit'; span: Span };

export interface CatchFacts {
  /** The catch clause, `except` clause or `.catch(...)` call. */
  span: Span;
  /** Every way execution can leave the function once the handler has started. */
  exits: Exit[];
}

/** A per-attempt (random or time) value, or a tool use id, flowing into a named place. */
export interface ValueFlow {
  source: {
    kind: 'random' | 'toolUseId';
    /** e.g. `crypto.randomUUID`, `Date.now`, `tool_use_id`. */
    name: string;
    span: Span;
  };
  sink: {
    kind: 'property' | 'variable' | 'argument';
    /** The property, variable or keyword-argument name as written. */
    name: string;
    /** Names of the enclosing object properties, outermost first. */
    path: string[];
    span: Span;
  };
}

/** A membership test, lookup or insert keyed by a tool use id. */
export interface IdLookup {
  operation: 'has' | 'get' | 'add' | 'set' | 'includes' | 'in' | 'index';
  span: Span;
  /** The result decides whether the call goes on (an early return, a deny, a skip). */
  gatesCall: boolean;
}

export interface FunctionFacts {
  id: number;
  /** The whole function. */
  span: Span;
  name?: string;
  /** Where to report about the function as a whole (its name, or its head). */
  headSpan: Span;
  /** Every exit of the body, in source order. */
  exits: Exit[];
  catches: CatchFacts[];
  /** The first thing outside any try block that can throw, if any. */
  mayThrow?: { span: Span; description: string };
  /** Functions of the same file that this one calls. */
  calls: number[];
  flows: ValueFlow[];
  idLookups: IdLookup[];
}

export type GateKind = 'hook' | 'canUseTool' | 'tool';

/** A function handed to the SDK: a hook callback, `canUseTool`, or a tool handler. */
export interface Gate {
  kind: GateKind;
  functionId: number;
  /** Where the function is handed over (the reference in the options, or its declaration). */
  span: Span;
  /** For hooks: the events it is registered for; empty when not known. */
  events: string[];
}

/**
 * A comment that turns rules off where it applies: Python's
 * `# toolgate: disable=<id>[,<id>] -- reason`.
 */
export interface Suppression {
  /** The rule ids it names. */
  ruleIds: string[];
  /** Reports that start in this range are dropped: the line the comment is on, or the next line of code. */
  range: Span;
  /** The comment itself. */
  span: Span;
  /** The text after `--`; undefined when the comment gives no reason. */
  reason?: string;
  /**
   * Whose comment it is: toolgate's own, or ESLint's `eslint-disable` naming
   * `toolgate/<id>` (which ESLint honours itself). Undefined means toolgate's.
   */
  via?: 'toolgate' | 'eslint';
}

export interface AgentModel {
  path: string;
  language: Language;
  configurations: AgentConfiguration[];
  functions: FunctionFacts[];
  gates: Gate[];
  /** Suppression comments of the files the model's spans are in. */
  suppressions?: Suppression[];
}
