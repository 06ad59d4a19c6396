import type { ArrayValue, ObjectValue, ParameterRead, Property, Span, UnknownValue, Value, ValueOrigin, ValueSet } from './types.js';

/**
 * Helpers for front ends that build values: the same object and value-set
 * semantics (spreads, overrides, "can be") for every language.
 */

export function single(value: Value): ValueSet {
  return { alternatives: [value] };
}

export function unknown(span: Span, read?: ParameterRead): ValueSet {
  return single(read ? { kind: 'unknown', span, read } : { kind: 'unknown', span });
}

/**
 * Past this many alternatives a value is unknown. Branches of branches
 * multiply (a helper's returns, each from helpers with several returns), and
 * no rule needs a value that can be a thousand things; unknown is never
 * reported, so this costs findings only on such code, never a false one.
 */
const maxAlternatives = 1000;

/** Either of several value sets: a ternary, an `if` assignment, `a ?? b`. */
export function union(...sets: ValueSet[]): ValueSet {
  return unionOf(sets);
}

/** `union` of a list of any length (a call cannot take more than about 100,000 arguments). */
export function unionOf(sets: readonly ValueSet[]): ValueSet {
  let count = 0;
  for (const set of sets) count += set.alternatives.length;
  if (count > maxAlternatives) return unknown(sets.find((set) => set.alternatives.length > 0)!.alternatives[0]!.span);
  return { alternatives: sets.flatMap((set) => set.alternatives) };
}

export function emptyObject(span: Span): ObjectValue {
  return { kind: 'object', span, properties: new Map(), complete: true };
}

/**
 * Spread `set` into `target` (`{ ...target, ...set }`): later properties
 * override earlier ones; alternatives make each touched property "can be";
 * an unknown spread may override anything, so it makes the object
 * incomplete, unless its declared type names the keys it can hold: then it
 * makes only those "can be" unknown.
 */
export function spreadInto(target: ObjectValue, set: ValueSet, span: Span): void {
  const objects = set.alternatives.filter((value): value is ObjectValue => value.kind === 'object');
  const nothing = set.alternatives.filter((value) => value.kind === 'undefined' || value.kind === 'null' || value.kind === 'absent');
  const bounded = set.alternatives.filter((value): value is UnknownValue & { keys: readonly string[] } => value.kind === 'unknown' && value.keys !== undefined);
  const opaque = set.alternatives.length - objects.length - nothing.length - bounded.length;
  if (objects.some((object) => object.callersMerged)) target.callersMerged = true;
  if (objects.length === 1 && set.alternatives.length === 1) {
    for (const [key, property] of objects[0]!.properties) target.properties.set(key, withOriginOf(objects[0]!, property));
    target.complete &&= objects[0]!.complete;
    return;
  }
  const keys = new Set([...objects.flatMap((object) => [...object.properties.keys()]), ...bounded.flatMap((value) => value.keys)]);
  for (const key of keys) {
    const before = target.properties.get(key);
    const alternatives: Value[] = [];
    let carrier: Property | undefined;
    for (const object of objects) {
      const property = object.properties.get(key) && withOriginOf(object, object.properties.get(key)!);
      if (property) {
        carrier ??= property;
        // One by one: a value can have more alternatives than a call takes arguments.
        for (const alternative of property.value.alternatives) alternatives.push(alternative);
      } else for (const alternative of keptOrAbsent(before, object.span, object.complete)) alternatives.push(alternative);
    }
    for (const value of bounded) {
      // A key the type names may be left out (`Partial`), so what was there can stay.
      if (before) for (const alternative of before.value.alternatives) alternatives.push(alternative);
      else alternatives.push({ kind: target.complete ? 'absent' : 'unknown', span });
      if (value.keys.includes(key)) alternatives.push({ kind: 'unknown', span });
    }
    if (nothing.length > 0) for (const alternative of keptOrAbsent(before, span, true)) alternatives.push(alternative);
    if (opaque > 0) alternatives.push({ kind: 'unknown', span });
    target.properties.set(key, { ...(carrier ?? before ?? { key, spelling: key, keySpan: span }), value: { alternatives } });
  }
  if (opaque > 0 || objects.some((object) => !object.complete)) {
    target.complete = false;
    for (const [key, property] of target.properties) {
      if (!keys.has(key)) target.properties.set(key, withUnknown(property, span));
    }
  }
}

/** A spread object that came from somewhere (a call's argument) says so for each property it brings. */
function withOriginOf(object: Value, property: Property): Property {
  return object.origin ? { ...property, value: withOrigin(property.value, object.origin) } : property;
}

function keptOrAbsent(before: Property | undefined, span: Span, complete: boolean): Value[] {
  if (!complete) return [{ kind: 'unknown', span }];
  return before ? before.value.alternatives : [{ kind: 'absent', span }];
}

