import type { RelatedPlace } from './rule.js';
import type { AgentConfiguration, Property, StringValue, Value, ValueSet } from './types.js';

/** "is" when every possible value matches, "can be" when only some do. */
export type Certainty = 'is' | 'can be';

/** The possible values of one option, with the properties that set it. */
export interface OptionView {
  values: Value[];
  properties: Property[];
}

/** What an option can be, across every alternative of the options object. */
export function optionOf(config: AgentConfiguration, key: string): OptionView {
  return propertyOf(config.options, key);
}

/** Whether a check before the entry refuses to go on when `keys` are all set: a refused set within them. */
export function refusesTogether(config: AgentConfiguration, keys: readonly string[]): boolean {
  return (config.refusedTogether ?? []).some((refused) => refused.every((key) => keys.includes(key)));
}

/** What property `key` can be, across every alternative of an object value set. */
export function propertyOf(set: ValueSet, key: string): OptionView {
  const view: OptionView = { values: [], properties: [] };
  for (const alternative of set.alternatives) {
    if (alternative.kind !== 'object') {
      // A property of what a caller passes is still what the caller passes, one level down.
      const read = alternative.kind === 'unknown' && alternative.read ? { read: { ...alternative.read, path: [...alternative.read.path, key] } } : {};
      view.values.push({ kind: 'unknown', span: alternative.span, ...read, ...(alternative.through ? { through: alternative.through } : {}) });
      continue;
    }
    const property = alternative.properties.get(key);
    // What one call passes (`through`) stays that call's, field by field: a wrapper that copies
    // `opts.permissionMode` and `opts.disallowedTools` builds one object per caller.
    const through = alternative.through;
    const passed = (value: Value): Value => (through ? { ...value, through } : value);
    if (property) {
      view.properties.push(property);
      // An object that came from somewhere (a call's argument) says so for each of its properties.
      const origin = alternative.origin;
      for (const value of property.value.alternatives) view.values.push(passed(origin && !value.origin && value.kind !== 'unknown' ? { ...value, origin } : value));
    } else {
      view.values.push(passed({ kind: alternative.complete ? 'absent' : 'unknown', span: alternative.span }));
    }
  }
  return view;
}

/**
 * Which values match, and how sure that is. Undefined when none can match;
 * unknown values never match, so they can only weaken "is" to "can be".
 */
export function certaintyOf(
  values: readonly Value[],
  matches: (value: Value) => boolean,
): { certainty: Certainty; matching: Value[] } | undefined {
  const matching = values.filter(matches);
  if (matching.length === 0) return undefined;
  return { certainty: matching.length === values.length ? 'is' : 'can be', matching };
}

export function isString(value: Value, ...candidates: string[]): value is StringValue {
  return value.kind === 'string' && candidates.includes(value.value);
}

export function isNotSet(value: Value): boolean {
  return value.kind === 'absent' || value.kind === 'undefined' || value.kind === 'null';
}

/** Every string literal a list option can contain, on any path. */
export function listEntries(values: readonly Value[]): StringValue[] {
  const entries: StringValue[] = [];
  const visit = (value: Value): void => {
    if (value.kind === 'string') entries.push(value);
    if (value.kind === 'array') for (const element of value.elements) element.alternatives.forEach(visit);
  };
  values.forEach(visit);
  return entries;
}

/** True only when the list is certainly absent or empty on every path. */
export function isCertainlyEmptyList(values: readonly Value[]): boolean {
  return values.every(
    (value) => isNotSet(value) || (value.kind === 'array' && value.complete && value.elements.length === 0),
  );
}

/** True when the option is set to something on at least one path. */
export function isSet(values: readonly Value[]): boolean {
  return values.some((value) => !isNotSet(value));
}

/**
 * Where a value comes in, as a clause to follow it in a message
 * (` (the fallback when the environment variable MODE is not set)`); empty
 * for a value written where it is used.
 */
export function originClause(value: Value): string {
  const origin = value.origin;
  if (!origin) return '';
  const owner = origin.owner ? `${origin.owner}()` : 'its function';
  switch (origin.kind) {
    case 'environment':
      return origin.name ? ` (the fallback when the environment variable ${origin.name} is not set)` : ' (the fallback when an environment variable is not set)';
    case 'default':
      return ` (the default of parameter ${origin.name} of ${owner}, taken when a call leaves it out)`;
    case 'argument':
      return ` (passed to ${owner} as ${origin.name})`;
    case 'write':
      return ` (written to ${origin.name} in ${origin.owner ? owner : 'another function'})`;
    case 'settings':
      return ` (${origin.name} of the settings option)`;
    case 'switch':
      return ` (switched at run time by ${origin.name}())`;
    case 'fallback':
      return ` (the fallback when ${origin.name} is not set)`;
    case 'flag':
      return '';
  }
}

/**
 * How a finding names what sets the mode `value`: the option and its
 * certainty ("permissionMode is"), or a flag that sets it by its name alone
 * as the user wrote it ("--dangerously-skip-permissions sets").
 */
export function modeSetter(value: Value, option: string, certainty: string): { mode: string; certainty: string } {
  if (value.origin?.kind !== 'flag') return { mode: option, certainty };
  return { mode: value.origin.name, certainty: certainty === 'is' ? 'sets' : 'can set' };
}

/**
 * Where a value comes in, as related places for its finding: the call that
 * passes it, when a caller gives it. The finding lands on the value as
 * written, which may be far from the call (a constant the call names).
 */
export function originPlaces(value: Value): RelatedPlace[] {
  const origin = value.origin;
  if (origin?.kind !== 'argument' || !origin.call) return [];
  const owner = origin.owner ? `${origin.owner}()` : 'the function';
  return [{ span: origin.call, message: `This call passes the value to ${owner} as ${origin.name}.` }];
}

/**
 * What a finding adds when the configuration runs on untrusted input (a
 * workflow started by `issue_comment`, `pull_request_target`, ...): the
 * people who steer it. Empty otherwise.
 */
export function untrustedInputClause(config: AgentConfiguration): string {
  const trigger = config.untrustedInput?.trigger;
  if (!trigger) return '';
  return ` This workflow runs on '${trigger}' events, so anyone who can open an issue, a pull request or a comment writes what the agent reads, and steers it with the workflow's secrets and token.`;
}
