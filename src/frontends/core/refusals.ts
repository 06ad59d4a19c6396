import type { Property, ValueSet } from '../../model/types.js';

/**
 * The options a check before an entry call refuses to go on with when all
 * are set: `if (this.settings.canUseTool && this.settings.permissionPromptToolName) throw …`.
 * A front end gives each such guard as the reads it ANDs (`guards`, each read
 * a key naming what it reads and where: the same key is the same value) and
 * says what each option property of the entry was read from (`readOf`); a
 * guard counts when each of its reads is what exactly one option holds.
 */
export function refusedTogether(options: ValueSet, guards: ReadonlyArray<readonly string[]>, readOf: (property: Property) => string | undefined): string[][] {
  if (guards.length === 0) return [];
  const keysByRead = new Map<string, Set<string>>();
  for (const value of options.alternatives) {
    if (value.kind !== 'object') continue;
    for (const property of value.properties.values()) {
      const read = readOf(property);
      if (read !== undefined) keysByRead.set(read, (keysByRead.get(read) ?? new Set()).add(property.key));
    }
  }
  return guards.flatMap((reads) => {
    const keys = reads.map((read) => keysByRead.get(read));
    if (keys.some((found) => found?.size !== 1)) return [];
    return [[...new Set(keys.map((found) => [...found!][0]!))]];
  });
}

/** A number for each node, the same each time: the root of a read's key (a declaration, a class). */
export class NodeIds<Node extends object> {
  private readonly ids = new WeakMap<Node, number>();
  private next = 0;

  of(node: Node): number {
    let id = this.ids.get(node);
    if (id === undefined) this.ids.set(node, (id = this.next++));
    return id;
  }
}
