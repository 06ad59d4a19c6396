import ts from './compiler.cjs';
import { isFunctionLike, isIdentifier, isPropertyAccessExpression, SyntaxKind } from './syntax.js';
import { reverseFrom } from './walk.js';

/**
 * The nodes of a file that the analysis looks for, found in one walk and kept
 * with the tree (which never changes), so that finding configurations, the
 * writes to variables and the calls of each function do not each walk it.
 */
export interface FileIndex {
  /** Calls, variable declarations, `satisfies`/`as` expressions and function-likes, in source order. */
  readonly candidates: readonly ts.Node[];
  /** The calls, in source order. */
  readonly calls: readonly ts.CallExpression[];
  /** `x = v`, `x.push(...)` and the other list methods (`listMethods`), `Object.assign(x, ...)`, and calls that hand a variable over (`fill(x)`), in source order. */
  readonly writes: ReadonlyArray<ts.BinaryExpression | ts.CallExpression>;
  /** `new C(...)` expressions, in source order: the calls of a class's constructor. */
  readonly constructions: readonly ts.NewExpression[];
  /** Each call starts no earlier than the one before: a node's calls can be found by position. */
  readonly callsInOrder: boolean;
  /** How deep the file nests: one level per link from a node to its child, except the left side of a chain (see `chainLeftOf`). */
  readonly depth: number;
}

/**
 * Kept on the tree itself: a WeakMap from each file to an index of its own
 * nodes costs the garbage collector more than the index saves.
 */
const indexKey = Symbol('toolgate file index');

export function indexOf(file: ts.SourceFile): FileIndex {
  const holder = file as ts.SourceFile & { [indexKey]?: FileIndex };
  return (holder[indexKey] ??= linkAndIndex(file));
}

/** The methods that change a list in place: `assignments.ts` reads what each adds. */
export const listMethods: ReadonlySet<string> = new Set(['push', 'unshift', 'splice', 'pop', 'shift']);

type Linkable = { parent: ts.Node | undefined; jsDoc?: ts.Node[] };

/**
 * Index a file parsed without parent pointers, and set them on the way: the
 * walk costs little more than the compiler's own pass for them
 * (`setParentNodes`), which would walk the whole tree a second time. The
 * pointers come out as the compiler's pass sets them (`setParentRecursive`,
 * pinned by a test): the parser links no node of the tree itself, only each
 * JSDoc comment to its host, so every child is linked here, and the nodes
 * of the JSDoc comments too.
 */
/** `Object.assign`: the callee of a call that writes its sources' properties into its first argument. */
export function isObjectAssign(callee: ts.PropertyAccessExpression): boolean {
  return callee.name.text === 'assign' && isIdentifier(callee.expression) && callee.expression.text === 'Object';
}

function linkAndIndex(file: ts.SourceFile): FileIndex {
  const candidates: ts.Node[] = [];
  const calls: ts.CallExpression[] = [];
  const constructions: ts.NewExpression[] = [];
  const writes: Array<ts.BinaryExpression | ts.CallExpression> = [];
  let callsInOrder = true;
  const stack: ts.Node[] = [file];
  // The depth of each node on the stack, kept beside it.
  const depths: number[] = [0];
  let deepest = 0;
  let parent: ts.Node = file;
  let parentDepth = 0;
  let chainLeft: ts.Node | undefined;
  const push = (child: ts.Node): void => {
    const linkable = child as unknown as Linkable;
    linkable.parent = parent;
    if (linkable.jsDoc) for (const doc of linkable.jsDoc) linkJsDoc(doc, child);
    stack.push(child);
    depths.push(child === chainLeft ? parentDepth : parentDepth + 1);
  };
  while (stack.length > 0) {
    const node = stack.pop()!;
    const depth = depths.pop()!;
    if (depth > deepest) deepest = depth;
    switch (node.kind) {
      case SyntaxKind.CallExpression: {
        const call = node as ts.CallExpression;
        if (calls.length > 0 && calls[calls.length - 1]!.pos > call.pos) callsInOrder = false;
        calls.push(call);
        candidates.push(call);
        const callee = call.expression;
        if (isPropertyAccessExpression(callee) && (listMethods.has(callee.name.text) || isObjectAssign(callee))) writes.push(call);
        else if (call.arguments.some((argument) => argument.kind === SyntaxKind.Identifier)) writes.push(call);
        break;
      }
      case SyntaxKind.NewExpression:
        constructions.push(node as ts.NewExpression);
        break;
      case SyntaxKind.VariableDeclaration:
      case SyntaxKind.SatisfiesExpression:
      case SyntaxKind.AsExpression:
        candidates.push(node);
        break;
      case SyntaxKind.BinaryExpression:
        if ((node as ts.BinaryExpression).operatorToken.kind === SyntaxKind.EqualsToken) writes.push(node as ts.BinaryExpression);
        break;
      default:
        if (isFunctionLike(node)) candidates.push(node);
    }
    parent = node;
    parentDepth = depth;
    chainLeft = chainLeftOf(node);
    const first = stack.length;
    node.forEachChild(push);
    reverseFrom(stack, first);
    reverseFrom(depths, first);
  }
  return { candidates, calls, constructions, writes, callsInOrder, depth: deepest };
}

