import type ts from './compiler.cjs';

/**
 * Visit `root` and the nodes under it depth first, in source order, without
 * recursion: a left-nested chain (`a + b + ...`, `x.a.b...`) can be far
 * deeper than the call stack. `enter` returns false to skip a node's children.
 */
export function walk(root: ts.Node, enter: (node: ts.Node) => boolean | void): void {
  const stack: ts.Node[] = [root];
  const children: ts.Node[] = [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (enter(node) === false) continue;
    children.length = 0;
    // A callback that returns a truthy value stops forEachChild, so this one returns nothing.
    node.forEachChild((child) => {
      children.push(child);
    });
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
}
