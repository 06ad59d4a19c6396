import type ts from './compiler.cjs';

/**
 * Visit `root` and the nodes under it depth first, in source order, without
 * recursion: a left-nested chain (`a + b + ...`, `x.a.b...`) can be far
 * deeper than the call stack. `enter` returns false to skip a node's children.
 */
export function walk(root: ts.Node, enter: (node: ts.Node) => boolean | void): void {
  const stack: ts.Node[] = [root];
  // One callback for the whole walk, not one per node. It returns nothing: a truthy value would stop forEachChild.
  const push = (child: ts.Node): void => {
    stack.push(child);
  };
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (enter(node) === false) continue;
    const first = stack.length;
    node.forEachChild(push);
    reverseFrom(stack, first);
  }
}

/**
 * Reverse `stack` from index `first` to its top, in place: children pushed in
 * source order then come off the stack first child first.
 */
export function reverseFrom<T>(stack: T[], first: number): void {
  for (let i = first, j = stack.length - 1; i < j; i++, j--) {
    const item = stack[i]!;
    stack[i] = stack[j]!;
    stack[j] = item;
  }
}
