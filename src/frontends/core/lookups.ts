import { union, unknown, withOrigin } from '../../model/build.js';
import { propertyOf } from '../../model/values.js';
import type { Span, Value, ValueSet } from '../../model/types.js';

/** A lookup with a fallback: `config.get(Key.MODE, DEFAULTS[Key.MODE])`. */
export interface KeyLookup {
  /** What is looked in, evaluated. */
  container: ValueSet;
  /** The key (a constant's name through `constantKey`); undefined when it is not known. */
  key: string | undefined;
  /** The lookup as written for messages, `config[Key.MODE]`. */
  name: string;
  span: Span;
}

/** `config[Key.MODE]`, for messages: on one line, each part cut short. */
export function lookupName(container: string, key: string): string {
  const cut = (text: string) => {
    const line = text.replace(/\s+/g, ' ');
    return line.length <= 40 ? line : `${line.slice(0, 39)}…`;
  };
  return `${cut(container)}[${cut(key)}]`;
}

/**
 * `config.get(key, fallback)`, `config[key] ?? fallback`: the value at `key`
 * where the container has it, the fallback where it has not (with
 * `nullish`, as for `??`, also where it holds undefined or null); where the
 * container is not known, whatever it holds (unknown) or the fallback, which
 * "can be" the value and names the lookup it stands in for.
 */
export function lookupWithFallback({ container, key, name, span }: KeyLookup, fallback: ValueSet, nullish = false): ValueSet {
  const named = withOrigin(fallback, { kind: 'fallback', name, span });
  if (key === undefined) return union(unknown(span), named);
  const found: Value[] = [];
  let missing = false;
  for (const value of propertyOf(container, key).values) {
    if (value.kind === 'absent' || (nullish && (value.kind === 'undefined' || value.kind === 'null'))) missing = true;
    else {
      found.push(value);
      if (value.kind === 'unknown') missing = true;
    }
  }
  return missing ? union({ alternatives: found }, named) : { alternatives: found };
}
