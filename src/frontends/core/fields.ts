import { union, unionOf, unknown, withOrigin } from '../../model/build.js';
import type { Span, ValueSet } from '../../model/types.js';

/**
 * A field of an object that methods read and write (`this.permissionMode`,
 * `self.permission_mode`): what a read can see, once for every language.
 * Each front end finds the field's initial value and its writes.
 */
export interface FieldWrite {
  /** The written value, evaluated on demand. */
  value(): ValueSet;
  /**
   * `setup`: a statement of the constructor's own body, which runs before any
   * method can read the field; `constructor`: in a branch or loop of it;
   * `method`: anywhere else.
   */
  place: 'setup' | 'constructor' | 'method';
  /** The field as written (`this.permissionMode`), the method that writes it, and the write. */
  name: string;
  owner?: string;
  span: Span;
}

/**
 * The field's initial value (a class field initialiser, a class attribute;
 * unknown when there is none, since a caller may set it), replaced by the
 * constructor's own writes in order; a write in a branch of the constructor
 * "can be". A write in any other method may have run before the read (a
 * command handler, a UI action, a reset), so the field "can be" its value,
 * which names the write.
 */
export function fieldValue(initial: ValueSet | undefined, writes: readonly FieldWrite[], span: Span): ValueSet {
  let value = initial ?? unknown(span);
  const elsewhere: ValueSet[] = [];
  for (const write of writes) {
    const written = write.value();
    if (write.place === 'setup') value = written;
    else if (write.place === 'constructor') value = union(value, written);
    else elsewhere.push(withOrigin(written, { kind: 'write', name: write.name, ...(write.owner ? { owner: write.owner } : {}), span: write.span }));
  }
  return elsewhere.length > 0 ? unionOf([value, ...elsewhere]) : value;
}