function withUnknown(property: Property, span: Span): Property {
  return { ...property, value: union(property.value, unknown(span)) };
}

/**
 * Set `path` in every object alternative of `set` (`options.a.b = value`).
 * `replace`: the assignment always runs, so it replaces; otherwise the
 * property "can be" the new value or stay as it was.
 */
export function assignAt(set: ValueSet, path: readonly PathStep[], value: ValueSet, replace: boolean): ValueSet {
  const [step, ...rest] = path;
  if (!step) return replace ? value : union(set, value);
  return {
    alternatives: set.alternatives.map((alternative) => {
      if (alternative.kind !== 'object') return alternative;
      const copy: ObjectValue = { ...alternative, properties: new Map(alternative.properties) };
      const existing = copy.properties.get(step.key);
      const current = existing?.value ?? single({ kind: alternative.complete ? 'absent' : 'unknown', span: step.span });
      const next = rest.length === 0 ? (replace ? value : union(current, value)) : assignAt(current, rest, value, replace);
      const spelling = existing?.spelling ?? step.spelling ?? step.key;
      copy.properties.set(step.key, { key: step.key, spelling, keySpan: existing?.keySpan ?? step.span, value: next });
      return copy;
    }),
  };
}

export interface PathStep {
  key: string;
  /** The name as written, when it differs from the canonical key (`allowed_tools` in Python). */
  spelling?: string;
  span: Span;
}

/** Append elements to every array at `path` (`options.allowedTools.push('Bash')`). */
export function appendAt(set: ValueSet, path: readonly PathStep[], elements: ValueSet[]): ValueSet {
  return changeArraysAt(set, path, (array) => ({ ...array, elements: [...array.elements, ...elements] }));
}

/**
 * `list.splice(i, n, ...items)`, `list[i:j] = items`: the items are in every
 * array at `path`, and any element it held may be gone, so it holds those
 * items and more that are not known.
 */
export function spliceAt(set: ValueSet, path: readonly PathStep[], elements: ValueSet[]): ValueSet {
  return changeArraysAt(set, path, (array) => ({ ...array, elements: [...elements], complete: false }));
}

/** `fill(list)`, `await load_rules(deny)`: a call handed the list may add anything to it. */
export function handedToCall(set: ValueSet, path: readonly PathStep[], span: Span): ValueSet {
  return appendAt(set, path, [unknown(span)]);
}

function changeArraysAt(set: ValueSet, path: readonly PathStep[], change: (array: ArrayValue) => ArrayValue): ValueSet {
  const [step, ...rest] = path;
  return {
    alternatives: set.alternatives.map((alternative) => {
      if (!step) return alternative.kind === 'array' ? change(alternative) : alternative;
      if (alternative.kind !== 'object') return alternative;
      const existing = alternative.properties.get(step.key);
      if (!existing) return alternative;
      const copy: ObjectValue = { ...alternative, properties: new Map(alternative.properties) };
      copy.properties.set(step.key, { ...existing, value: changeArraysAt(existing.value, rest, change) });
      return copy;
    }),
  };
}

/**
 * `const { prompt, ...options } = value`: each object without the keys named
 * before the rest. What is not a known object is left as it is: its rest is
 * as unknown as it was.
 */
export function withoutKeys(set: ValueSet, keys: readonly string[]): ValueSet {
  return {
    alternatives: set.alternatives.map((value) => {
      if (value.kind !== 'object') return value;
      const properties = new Map(value.properties);
      for (const key of keys) properties.delete(key);
      return { ...value, properties };
    }),
  };
}

/**
 * The same values, each marked as coming in through `origin` unless it
 * already names where it comes from (the value's own story wins: an
 * environment fallback passed as an argument stays an environment fallback).
 * Unknown values are not reported, so they need no origin.
 */
export function withOrigin(set: ValueSet, origin: ValueOrigin): ValueSet {
  if (!set.alternatives.some((value) => value.kind !== 'unknown' && !value.origin)) return set;
  return { alternatives: set.alternatives.map((value) => (value.kind === 'unknown' || value.origin ? value : { ...value, origin })) };
}

/**
 * Lists joined end to end: `a.concat(b)`, `a + b`. Each part's elements
 * follow the last; a part that is not one known list (unknown, or either of
 * two lists) adds what it can and leaves the result incomplete, so nothing
 * counts it as certainly empty.
 */
export function joinArrays(parts: readonly ValueSet[], span: Span): ValueSet {
  const array: ArrayValue = { kind: 'array', span, elements: [], complete: true, joined: true };
  for (const part of parts) {
    if (part.alternatives.length !== 1) array.complete = false;
    for (const value of part.alternatives) {
      if (value.kind !== 'array') {
        array.complete = false;
        continue;
      }
      // One by one: a long list spread into push's arguments overflows the stack.
      for (const element of value.elements) array.elements.push(element);
      array.complete &&= value.complete;
    }
  }
  return single(array);
}
