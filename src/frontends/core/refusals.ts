import type { Property, ValueSet } from '../../model/types.js';
import type { NodeReader } from './lowered.js';
import { bare, endsByLeaving } from './node-reading.js';

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
class NodeIds<Node extends object> {
  private readonly ids = new WeakMap<Node, number>();
  private next = 0;

  of(node: Node): number {
    let id = this.ids.get(node);
    if (id === undefined) this.ids.set(node, (id = this.next++));
    return id;
  }
}

const roots = new NodeIds<object>();

/**
 * The guards before `call` in its function that stop when their condition
 * holds (`if (a && b) throw …`, `if a and b: raise …`, or a return), each as
 * the reads it ANDs (`readKey`); a guard with any other kind of test is left
 * out. `rootOf` is what a read starts from (a name's declaration, the class
 * of `this` or `self`).
 */
export function guardsBefore<N, K>(reader: NodeReader<N, K>, rootOf: (node: N) => object | undefined, call: N): string[][] {
  const guards: string[][] = [];
  for (let child = call, parent = reader.parent(call); parent !== undefined; child = parent, parent = reader.parent(parent)) {
    const passed = reader.read(child);
    if (passed.kind === 'function' && !passed.class) break;
    const block = reader.read(parent);
    if (block.kind !== 'block') continue;
    for (const statement of block.statements) {
      if (statement === child) break;
      const guard = reader.read(statement);
      if (guard.kind !== 'if' || !endsByLeaving(reader, guard.branches[0])) continue;
      const reads = conjuncts(reader, guard.test).map((read) => readKey(reader, rootOf, read));
      if (reads.every((read) => read !== undefined)) guards.push(reads as string[]);
    }
  }
  return guards;
}

function conjuncts<N, K>(reader: NodeReader<N, K>, condition: N): N[] {
  const { node, read } = bare(reader, condition);
  return read.kind === 'and' ? [...conjuncts(reader, read.left), ...conjuncts(reader, read.right)] : [node];
}

/**
 * A read as a key that is the same where the same value is read: its root
 * (`rootOf`), then the property path (`3.settings.canUseTool`).
 */
export function readKey<N, K>(reader: NodeReader<N, K>, rootOf: (node: N) => object | undefined, expression: N): string | undefined {
  const path: string[] = [];
  let current = bare(reader, expression);
  while (current.read.kind === 'member' && !current.read.computed && current.read.name !== undefined) {
    path.unshift(current.read.name);
    current = bare(reader, current.read.object);
  }
  const root = rootOf(current.node);
  return root ? [roots.of(root), ...path].join('.') : undefined;
}
