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

/**
 * Replace the text at `span` with `text` (an empty span inserts). `span.file`
 * names another file, e.g. a hook script. Part of the model so that the
 * model's helpers can write edits without importing the engine.
 */
export interface TextEdit {
  span: Span;
  text: string;
}

export type Language = 'typescript' | 'javascript' | 'python' | 'settings' | 'frontmatter' | 'command-line';

/**
 * One possible value of an expression. Values keep the span where they are
 * written, so a finding lands on the literal even when it reached the options
 * through a variable or a spread.
 */
export type Value = (
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
  | UnknownValue
) & {
  origin?: ValueOrigin;
  /**
   * The call of the nearest function whose parameter the value came in
   * through (an argument, unknown or not, or a default the call leaves to
   * apply): an object
   * built from several parameters keeps each call's values apart
   * (`ObjectBuilder`). Unlike `origin`, the nearest call wins.
   */
  through?: Span;
};

/**
 * Where a value comes in when that is not the code around the option: the
 * environment variable whose fallback it is, the parameter whose default or
 * argument it is, the write that stores it in a field. Kept from the first
 * place that gives one, so the value's own story wins over the paths it
 * travels; rules name it in their messages ("can be ... (the fallback when
 * MODE is not set)").
 */
export interface ValueOrigin {
  /**
   * `settings`: the `permissions.defaultMode` of the `settings` option;
   * `switch`: a run-time change of the mode (`setPermissionMode`,
   * `applyFlagSettings`) on the session the configuration starts;
   * `fallback`: the right side of `a ?? b`, `a || b`, `a or b`, taken when
   * `a`, a value read from elsewhere (a request field), is not set; also the
   * fallback of a lookup (`config.get(key, fallback)`), named as `config[key]`;
   * `flag`: a command-line flag that sets the option by its name alone
   * (`--dangerously-skip-permissions`), named as written.
   */
  kind: 'environment' | 'default' | 'argument' | 'write' | 'settings' | 'switch' | 'fallback' | 'flag';
  /** The environment variable, parameter or field as written; for a switch, the call (`q.setPermissionMode`); for a fallback, what it stands in for (`req.mode`). */
  name: string;
  /** The function the parameter or the write belongs to, when it has a name. */
  owner?: string;
  /** The environment read, the call, the parameter or the write. */
  span: Span;
  /** For an argument: the call that passes it, which a "can be" finding names as a related place. */
  call?: Span;
}

export interface UnknownValue {
  kind: 'unknown';
  span: Span;
  /**
   * What the function's caller hands in, when that is all the value is: a
   * parameter of a function no call in the project passes it to (a gate the
   * SDK calls), read at a path (`options.suggestions`, `context.suggestions`,
   * `{ suggestions }`). Rules that know what the SDK passes there read it.
   */
  read?: ParameterRead;
  /**
   * The only property keys it can hold, when a declared type names them all
   * (a parameter typed `Partial<RunOptions>` by an interface of the project):
   * spread into an object, it may override those keys and no other.
   */
  keys?: readonly string[];
}

/** A read of a parameter's value, or of a property under it. */
export interface ParameterRead {
  /** 0-based position among the arguments a caller passes (Python's `self`/`cls` not counted). */
  parameter: number;
  /** Property keys under the parameter, outermost first, under the TypeScript SDK's names. */
  path: string[];
}

export interface StringValue {
  kind: 'string';
  value: string;
  span: Span;
  /** Written as one string literal, not built from parts (concatenation, interpolation). */
  literal?: boolean;
  origin?: ValueOrigin;
}

export interface ArrayValue {
  kind: 'array';
  span: Span;
  elements: ValueSet[];
  /** False when part of the array is unknown (a spread of a value we cannot see). */
  complete: boolean;
  /** Lists joined end to end (`a.concat(b)`, `a + b`): its entries are in more than one literal. */
  joined?: boolean;
}

export interface ObjectValue {
  kind: 'object';
  span: Span;
  properties: Map<string, Property>;
  /** False when an unknown spread may add or override properties. */
  complete: boolean;
  /**
   * The objects of more callers than are kept apart were merged into this
   * one (see `ObjectBuilder`): each property is what some caller passes, but
   * no two are known to be passed together.
   */
  callersMerged?: boolean;
  /** The call whose object this one is, when a spread kept its wrapper's callers apart. */
  passedBy?: Span;
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

/** The settings file level Claude Code reads a file at. */
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
   * Sets of options the code refuses to start with when all of them are set:
   * a check before the entry call that throws or returns then
   * (`if (opts.canUseTool && opts.permissionPromptToolName) throw …`).
   */
  refusedTogether?: string[][];
  /**
   * For code: the settings files of the project it runs in (its nearest
   * `.claude/` folder, or the one a literal `cwd` names), found by `scan`.
   */
  projectSettings?: AgentConfiguration[];
  /**
   * For a settings file: the scripts its `command` hooks run, as the engine
   * read them from the repository (never run). Absent when no reader was
   * given or the project folder is unknown.
   */
  hookScripts?: HookScript[];
  /**
   * For a GitHub workflow that runs on an event whose input anyone who can
   * open an issue, a pull request or a comment writes (`pull_request_target`,
   * `issue_comment`, ...): the event, where `on:` names it. Rules say so in
   * their message: such a run is the one an attacker steers.
   */
  untrustedInput?: { trigger: string; span: Span };
}

