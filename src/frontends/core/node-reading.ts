import type { Expression, NodeReader } from './lowered.js';

/** Helpers the core's walks share to read a language's nodes in the expression form. */

/** The node without parentheses (and TypeScript's `as`, `!`), and how it reads. */
export function bare<N, K>(reader: NodeReader<N, K>, node: N): { node: N; read: Expression<N, K> } {
  let expression = reader.read(node);
  while (expression.kind === 'group') expression = reader.read((node = expression.operand));
  return { node, read: expression };
}

/** Climb from a node through the kinds in `through`: the last node passed, and the first one not (with how it reads). */
export function climb<N, K>(reader: NodeReader<N, K>, node: N, through: ReadonlySet<string>): { child: N; parent?: N; read?: Expression<N, K> } {
  let child = node;
  for (let parent = reader.parent(node); parent !== undefined; child = parent, parent = reader.parent(parent)) {
    const read = reader.read(parent);
    if (!through.has(read.kind)) return { child, parent, read };
  }
  return { child };
}

const groupOrAwait: ReadonlySet<string> = new Set(['group', 'await']);

/** The expression is the function's result: `return c ? a : b`, or an arrow's or lambda's body. */
export function isReturned<N, K>(reader: NodeReader<N, K>, node: N): boolean {
  const { child, read } = climb(reader, node, groupOrAwait);
  return read?.kind === 'return' || (read?.kind === 'function' && read.body === child);
}

/** `!x`, `not x`, `x == null`, `x is None`: the condition around the node asks whether nothing is there. */
export function testsAbsence<N, K>(reader: NodeReader<N, K>, node: N): boolean {
  const { child, read } = climb(reader, node, groupOrAwait);
  if (read?.kind === 'not') return true;
  if (read?.kind !== 'compare' || read.operator !== 'equals') return false;
  return bare(reader, read.left === child ? read.right : read.left).read.kind === 'nothing';
}

/** The statements a branch runs: a block's, or the statement itself. */
export function statementsOf<N, K>(reader: NodeReader<N, K>, branch: N | undefined): readonly N[] {
  if (branch === undefined) return [];
  const read = reader.read(branch);
  return read.kind === 'block' ? read.statements : [branch];
}

/** The nodes of a function's body in source order, as they read, not those of functions and classes nested in it. */
export function ownNodes<N, K>(reader: NodeReader<N, K>, body: N): Array<{ node: N; read: Expression<N, K> }> {
  const nodes: Array<{ node: N; read: Expression<N, K> }> = [];
  const stack = [body];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const read = reader.read(node);
    if (node !== body && read.kind === 'function') continue;
    nodes.push({ node, read });
    const children = reader.children(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return nodes;
}

/** The branch ends in a return or a throw: it always leaves the function. */
export function endsByLeaving<N, K>(reader: NodeReader<N, K>, branch: N | undefined): boolean {
  const last = statementsOf(reader, branch).at(-1);
  const kind = last === undefined ? undefined : reader.read(last).kind;
  return kind === 'return' || kind === 'throw';
}
