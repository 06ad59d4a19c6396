import { union, unionOf, unknown } from '../../model/build.js';
import type { ArrayValue, Span, ValueSet } from '../../model/types.js';

/**
 * Lists walked element by element: a loop variable (`for (const t of
 * ['Bash', 'Write'])`, `for t in TOOLS:`, `names.forEach((t) => …)`) and a
 * spread into a call (`allowed.push(...names)`). Each front end finds the
 * syntax; these work out the values, once for every language.
 */

/**
 * What a loop variable holds over `iterable`: any element of any list it
 * can be. A list that may hold more than it shows adds an unknown value,
 * which no rule reports; anything but a list (a string, an unknown value)
 * leaves the variable unknown.
 */
export function loopElements(iterable: ValueSet, span: Span): ValueSet {
  const elements: ValueSet[] = [];
  let complete = true;
  for (const value of iterable.alternatives) {
    if (value.kind !== 'array') return unknown(span);
    // One by one: a long list would overflow the stack as spread arguments.
    for (const element of value.elements) elements.push(element);
    complete &&= value.complete;
  }
  if (elements.length === 0) return unknown(span);
  const each = unionOf(elements);
  return complete ? each : union(each, unknown(span));
}

/**
 * The arguments a spread of `iterable` passes (`push(...names)`): each
 * element of the one list it is, in order; when it can be several lists or
 * is not known to be one, a single argument holding any of their elements.
 */
export function spreadArguments(iterable: ValueSet, span: Span): ValueSet[] {
  const list = oneKnownList(iterable);
  return list ? [...list.elements] : [loopElements(iterable, span)];
}

/** One argument as a call writes it: its value, and whether it spreads a list (`...names`, `*names`). */
export interface WrittenArgument {
  value: ValueSet;
  spread: boolean;
  span: Span;
}

/**
 * What a rest parameter (`...extra`, `*extra`) holds for one call: the list
 * of the arguments from its place on, a spread argument's elements in
 * order; a spread of a list not known leaves the list incomplete.
 */
export function restList(args: readonly WrittenArgument[], span: Span): ArrayValue {
  const list: ArrayValue = { kind: 'array', span, elements: [], complete: true };
  for (const argument of args) {
    if (!argument.spread) {
      list.elements.push(argument.value);
      continue;
    }
    const copied = copiedList(argument.value, argument.span);
    // One by one: a long list would overflow the stack as spread arguments.
    for (const element of copied.elements) list.elements.push(element);
    list.complete &&= copied.complete;
  }
  return list;
}

/** `[t for t in TOOLS]`: a list of the same elements, complete when `iterable` is one known list. */
export function copiedList(iterable: ValueSet, span: Span): ArrayValue {
  return { kind: 'array', span, elements: spreadArguments(iterable, span), complete: !!oneKnownList(iterable) };
}

function oneKnownList(iterable: ValueSet): ArrayValue | undefined {
  const [only] = iterable.alternatives;
  return iterable.alternatives.length === 1 && only?.kind === 'array' && only.complete ? only : undefined;
}
