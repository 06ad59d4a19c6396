import { budget } from '../core/budget.js';
import type { LoweredFunction, Statement } from '../core/lowered.js';
import { qualifiedName } from './imports.js';
import type { Scopes } from './scope.js';
import { field, fields, namedChildren, spanOf, statementsOf, textOf, type PyModule, type PyNode } from './syntax.js';

type Lowered = Statement<PyNode>;

/** Calls that stop the process: nothing goes ahead after them. */
const processExits = new Set(['sys.exit', 'os._exit', 'os.abort', 'exit', 'quit']);

/** A function body in the core's lowered form: a lambda is one return. */
export function lowerFunction(source: PyModule, scopes: Scopes, fn: PyNode): LoweredFunction<PyNode> | undefined {
  const body = field(fn, 'body');
  if (!body) return undefined;
  const end = { start: fn.end, end: fn.end, file: source.path };
  if (fn.type === 'lambda') return { body: [{ kind: 'return', span: spanOf(source, body), value: body, written: spanOf(source, body) }], end };
  const lower = (statements: readonly PyNode[], depth: number): Lowered[] => {
    const lowered: Lowered[] = [];
    for (const statement of statements) {
      const one = depth >= budget.nesting ? { kind: 'opaque' as const, span: spanOf(source, statement) } : lowerStatement(statement, depth);
      if (one) lowered.push(one);
    }
    return lowered;
  };
  const block = (node: PyNode | undefined, depth: number): Lowered[] => lower(statementsOf(node), depth + 1);
  const lowerStatement = (statement: PyNode, depth: number): Lowered | undefined => {
    switch (statement.type) {
      case 'return_statement': {
        const [value] = namedChildren(statement);
        return { kind: 'return', span: spanOf(source, statement), ...(value ? { value, written: spanOf(source, value) } : {}) };
      }
      case 'raise_statement':
        return { kind: 'throw', span: spanOf(source, statement) };
      case 'expression_statement':
        return isProcessExit(source, scopes, statement) ? { kind: 'exit', span: spanOf(source, statement) } : undefined;
      case 'if_statement': {
        const alternatives = fields(statement, 'alternative');
        const branches = [field(statement, 'consequence'), ...alternatives.map((clause) => field(clause, 'consequence') ?? field(clause, 'body'))];
        return { kind: 'if', branches: branches.map((branch) => block(branch, depth)), exhaustive: alternatives.some((clause) => clause.type === 'else_clause') };
      }
      case 'for_statement':
      case 'while_statement': {
        const orElse = field(statement, 'alternative');
        const forever = statement.type === 'while_statement' && isTrue(source, field(statement, 'condition'));
        return { kind: 'loop', body: block(field(statement, 'body'), depth), ...(orElse ? { orElse: block(field(orElse, 'body'), depth) } : {}), forever };
      }
      case 'with_statement': {
        const body = block(field(statement, 'body'), depth);
        // `with contextlib.suppress(...)`: an exception in the body ends the block, and what follows runs, as after an empty except.
        const suppress = suppressingItem(source, scopes, statement);
        if (!suppress) return { kind: 'block', body };
        const head = spanOf(source, suppress);
        return { kind: 'try', body, handlers: [{ head, span: head, body: [] }] };
      }
      case 'try_statement': {
        const clauses = statement.children;
        const finallyClause = clauses.find((clause) => clause.type === 'finally_clause');
        const orElse = clauses.find((clause) => clause.type === 'else_clause');
        const handlers = clauses
          .filter((clause) => clause.type === 'except_clause')
          .map((handler) => ({ head: exceptHead(source, handler), span: spanOf(source, handler), body: block(handler, depth) }));
        return {
          kind: 'try',
          body: block(field(statement, 'body'), depth),
          handlers,
          ...(orElse ? { orElse: block(field(orElse, 'body') ?? orElse, depth) } : {}),
          ...(finallyClause ? { finally: block(finallyClause, depth) } : {}),
        };
      }
      case 'match_statement': {
        const cases = namedChildren(field(statement, 'body') ?? statement).filter((clause) => clause.type === 'case_clause');
        return { kind: 'switch', cases: cases.map((clause) => block(field(clause, 'consequence'), depth)), fallThrough: false, exhaustive: false };
      }
      case 'break_statement':
        return { kind: 'break' };
      case 'continue_statement':
        return { kind: 'continue' };
      default:
        return undefined;
    }
  };
  return { body: lower(statementsOf(body), 0), end };
}

/** `sys.exit(...)`, `os._exit(...)`: the process stops. */
function isProcessExit(source: PyModule, scopes: Scopes, statement: PyNode): boolean {
  const [call] = namedChildren(statement);
  if (call?.type !== 'call') return false;
  const callee = field(call, 'function');
  const name = callee && qualifiedName(source, scopes, callee);
  return !!name && processExits.has(name);
}

/** The `contextlib.suppress(...)` item of a `with` statement, if it has one. */
function suppressingItem(source: PyModule, scopes: Scopes, statement: PyNode): PyNode | undefined {
  const clause = statement.children.find((child) => child.type === 'with_clause');
  for (const item of clause ? namedChildren(clause) : []) {
    const [call] = namedChildren(item);
    const callee = call?.type === 'call' ? field(call, 'function') : undefined;
    if (callee && qualifiedName(source, scopes, callee) === 'contextlib.suppress') return call;
  }
  return undefined;
}

/** `except ValueError as error:`: the clause without its block. */
function exceptHead(source: PyModule, clause: PyNode): { start: number; end: number; file: string } {
  const colon = clause.children.find((child) => child.type === ':');
  return { start: clause.start, end: colon ? colon.end : clause.start + 'except'.length, file: source.path };
}

function isTrue(source: PyModule, node: PyNode | undefined): boolean {
  return !!node && (node.type === 'true' || (node.type === 'integer' && textOf(source, node) !== '0'));
}
