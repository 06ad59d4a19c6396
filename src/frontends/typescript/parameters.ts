import ts from './compiler.cjs';
import { isArrowFunction, isClassDeclaration, isConstructorDeclaration, isFunctionDeclaration, isFunctionExpression, isFunctionLike, isIdentifier, isSpreadElement, isVariableDeclaration, isVariableStatement, SyntaxKind } from './syntax.js';
import { indexOf } from './file-index.js';
import { staticName, unwrap } from './parse.js';
import { mentions } from '../core/value-sources.js';
import type { Scopes } from './scope.js';

/** How a function can be called: by the name it is declared under, and where else it may be called from. */
export interface Callers {
  /** The function's name, for messages. */
  owner?: string;
  /** The calls of the file that call it by its name (for a constructor, the `new` of its class). */
  calls: Array<ts.CallExpression | ts.NewExpression>;
  /** Exported, or named in the file other than by those calls (handed over, re-exported): callers this file does not show. */
  calledElsewhere: boolean;
  /** Exported: modules that import it may call it (`ImportResolver.callsFromImporters`). */
  exported: boolean;
  /** Named in the file other than by its calls and declaration (handed over, `export { run }`). */
  namedOtherwise: boolean;
}

const known = new WeakMap<ts.Node, Callers>();

/** The calls of the function a parameter belongs to. */
export function callersOf(fn: ts.SignatureDeclaration, scopes: Scopes): Callers {
  let callers = known.get(fn);
  if (!callers) {
    callers = findCallers(fn, scopes);
    known.set(fn, callers);
  }
  return callers;
}

function findCallers(fn: ts.SignatureDeclaration, scopes: Scopes): Callers {
  if (isConstructorDeclaration(fn)) return constructorCallers(fn, scopes);
  const declaration = namedDeclarationOf(fn);
  if (!declaration) {
    // A method, a callback, an object property: called from anywhere, by any name.
    const owner = fn.name && staticName(fn.name);
    return { ...(owner ? { owner } : {}), calls: [], calledElsewhere: true, exported: false, namedOtherwise: true };
  }
  const name = declaration.name.text;
  const calls = callsNamed(fn.getSourceFile(), 'calls', name).filter((call) => scopes.resolve(unwrap(call.expression) as ts.Identifier) === declaration);
  const namedOtherwise = mentions(fn.getSourceFile().text, name) > calls.length + 1;
  // Exported in a list (`export { run }`, `module.exports = { run }`) counts as exported too.
  const exported = isExported(declaration) || namedOtherwise;
  return { owner: name, calls, calledElsewhere: exported, exported, namedOtherwise };
}

/** A constructor is called by `new` of its class's name; an exported or anonymous class may be built anywhere. */
function constructorCallers(fn: ts.ConstructorDeclaration, scopes: Scopes): Callers {
  const cls = fn.parent;
  if (!isClassDeclaration(cls) || !cls.name) return { calls: [], calledElsewhere: true, exported: false, namedOtherwise: true };
  const name = cls.name.text;
  const calls = callsNamed(fn.getSourceFile(), 'constructions', name).filter((call) => scopes.resolve(unwrap(call.expression) as ts.Identifier) === cls);
  const namedOtherwise = mentions(fn.getSourceFile().text, name) > calls.length + 1;
  const exported = !!cls.modifiers?.some((modifier) => modifier.kind === SyntaxKind.ExportKeyword) || namedOtherwise;
  return { owner: name, calls, calledElsewhere: exported, exported, namedOtherwise };
}

type CallKind = 'calls' | 'constructions';
const byName = new WeakMap<ts.SourceFile, Partial<Record<CallKind, Map<string, Array<ts.CallExpression | ts.NewExpression>>>>>();

/**
 * The calls (or `new` expressions) of a file whose callee is the plain name
 * `name`, in source order. Grouped once per file: filtering every call for
 * every function made a bundle of thousands of functions quadratic.
 */
function callsNamed(file: ts.SourceFile, kind: CallKind, name: string): Array<ts.CallExpression | ts.NewExpression> {
  let groups = byName.get(file);
  if (!groups) byName.set(file, (groups = {}));
  let named = groups[kind];
  if (!named) {
    named = new Map();
    for (const call of indexOf(file)[kind]) {
      const callee = unwrap(call.expression);
      if (!isIdentifier(callee)) continue;
      const list = named.get(callee.text);
      if (list) list.push(call);
      else named.set(callee.text, [call]);
    }
    groups[kind] = named;
  }
  return named.get(name) ?? [];
}

/** The nearest function around a node, and the name it goes by (for messages). */
export function enclosingFunction(node: ts.Node): { fn?: ts.SignatureDeclaration; name?: string } {
  for (let current = node.parent; current; current = current.parent) {
    if (!isFunctionLike(current)) continue;
    const named = namedDeclarationOf(current);
    const name = named ? named.name.text : current.name && staticName(current.name);
    return { fn: current, ...(name ? { name } : {}) };
  }
  return {};
}

/** `function run(...)`, or `const run = (...) => ...`: the declaration that names it. */
function namedDeclarationOf(fn: ts.SignatureDeclaration): (ts.Declaration & { name: ts.Identifier }) | undefined {
  if (isFunctionDeclaration(fn)) return fn.name ? (fn as ts.FunctionDeclaration & { name: ts.Identifier }) : undefined;
  if (!isArrowFunction(fn) && !isFunctionExpression(fn)) return undefined;
  let holder: ts.Node = fn.parent;
  while (holder.kind === SyntaxKind.ParenthesizedExpression || holder.kind === SyntaxKind.AsExpression || holder.kind === SyntaxKind.SatisfiesExpression) holder = holder.parent;
  if (!isVariableDeclaration(holder) || !isIdentifier(holder.name) || unwrap(holder.initializer!) !== fn) return undefined;
  return holder as ts.VariableDeclaration & { name: ts.Identifier };
}

function isExported(declaration: ts.Node): boolean {
  const statement = isVariableDeclaration(declaration) ? declaration.parent.parent : declaration;
  if (!isFunctionDeclaration(statement) && !isVariableStatement(statement)) return true;
  return !!statement.modifiers?.some((modifier) => modifier.kind === SyntaxKind.ExportKeyword);
}

/** What a call passes to the parameter at `index`; undefined when a spread comes first, so it cannot be told. */
export function argumentAt(call: ts.CallExpression | ts.NewExpression, index: number): { expression?: ts.Expression } | undefined {
  const passed = call.arguments ?? [];
  for (let i = 0; i <= index && i < passed.length; i++) if (isSpreadElement(passed[i]!)) return undefined;
  const expression = passed[index];
  // `run(undefined)` takes the default, as leaving the argument out does.
  if (!expression || (isIdentifier(unwrap(expression)) && (unwrap(expression) as ts.Identifier).text === 'undefined')) return {};
  return { expression };
}

/** What a call passes to a rest parameter at `index`: its arguments from there on; undefined when a spread before it hides where they start. */
export function restArgumentsAt(passed: readonly ts.Expression[], index: number): readonly ts.Expression[] | undefined {
  return passed.slice(0, index).some((argument) => isSpreadElement(argument)) ? undefined : passed.slice(index);
}