/**
 * The child the parser reads in a loop rather than by recursing, so a chain
 * of them (`a.b.c`, `a + b + c`, `f()()`, `T[][]`) is no deeper than one link:
 * the left side of binary expressions, accesses, calls and type assertions.
 */
function chainLeftOf(node: ts.Node): ts.Node | undefined {
  switch (node.kind) {
    case SyntaxKind.BinaryExpression:
      return (node as ts.BinaryExpression).left;
    case SyntaxKind.PropertyAccessExpression:
    case SyntaxKind.ElementAccessExpression:
    case SyntaxKind.CallExpression:
    case SyntaxKind.NonNullExpression:
    case SyntaxKind.AsExpression:
    case SyntaxKind.SatisfiesExpression:
      return (node as ts.PropertyAccessExpression).expression;
    case SyntaxKind.TaggedTemplateExpression:
      return (node as ts.TaggedTemplateExpression).tag;
    case SyntaxKind.QualifiedName:
      return (node as ts.QualifiedName).left;
    case SyntaxKind.ArrayType:
      return (node as ts.ArrayTypeNode).elementType;
    case SyntaxKind.IndexedAccessType:
      return (node as ts.IndexedAccessTypeNode).objectType;
    case SyntaxKind.PostfixUnaryExpression:
      return (node as ts.PostfixUnaryExpression).operand;
    default:
      return undefined;
  }
}

/** A JSDoc comment and its nodes, linked as the compiler links them: without the JSDoc of those nodes. */
function linkJsDoc(doc: ts.Node, host: ts.Node): void {
  (doc as unknown as Linkable).parent = host;
  const stack: ts.Node[] = [doc];
  let parent: ts.Node = doc;
  const push = (child: ts.Node): void => {
    const linkable = child as unknown as Linkable;
    if (linkable.parent === parent) return;
    linkable.parent = parent;
    stack.push(child);
  };
  while (stack.length > 0) {
    parent = stack.pop()!;
    ts.forEachChild(parent, push);
  }
}


/**
 * The calls at or under `root`, in source order, leaving out those at or
 * under a node `skip` holds for: what `walk(root, (node) => !skip(node))`
 * would meet.
 */
export function callsUnder(root: ts.Node, skip: (node: ts.Node) => boolean): ts.CallExpression[] {
  const { calls, callsInOrder } = indexOf(root.getSourceFile());
  const found: ts.CallExpression[] = [];
  const reachable = reachableFrom(root, skip);
  // A node's descendants lie within its range; in order, they follow the first call at or after its start.
  for (let i = callsInOrder ? firstAtOrAfter(calls, root.pos) : 0; i < calls.length; i++) {
    const call = calls[i]!;
    if (callsInOrder && call.pos > root.end) break;
    if (call.pos >= root.pos && call.end <= root.end && reachable(call)) found.push(call);
  }
  return found;
}

/**
 * Whether a node is `root` or under it with no node from it up to `root`
 * (both included) one to skip. The answers of the nodes climbed past are
 * kept, so calls nested thousands deep do not each climb the whole way.
 */
function reachableFrom(root: ts.Node, skip: (node: ts.Node) => boolean): (node: ts.Node) => boolean {
  const known = new Map<ts.Node, boolean>([[root, !skip(root)]]);
  const path: ts.Node[] = [];
  return (node) => {
    let climbed = 0;
    let answer = false;
    for (let current: ts.Node | undefined = node; current; current = current.parent) {
      const found = known.get(current);
      if (found !== undefined) {
        answer = found;
        break;
      }
      path[climbed++] = current;
      if (skip(current)) break;
    }
    for (let i = 0; i < climbed; i++) known.set(path[i]!, answer);
    return answer;
  };
}

function firstAtOrAfter(calls: readonly ts.CallExpression[], position: number): number {
  let low = 0;
  let high = calls.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (calls[middle]!.pos < position) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The writes in the order they run: statement after statement, and a write
 * nested in another's value (`a = b = v`) before the write around it. So an
 * unconditional later write to the same place wins.
 */
export function writesInRunOrder(file: ts.SourceFile): Array<ts.BinaryExpression | ts.CallExpression> {
  // Post-order, from source order with a stack of the open ancestors.
  const postOrder: Array<ts.BinaryExpression | ts.CallExpression> = [];
  const open: Array<ts.BinaryExpression | ts.CallExpression> = [];
  for (const write of indexOf(file).writes) {
    while (open.length > 0 && !isAncestor(open[open.length - 1]!, write)) postOrder.push(open.pop()!);
    open.push(write);
  }
  while (open.length > 0) postOrder.push(open.pop()!);
  return postOrder;
}

function isAncestor(ancestor: ts.Node, node: ts.Node): boolean {
  // Every node between them lies within the ancestor's range: outside it, the climb can stop.
  for (let current = node.parent; current; current = current.parent) {
    if (current === ancestor) return true;
    if (current.pos < ancestor.pos || current.end > ancestor.end) return false;
  }
  return false;
}
