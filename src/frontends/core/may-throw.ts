import type { FunctionFacts } from '../../model/types.js';

/** Where an exception can escape a function first, and how it reads. */
type ThrowPoint = NonNullable<FunctionFacts['mayThrow']>;

/**
 * The may-throw fact of every function of a registry, settled over the
 * calls between them: a call of a project function throws when that
 * function may (a call that recurses is taken not to). `firstThrow` is the
 * language's walk of one body; `calleesOf` the project functions a call can
 * reach, undefined when the language cannot tell (then the walk guesses).
 */
export function settleMayThrow<C>(
  count: number,
  firstThrow: (id: number, callThrows: (call: C) => boolean | undefined) => ThrowPoint | undefined,
  calleesOf: (call: C) => readonly number[] | undefined,
): Array<ThrowPoint | undefined> {
  const settled = new Map<number, boolean>();
  const throws = (id: number, path: Set<number>): boolean => {
    const known = settled.get(id);
    if (known !== undefined) return known;
    if (path.has(id)) return false;
    path.add(id);
    // A callee whose only throws are reads of tool_input fields is not taken to throw: whether they are there depends on a matcher not seen from here.
    const found = firstThrow(id, (call) => calleeThrows(call, path));
    const result = !!found && !found.fields;
    path.delete(id);
    settled.set(id, result);
    return result;
  };
  const calleeThrows = (call: C, path: Set<number>): boolean | undefined => {
    const ids = calleesOf(call);
    return ids && ids.length > 0 ? ids.some((id) => throws(id, path)) : undefined;
  };
  return Array.from({ length: count }, (_, id) => firstThrow(id, (call) => calleeThrows(call, new Set([id]))));
}
