import { emptyObject, spreadInto } from './build.js';
import type { ObjectValue, Property, Span, Value, ValueSet } from './types.js';

/**
 * Past this many objects, the callers' objects of a further spread are
 * merged into each (today's union) and the result is marked
 * `callersMerged`: a wrapper called from hundreds of places costs no more
 * than this many, and the rules that compare two fields stay silent on it.
 * Real test helpers have about a hundred callers, each with its own options.
 */
const maxObjects = 128;

/** The key of what no seen call passes (a default no call uses, what unseen callers pass). */
const rest = '';

/** One object being built, and the caller it is kept apart for (undefined until the members split by caller). */
interface Entry {
  object: ObjectValue;
  caller?: string;
}

/**
 * An object built member by member: a literal (`{ model: 'haiku',
 * ...options }`, `{"model": "haiku", **options}`), `Object.assign`,
 * `dict(a, **b)`, a constructor's keywords. Spreading a parameter that
 * several callers fill keeps each caller's object apart: the result is one
 * object per caller, each merged with the members around it, so the rules
 * that judge one object at a time see one agent per caller. Members that
 * copy a wrapper's parameters one by one (`permissionMode:
 * opts.permissionMode`, `permission_mode=permission_mode`) are kept apart
 * the same way: each caller's object takes what that caller passes to each
 * member. What one caller passes (a ternary of two objects) is merged as a
 * spread always was.
 */
export class ObjectBuilder {
  private entries: Entry[];

  constructor(span: Span, constructedBy?: string) {
    const object = emptyObject(span);
    if (constructedBy) object.constructedBy = constructedBy;
    this.entries = [{ object }];
  }

  /** `...set`, `**set`: its properties override those before it. */
  spread(set: ValueSet, span: Span): void {
    const callers = [...byCaller(set).values()];
    if (callers.length < 2 || this.entries.length * callers.length > maxObjects) {
      for (const { object } of this.entries) {
        spreadInto(object, set, span);
        if (callers.length >= 2) object.callersMerged = true;
      }
      return;
    }
    this.entries = this.entries.flatMap(({ object }) =>
      callers.map(({ key, call, set: one }) => {
        const copy = copyOf(object, call);
        spreadInto(copy, one, span);
        return { object: copy, caller: key };
      }),
    );
  }

  /** A member written in place (`mode: 'plan'`, `permission_mode="plan"`), or copied from a parameter. */
  set(property: Property): void {
    const groups = byCaller(property.value);
    const callers = [...groups.values()].filter((group) => group.key !== rest);
    if (callers.length === 0 || (this.entries.every((entry) => entry.caller === undefined) && !this.splits(callers.length))) {
      for (const { object } of this.entries) object.properties.set(property.key, property);
      return;
    }
    const shared = groups.get(rest)?.set.alternatives ?? [];
    const known = shared.filter((value) => value.kind !== 'unknown');
    const unknowns = shared.filter((value) => value.kind === 'unknown');
    const member = (alternatives: Value[]): Property => ({ ...property, value: { alternatives: [...alternatives, ...known] } });
    if (this.entries.every((entry) => entry.caller === undefined)) {
      // First member that differs by caller: one object per caller, and one for what no seen call passes.
      this.entries = this.entries.flatMap(({ object }) => [
        ...callers.map(({ key, call, set }) => ({ object: copyOf(object, call), caller: key, alternatives: set.alternatives })),
        ...(unknowns.length > 0 ? [{ object: copyOf(object), caller: rest, alternatives: unknowns }] : []),
      ].map(({ object: copy, caller, alternatives }) => {
        copy.properties.set(property.key, member(alternatives));
        return { object: copy, caller };
      }));
      return;
    }
    for (const entry of this.entries) {
      const own = entry.caller === undefined ? undefined : groups.get(entry.caller);
      if (own) entry.object.properties.set(property.key, member(own.set.alternatives));
      else if (unknowns.length > 0) entry.object.properties.set(property.key, member(unknowns));
      else {
        // Callers of some other function: which of them goes with this object is not known.
        entry.object.properties.set(property.key, property);
        entry.object.callersMerged = true;
      }
    }
  }

  /** A member that cannot be read (a computed key): it may set anything. */
  incomplete(): void {
    for (const { object } of this.entries) object.complete = false;
  }

  result(): ValueSet {
    return { alternatives: this.entries.map((entry) => entry.object) };
  }

  private splits(callers: number): boolean {
    return callers >= 2 && this.entries.length * (callers + 1) <= maxObjects;
  }
}

function copyOf(object: ObjectValue, call?: Span): ObjectValue {
  return { ...object, properties: new Map(object.properties), ...(call ? { passedBy: call } : {}) };
}

/**
 * The alternatives of `set` grouped by the call that passes them (`through`:
 * an argument, or a default a call leaves to apply; an object already kept
 * apart for one caller): one group per caller, and one for the rest (what
 * no seen call passes).
 */
function byCaller(set: ValueSet): Map<string, { key: string; call?: Span; set: ValueSet }> {
  const groups = new Map<string, { key: string; call?: Span; set: ValueSet }>();
  for (const value of set.alternatives) {
    const call = value.through ?? (value.origin?.kind === 'argument' ? value.origin.call : value.kind === 'object' ? value.passedBy : undefined);
    const key = call ? `${call.file ?? ''}:${call.start}` : rest;
    const group = groups.get(key);
    if (group) group.set.alternatives.push(value);
    else groups.set(key, { key, ...(call ? { call } : {}), set: { alternatives: [value] } });
  }
  return groups;
}
