import type { FunctionFacts } from '../../model/types.js';
import { missingField, ThrowSearch, type InputRead } from './input-reads.js';
import type { NodeReader } from './lowered.js';

/** What a language tells the throw search about its calls and reads. */
export interface ThrowSyntax<N> {
  /** The call (or `new`) can throw: not a function known to be safe, or a project function that may. */
  callMayThrow(call: N): boolean;
  /** The read of a gate's input an expression is, if any. */
  inputRead(expression: N): InputRead | undefined;
  /** `x["k"]` raises when the key is missing (Python), rather than giving undefined (TypeScript). */
  subscriptRaises: boolean;
}

/**
 * The first place in a body, outside any try block with a handler, where an
 * exception can escape: a `throw` or `raise`, an `await`, a call of something
 * not known to be safe, or an access on a read of the input that can find
 * nothing. Depth first in source order, without recursion: a long `a + b +
 * ...` chain is deeper than the stack.
 */
export function firstThrowOutsideTry<N, K>(reader: NodeReader<N, K>, syntax: ThrowSyntax<N>, body: N): FunctionFacts['mayThrow'] {
  const describe = (node: N): string => {
    const text = reader.text(node).replace(/\s+/g, ' ');
    return text.length > 60 ? `${text.slice(0, 57)}...` : text;
  };
  const search = new ThrowSearch();
  const stack: N[] = [body];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const read = reader.read(node);
    // A function defined here throws when it is called, not here.
    if (read.kind === 'function') continue;
    // The try block is guarded when there is a handler; the handlers, `else` and `finally` are not.
    const children = read.kind === 'try' ? (read.guarded ? read.rest : [read.body, ...read.rest]) : reader.children(node);
    if (read.kind === 'throw' || read.kind === 'await' || (read.kind === 'call' && syntax.callMayThrow(node))) return { span: reader.span(node), description: describe(node) };
    // A subscript that raises reads the field itself; any other access reads what holds it.
    const holder = read.kind !== 'member' ? undefined : syntax.subscriptRaises && read.computed ? node : read.optional ? undefined : read.object;
    const found = holder === undefined ? undefined : syntax.inputRead(holder);
    const field = found && missingField(found);
    if (field !== undefined) {
      // `command.trim()` reads as the call it makes.
      const parent = reader.parent(node);
      const call = parent === undefined ? undefined : reader.read(parent);
      const access = call?.kind === 'call' && call.callee === node ? parent! : node;
      search.field(field, () => ({ span: reader.span(access), description: describe(access) }));
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return search.result();
}