/** The script a settings `command` hook runs (see `AgentConfiguration.hookScripts`). */
export interface HookScript {
  /** The hook's `command` string in the settings file. */
  command: Span;
  /** The script as the command names it, e.g. `$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh`. */
  written: string;
  /** What runs it: an interpreter (`bash`, `python3`, `node`, ...), or `direct` for a path run as a program. */
  runner: string;
  /** False when nothing can be read where the command points. */
  exists: boolean;
  /** Exits with code 1 (`exit 1`, `sys.exit(1)`, `process.exit(1)`), which Claude Code does not treat as a block. */
  nonBlockingExits: ScriptExit[];
}

export interface ScriptExit {
  /** The exit as written; `file` is the script. */
  span: Span;
  /** 1-based line in the script. */
  line: number;
  /** The same exit with code 2, e.g. `exit 2`. */
  blocking: string;
}

/** How a function can end. */
export type Exit =
  /** `written`: the returned expression inside any parentheses; absent for a bare `return`. */
  | { kind: 'return'; value: ValueSet; span: Span; written?: Span }
  /** Falls off the end of the body: returns undefined. */
  | { kind: 'end'; span: Span }
  | { kind: 'throw'; span: Span }
  /** `process.exit(...)` / `sys.exit(...)`: the process stops, nothing goes ahead. */
  | { kind: 'exit'; span: Span };

export interface CatchFacts {
  /** The catch clause, `except` clause or `.catch(...)` call. */
  span: Span;
  /** The handler's own code (its block, or the `.catch` callback), where an edit changes only the failure path. */
  body?: Span;
  /** Every way execution can leave the function once the handler has started. */
  exits: Exit[];
  /** Every way it can leave the function when the guarded block runs without throwing; unknown for a promise's `.catch`. */
  tried?: Exit[];
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

/**
 * A membership test on a collection that the same function also inserts into
 * (`seen.has(key)` ... `seen.add(key)`): a check whether this call was seen
 * before.
 */
export interface SeenTest {
  /** The membership test. */
  span: Span;
  /** What the function returns on the paths the test decides when the key was seen. */
  returnsWhenSeen: ValueSet[];
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
  /**
   * The first thing outside any try block that can throw, if any. With
   * `fields`, nothing else can: only member accesses on these fields of
   * `tool_input`, which throw where the tool's input lacks one (see
   * `canThrowUnder`).
   */
  mayThrow?: { span: Span; description: string; fields?: string[] };
  /** Functions of the same file that this one calls. */
  calls: number[];
  flows: ValueFlow[];
  idLookups: IdLookup[];
  seenTests: SeenTest[];
  /** Every call the body makes (not those in nested named functions), in source order. */
  callSites: CallSite[];
  /** Declared `async` (`async function`, `async def`). */
  async?: boolean;
}

/** A call a function makes, and what it calls, so rules can tell a request or a tool's work from logging. */
export interface CallSite {
  /**
   * The callee's name resolved through imports: the module, then the
   * exported name and members (`axios.post`, `node:http.request`,
   * `requests.post` for `from requests import post`,
   * `@anthropic-ai/claude-agent-sdk.query`); a global as written (`fetch`).
   * Undefined when the callee is bound in the file or is not a name.
   */
  callee?: string;
  /** Same-file functions the call can reach. */
  functionIds: number[];
  span: Span;
  /**
   * The function returns what this call returns (`return check(x)`, `return
   * await check(x)`, an arrow's body): the callee's result, its failure
   * handlers included, is the function's.
   */
  returned?: true;
}

export type GateKind = 'hook' | 'canUseTool' | 'tool';

/** A function handed to the SDK: a hook callback, `canUseTool`, or a tool handler. */
export interface Gate {
  kind: GateKind;
  functionId: number;
  /** Where the function is handed over (the reference in the options, or its declaration). */
  span: Span;
  /**
   * The gate that returns this function's result (`(i, id, o) =>
   * this.guard(i, id, o)`): what this function returns, that gate's exits
   * already hold; its catch handlers and checks are only its own.
   */
  returnedBy?: number;
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
  /** How this file names the SDK's options, where its format has names of its own (a skill's `allowed-tools`). */
  optionNames?: Readonly<Record<string, string>>;
}
