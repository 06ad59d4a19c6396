import { single } from '../../model/build.js';
import type { AgentConfiguration, ObjectValue, Property, Span, StringValue, Value } from '../../model/types.js';
import { isNotSet, optionOf, propertyOf } from '../../model/values.js';
import { parseSettings } from '../settings/parse.js';
import { valueOf } from '../settings/values.js';
import type { SyntaxError } from '../contract.js';

/**
 * The SDK's `settings` option: an object, or a string that is either JSON
 * (it starts with `{` and ends with `}` once trimmed, the test `sdk.mjs`
 * applies before it merges a sandbox into it) or the path of a settings file
 * (passed on as `--settings <path>`). Claude Code loads it as the flag tier,
 * above user, project and local settings and below managed ones.
 */
export function isSettingsJson(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.startsWith('{') && trimmed.endsWith('}');
}

/** The one path a `settings` option names, when it is one known string that is not JSON. */
export function settingsPathOf(config: AgentConfiguration): StringValue | undefined {
  const values = optionOf(config, 'settings').values;
  const [only] = values;
  return values.length === 1 && only?.kind === 'string' && !isSettingsJson(only.value) ? only : undefined;
}

/**
 * Settings JSON as a model value. `at` is where the text sits in a source
 * file: a string literal written verbatim keeps each value's own place, any
 * other (escapes, a prefix, built from parts) puts every value at the literal.
 */
export function settingsValue(text: string, file: string | undefined, at?: StringValue): { value?: ObjectValue; syntaxErrors: SyntaxError[] } {
  const { document, syntaxErrors } = parseSettings(text);
  if (!document || syntaxErrors.length > 0) return { syntaxErrors };
  const value = valueOf(document.body, file ?? '');
  if (value.kind !== 'object') return { syntaxErrors: [{ span: { start: 0, end: text.length }, message: 'Settings hold one JSON object.' }] };
  if (!at) return { value, syntaxErrors };
  const verbatim = at.literal === true && at.span.end - at.span.start === text.length + 2;
  return { value: relocated(value, (span) => (verbatim ? { ...at.span, start: at.span.start + 1 + span.start, end: at.span.start + 1 + span.end } : at.span)) as ObjectValue, syntaxErrors };
}

function relocated(value: Value, place: (span: Span) => Span): Value {
  const span = place(value.span);
  if (value.kind === 'array') return { ...value, span, elements: value.elements.map((element) => single(relocated(element.alternatives[0]!, place))) };
  if (value.kind !== 'object') return { ...value, span } as Value;
  const properties = new Map<string, Property>();
  for (const [key, property] of value.properties) {
    properties.set(key, { ...property, keySpan: place(property.keySpan), value: single(relocated(property.value.alternatives[0]!, place)) });
  }
  return { ...value, span, properties };
}

/**
 * The configuration with its `settings` option read: a JSON string becomes
 * the object it holds (or `content`, the file the option names, read by
 * `scan`), and where no `permissionMode` is given the settings'
 * `permissions.defaultMode` is the mode: Claude Code takes `--permission-mode`
 * first and the settings' defaultMode only without it (CLI 2.1.332, the
 * start-up mode resolution). Returns the same configuration when there is
 * nothing to read.
 */
export function withSettingsOption(config: AgentConfiguration, content?: ObjectValue): AgentConfiguration {
  const inline = optionOf(config, 'settings');
  const [property] = inline.properties;
  if (!property) return config;
  const values = property.value.alternatives.map((value) => content ?? parsedJson(value));
  if (values.every((value, index) => value === property.value.alternatives[index])) return withDefaultMode(config);
  const settings: Property = { ...property, value: { alternatives: values } };
  return withDefaultMode({ ...config, options: replaced(config, 'settings', settings) });
}

function parsedJson(value: Value): Value {
  if (value.kind !== 'string' || !isSettingsJson(value.value)) return value;
  // JSON that does not parse is passed on as it is, and Claude Code rejects it: no rule can read it.
  return settingsValue(value.value, value.span.file, value).value ?? { kind: 'unknown', span: value.span };
}

/** `permissionMode` absent on a path: the settings' defaultMode, marked as coming from there. */
function withDefaultMode(config: AgentConfiguration): AgentConfiguration {
  const settings = optionOf(config, 'settings').values;
  if (settings.length !== 1 || settings[0]!.kind !== 'object') return config;
  const defaultMode = propertyOf({ alternatives: propertyOf(single(settings[0]!), 'permissions').values }, 'defaultMode');
  const [written] = defaultMode.properties;
  if (!written) return config;
  const origin = { kind: 'settings' as const, name: 'permissions.defaultMode', span: written.keySpan };
  const fromSettings = written.value.alternatives.map((value): Value => (value.kind === 'unknown' ? value : { ...value, origin }));
  const keySpan = written.keySpan;
  let changed = false;
  const alternatives = config.options.alternatives.map((options): Value => {
    if (options.kind !== 'object') return options;
    const given = options.properties.get('permissionMode');
    if (!given && !options.complete) return options;
    if (given && !given.value.alternatives.some(isNotSet)) return options;
    changed = true;
    const modes = given ? given.value.alternatives.flatMap((value) => (isNotSet(value) ? fromSettings : [value])) : fromSettings;
    const properties = new Map(options.properties);
    properties.set('permissionMode', { key: 'permissionMode', spelling: given?.spelling ?? 'permissionMode', keySpan: given?.keySpan ?? keySpan, value: { alternatives: modes } });
    return { ...options, properties };
  });
  return changed ? { ...config, options: { alternatives } } : config;
}

/** The options with `key` set to `property` in every object alternative. */
function replaced(config: AgentConfiguration, key: string, property: Property): AgentConfiguration['options'] {
  return {
    alternatives: config.options.alternatives.map((options) => {
      if (options.kind !== 'object') return options;
      const properties = new Map(options.properties);
      properties.set(key, property);
      return { ...options, properties };
    }),
  };
}
