import { emptyObject, spreadInto } from './build.js';
import type { ObjectValue, Property, Span, ValueSet } from './types.js';

/**
 * Past this many objects, the callers' objects of a further spread are
 * merged into each (today's union) and the result is marked
 * `callersMerged`: a wrapper called from hundreds of places costs no more
 * than this many, and the rules that compare two fields stay silent on it.
 * Real test helpers have about a hundred callers, each with its own options.
 */
const maxObjects = 128;

/**
 * An object built member by member: a literal (`{ model: 'haiku',
 * ...options }`, `{"model": "haiku", **options}`), `Object.assign`,
 * `dict(a, **b)`, a constructor's keywords. Spreading a parameter that
 * several callers fill keeps each caller's object apart: the result is one
 * object per caller, each merged with the members around it, so the rules
 * that judge one object at a time see one agent per caller. What one caller
 * passes (a ternary of two objects) is merged as a spread always was.
 */
export class ObjectBuilder {
  private objects: ObjectValue[];

  constructor(span: Span, constructedBy?: string) {
    const object = emptyObject(span);
    if (constructedBy) object.constructedBy = constructedBy;
    this.objects = [object];
  }

  /** `...set`, `**set`: its properties override those before it. */
  spread(set: ValueSet, span: Span): void {
    const callers = byCaller(set);
    if (callers.length < 2 || this.objects.length * callers.length > maxObjects) {
      for (const object of this.objects) {
        spreadInto(object, set, span);
        if (callers.length >= 2) object.callersMerged = true;
      }
      return;
    }
    this.objects = this.objects.flatMap((object) =>
      callers.map(({ call, set: one }) => {
        const copy: ObjectValue = { ...object, properties: new Map(object.properties), ...(call ? { passedBy: call } : {}) };
        spreadInto(copy, one, span);
        return copy;
      }),
    );
  }

  /** A member written in place (`mode: 'plan'`, `permission_mode="plan"`). */
  set(property: Property): void {
    for (const object of this.objects) object.properties.set(property.key, property);
  }

  /** A member that cannot be read (a computed key): it may set anything. */
  incomplete(): void {
    for (const object of this.objects) object.complete = false;
  }

  result(): ValueSet {
    return { alternatives: this.objects };
  }
}

/**
 * The alternatives of `set` grouped by the call that passes them (an
 * argument's, or an object already kept apart for one caller): one group per
 * caller, and one for the rest (what no seen call passes, a default).
 */
function byCaller(set: ValueSet): Array<{ call?: Span; set: ValueSet }> {
  const groups = new Map<string, { call?: Span; set: ValueSet }>();
  for (const value of set.alternatives) {
    const call = value.origin?.kind === 'argument' ? value.origin.call : value.kind === 'object' ? value.passedBy : undefined;
    const key = call ? `${call.file ?? ''}:${call.start}` : '';
    const group = groups.get(key);
    if (group) group.set.alternatives.push(value);
    else groups.set(key, { ...(call ? { call } : {}), set: { alternatives: [value] } });
  }
  return [...groups.values()];
}
