import { emptyObject, single } from './build.js';
import type { AgentConfiguration, ArrayValue, ObjectValue, Property, Span, StringValue, Value, ValueSet } from './types.js';
import { isNotSet } from './values.js';

/**
 * Claude Code's command-line flags that set permissions, and the SDK
 * options they stand for. One table for the `claude` command line (scripts,
 * workflows) and for the SDK's `extraArgs` / `extra_args`, which the SDK
 * passes to the same CLI as `--<key> [value]` after its own flags (sdk.mjs,
 * `ProcessTransport.initialize`: `for (const [key, value] of
 * Object.entries(extraArgs)) value === null ? push('--' + key) : push('--' + key, value)`).
 *
 * How the CLI (2.1.332, commander) reads them:
 * - `--dangerously-skip-permissions` is "Alias for --permission-mode
 *   bypassPermissions" and is the first candidate of the mode decision, so
 *   it wins over any `--permission-mode`.
 * - `--permission-mode <mode>` takes one value; given twice, the last wins.
 *   The SDK writes its own `permissionMode` option first, so an extra
 *   `permission-mode` wins over the option.
 * - `--allowedTools`, `--disallowedTools`, `--tools <tools...>` are variadic:
 *   every word up to the next one that starts with `-` belongs to the flag,
 *   occurrences add up, and each word is split on commas and blanks outside
 *   parentheses.
 */
export type FlagTakes = 'nothing' | 'one' | 'many';

export interface FlagMeaning {
  /** The SDK option the flag sets. */
  option: 'permissionMode' | 'allowedTools' | 'disallowedTools' | 'tools' | 'settings';
  takes: FlagTakes;
  /** The value a flag without one sets (`--dangerously-skip-permissions`). */
  sets?: string;
}

const list = (option: FlagMeaning['option']): FlagMeaning => ({ option, takes: 'many' });

const flags: Readonly<Record<string, FlagMeaning>> = {
  'dangerously-skip-permissions': { option: 'permissionMode', takes: 'nothing', sets: 'bypassPermissions' },
  'permission-mode': { option: 'permissionMode', takes: 'one' },
  allowedTools: list('allowedTools'),
  'allowed-tools': list('allowedTools'),
  disallowedTools: list('disallowedTools'),
  'disallowed-tools': list('disallowedTools'),
  tools: list('tools'),
  settings: { option: 'settings', takes: 'one' },
};

/** What a flag means, by its name without the leading `--`; undefined for flags that set no permission. */
export function flagMeaning(name: string): FlagMeaning | undefined {
  return Object.hasOwn(flags, name) ? flags[name] : undefined;
}

/** Every permission flag as written on a command line, `--allowedTools` and the rest. */
export const permissionFlags: readonly string[] = Object.keys(flags).map((name) => `--${name}`);

/** One permission flag as given: where its name is written, and its values (strings, or unknown). */
export interface FlagUse {
  /** How the flag is written, e.g. `--allowedTools` or `extraArgs['allowed-tools']`. */
  written: string;
  meaning: FlagMeaning;
  span: Span;
  /** For `one`: the value (absent when none follows); for `many`: every rule of every word. */
  values: Value[];
}

/** The options a sequence of flags sets, in the order they are given, as the CLI reads them. */
export function optionsFromFlags(uses: readonly FlagUse[], span: Span): ObjectValue {
  const options = emptyObject(span);
  // The skip flag decides the mode whatever --permission-mode says, before or after it.
  const skips = uses.some((use) => use.meaning.takes === 'nothing');
  for (const use of uses) if (!(skips && isModeValue(use))) applyFlag(options, use);
  return options;
}

/** `--permission-mode <mode>`, which the skip flag overrides. */
function isModeValue(use: FlagUse): boolean {
  return use.meaning.option === 'permissionMode' && use.meaning.takes === 'one';
}

function applyFlag(options: ObjectValue, use: FlagUse): void {
  const { option, takes } = use.meaning;
  const set = (value: ValueSet): void => void options.properties.set(option, { key: option, spelling: use.written, keySpan: use.span, value });
  const previous = options.properties.get(option);
  if (takes === 'nothing') {
    set(single(setByName(use)));
  } else if (takes === 'one') {
    set(single(use.values[0] ?? { kind: 'unknown', span: use.span }));
  } else if (option === 'tools' && use.values.length === 1 && use.values[0]!.kind === 'string' && use.values[0]!.value === 'default') {
    // `--tools default` is the default set: nothing narrowed, as the SDK's `claude_code` preset.
    set(single(emptyObject(use.values[0]!.span)));
  } else {
    const elements = use.values.map((value) => single(value));
    const complete = use.values.every((value) => value.kind !== 'unknown');
    const before = previous?.value.alternatives[0];
    if (previous && before?.kind === 'array') {
      before.elements.push(...elements);
      before.complete &&= complete;
    } else set(single({ kind: 'array', span: use.span, elements, complete }));
  }
}

/** The value a flag without one sets, marked as set by that flag, so findings name it as written. */
function setByName(use: FlagUse): Value {
  return { kind: 'string', value: use.meaning.sets!, span: use.span, origin: { kind: 'flag', name: use.written, span: use.span } };
}

