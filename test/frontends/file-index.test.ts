import { describe, expect, it } from 'vitest';
import type { ts } from 'ts-morph';
import compiler from '../support/compiler.js';
import { callsUnder, indexOf, writesInRunOrder } from '../../src/frontends/typescript/file-index.js';
import { parseSource } from '../../src/frontends/typescript/parse.js';
import { walk } from '../../src/frontends/typescript/walk.js';

// Calls inside calls that start at the same place, decorators, classes, nested
// functions, optional chains, tagged templates, JSX, and writes nested in writes.
const code = `
@sealed(config())
class Store { save = () => persist(this.items.push(item())); }
const handler = async (input) => {
  a.b().c(d(e()), function inner() { return f(); });
  const run = () => g(h());
  function declared() { return i(); }
  options.permissionMode = mode = pick(options.allowedTools.push('Bash'));
  x = y = z;
  list.unshift(1); list.push(2);
  return tag\`\${j()}\` ?? input?.k?.(l()) ?? <View onPress={() => m()} />;
};
n(class { method() { o(); } });
`;

const file = parseSource(code, 'cases.tsx');
const text = (node: ts.Node): string => node.getText(file);

/** The slow path: what a walk from `root` meets. */
function walkedCalls(root: ts.Node, skip: (node: ts.Node) => boolean): string[] {
  const found: string[] = [];
  walk(root, (node) => {
    if (skip(node)) return false;
    if (compiler.isCallExpression(node)) found.push(text(node));
    return true;
  });
  return found;
}

/** Every node with its children and JSDoc comments, in one order for both trees. */
function nodesOf(root: ts.Node): ts.Node[] {
  const nodes: ts.Node[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    nodes.push(node);
    const children: ts.Node[] = [];
    compiler.forEachChild(node, (child: ts.Node) => void children.push(child));
    const docs = (node as { jsDoc?: ts.Node[] }).jsDoc;
    if (node !== root && docs) children.push(...docs);
    stack.push(...children.reverse());
  }
  return nodes;
}

describe('the file index', () => {
  it('sets the parent pointers the compiler sets', () => {
    const source = `/** @param {string} a the @see {@link b} */\nexport function f(a) { /** @type {number} */ const x = a?.b!; return <T,>(y: T) => y; }\n${code}\nclass {`;
    for (const path of ['cases.tsx', 'cases.js']) {
      const expected = compiler.createSourceFile(path, source, compiler.ScriptTarget.Latest, true, path.endsWith('x') ? 4 : 1);
      const linked = parseSource(source, path);
      const [ours, theirs] = [nodesOf(linked), nodesOf(expected)];
      expect(ours.map((node) => node.kind)).toEqual(theirs.map((node) => node.kind));
      expect(ours.map((node) => node.parent && ours.indexOf(node.parent))).toEqual(theirs.map((node) => node.parent && theirs.indexOf(node.parent)));
      expect(theirs.some((node) => node.kind === compiler.SyntaxKind.JSDocParameterTag)).toBe(true);
    }
  });

  it('finds the calls under a node that a walk from it finds, in the same order', () => {
    const skips = [() => false, (node: ts.Node) => compiler.isFunctionDeclaration(node) || compiler.isClassLike(node)];
    const roots: ts.Node[] = [];
    walk(file, (node) => void roots.push(node));
    expect(indexOf(file).callsInOrder).toBe(true);
    for (const skip of skips) {
      for (const root of roots) expect(callsUnder(root, skip).map(text)).toEqual(walkedCalls(root, skip));
    }
  });

  it('orders the writes as they run: in source order, a nested write before the one around it', () => {
    const expected: string[] = [];
    const visit = (node: ts.Node): void => {
      node.forEachChild((child: ts.Node) => void visit(child));
      const assigns = compiler.isBinaryExpression(node) && node.operatorToken.kind === compiler.SyntaxKind.EqualsToken;
      const appends =
        compiler.isCallExpression(node) && compiler.isPropertyAccessExpression(node.expression) && ['push', 'unshift'].includes(node.expression.name.text);
      if (assigns || appends) expected.push(text(node));
    };
    visit(file);
    expect(expected.length).toBeGreaterThan(5);
    expect(writesInRunOrder(file).map(text)).toEqual(expected);
  });
});