/** Rules separated by commas or blanks outside parentheses, with their offsets, as Claude Code splits `--allowedTools`. */
export function splitRules(text: string): Array<{ rule: string; offset: number }> {
  const rules: Array<{ rule: string; offset: number }> = [];
  let depth = 0;
  let start = -1;
  for (let index = 0; index <= text.length; index++) {
    const char = text[index];
    const separates = char === undefined || (depth === 0 && (char === ',' || /\s/.test(char)));
    if (separates) {
      if (start !== -1) rules.push({ rule: text.slice(start, index), offset: start });
      start = -1;
      continue;
    }
    if (start === -1) start = index;
    if (char === '(') depth++;
    else if (char === ')' && depth > 0) depth--;
  }
  return rules;
}

/**
 * The options with the permission flags of their `extraArgs` applied, as
 * the CLI reads them after the SDK's own flags: a language-neutral step,
 * so TypeScript and Python share it. Each alternative of `extraArgs` gives
 * its own alternative of the options.
 */
export function withExtraArgs(options: ValueSet): ValueSet {
  if (!options.alternatives.some((value) => value.kind === 'object' && value.properties.has('extraArgs'))) return options;
  return {
    alternatives: options.alternatives.flatMap((value) => {
      const extra = value.kind === 'object' ? value.properties.get('extraArgs') : undefined;
      if (!extra || value.kind !== 'object') return [value];
      return extra.value.alternatives.map((args) => (args.kind === 'object' ? withFlags(value, extraFlagUses(extra, args)) : value));
    }),
  };
}

/** A configuration with its `extraArgs` applied (`withExtraArgs`); the same object when it has none. */
export function withExtraArgsApplied(config: AgentConfiguration): AgentConfiguration {
  const options = withExtraArgs(config.options);
  return options === config.options ? config : { ...config, options };
}

/** The permission flags of one `extraArgs` object, in its order. */
function extraFlagUses(extra: Property, args: ObjectValue): Array<{ use: FlagUse; property: Property }> {
  const uses: Array<{ use: FlagUse; property: Property }> = [];
  for (const property of args.properties.values()) {
    const meaning = flagMeaning(property.key);
    if (!meaning) continue;
    const written = `${extra.spelling}['${property.key}']`;
    uses.push({ use: { written, meaning, span: property.keySpan, values: [] }, property });
  }
  return uses;
}

/** A copy of `options` with the flags applied over the options they set; each value of a flag is one path. */
function withFlags(options: ObjectValue, uses: ReadonlyArray<{ use: FlagUse; property: Property }>): ObjectValue {
  const result: ObjectValue = { ...options, properties: new Map(options.properties) };
  const skips = uses.some(({ use }) => use.meaning.takes === 'nothing');
  for (const { use, property } of uses) {
    if (skips && isModeValue(use)) continue;
    const { option } = use.meaning;
    const before = result.properties.get(option);
    const beforeValues = before?.value.alternatives ?? [{ kind: 'absent' as const, span: options.span }];
    const values = property.value.alternatives.flatMap((value): Value[] => {
      // Left out on this path: the option stays as it was.
      if (value.kind === 'absent') return beforeValues;
      if (use.meaning.takes === 'nothing') return [setByName(use)];
      if (use.meaning.takes === 'one') return [value.kind === 'string' ? value : { kind: 'unknown', span: value.span }];
      return beforeValues.map((list) => appended(list, flagValues(value), use.span));
    });
    const keep = use.meaning.takes === 'many' && before ? before : undefined;
    result.properties.set(option, { key: option, spelling: keep?.spelling ?? use.written, keySpan: keep?.keySpan ?? use.span, value: { alternatives: values } });
  }
  return result;
}

/** The rules one extra argument's value holds: a string split as the CLI splits it, placed inside the literal when it is written plainly. */
function flagValues(value: Value): Value[] {
  if (value.kind !== 'string') return isNotSet(value) ? [] : [{ kind: 'unknown', span: value.span }];
  // A literal as long as its text plus two quotes has no escapes: each rule can be placed where it is written.
  const plain = value.literal === true && value.span.end - value.span.start === value.value.length + 2;
  return splitRules(value.value).map(({ rule, offset }): StringValue => {
    const span = plain ? { ...value.span, start: value.span.start + 1 + offset, end: value.span.start + 1 + offset + rule.length } : value.span;
    return { kind: 'string', value: rule, span, ...(value.origin ? { origin: value.origin } : {}) };
  });
}

/** A list with more rules after its own: an unknown or unset list becomes one with only the new rules (open when unknown). */
function appended(list: Value, rules: Value[], span: Span): ArrayValue {
  const complete = rules.every((rule) => rule.kind !== 'unknown');
  const elements = rules.map((rule) => single(rule));
  if (list.kind === 'array') return { ...list, elements: [...list.elements, ...elements], complete: list.complete && complete };
  return { kind: 'array', span, elements, complete: complete && isNotSet(list) };
}
