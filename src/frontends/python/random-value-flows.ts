import type { IdLookup, Span, ValueFlow } from '../../model/types.js';
import { returnStatements } from './evaluate.js';
import { isBoundMethod } from './fields.js';
import { randomSourceOf } from './random-sources.js';
import { parameterName, type Scopes } from './scope.js';
import { field, isFunction, namedChildren, spanOf, stringValue, textOf, unwrap, type PyModule, type PyNode } from './syntax.js';

type Source = ValueFlow['source'];

/** Names under which the SDK hands over a tool use id. */
const toolUseIdNames = new Set(['tool_use_id', 'toolUseID', 'toolUseId']);

/** Calls that keep their argument's identity: `str(key)`, `repr(key)`. */
const wrappers = new Set(['str', 'repr', 'format', 'quote', 'urllib.parse.quote']);

/** Methods that test, read or insert a key in a set, dict or list. */
const lookupMethods: Record<string, IdLookup['operation']> = {
  add: 'add',
  get: 'get',
  pop: 'get',
  setdefault: 'set',
  // A key-value store: `redis.set(f"run:{tool_use_id}", 1, nx=True)` is None when the key was there.
  set: 'set',
  __contains__: 'has',
  index: 'index',
  count: 'includes',
};

export interface FlowFacts {
  flows: ValueFlow[];
  idLookups: IdLookup[];
}

/**
 * Follows per-attempt values (random, time) and tool use ids through one
 * Python function, in source order: into variables, f-strings,
 * concatenation and `%` formatting, and simple wrappers, and records where
 * they land: a variable, a keyword argument, a dict key, an attribute.
 */
export function randomValueFlows(source: PyModule, scopes: Scopes, fn: PyNode, isHook: boolean): FlowFacts {
  const tainted = new Map<string, Source>();
  const lookupResults = new Map<string, IdLookup>();
  const facts: FlowFacts = { flows: [], idLookups: [] };
  const span = (node: PyNode): Span => spanOf(source, node);
  const list = field(fn, 'parameters');
  const names = (list ? namedChildren(list) : []).map(parameterName);
  // A hook's second parameter is the tool use id, whatever it is called.
  // A hook's second argument is the tool use id; a method hook (`self.guard`) has `self` before its arguments.
  const hookId = isHook ? names[isBoundMethod(source, fn) ? 2 : 1] : undefined;
  if (hookId) tainted.set(textOf(source, hookId), { kind: 'toolUseId', name: textOf(source, hookId), span: span(hookId) });
  for (const name of names) {
    if (name && toolUseIdNames.has(textOf(source, name))) tainted.set(textOf(source, name), { kind: 'toolUseId', name: textOf(source, name), span: span(name) });
  }

  const sourceOf = (node: PyNode): Source | undefined => {
    const expression = unwrap(node);
    const random = randomSourceOf(source, scopes, expression);
    if (random) return { kind: 'random', name: random, span: span(expression) };
    switch (expression.type) {
      case 'await':
        return firstSource(namedChildren(expression), sourceOf);
      case 'identifier':
        return tainted.get(textOf(source, expression));
      case 'attribute': {
        const attribute = field(expression, 'attribute');
        if (attribute && toolUseIdNames.has(textOf(source, attribute))) return { kind: 'toolUseId', name: textOf(source, attribute), span: span(expression) };
        // `uuid.uuid4().hex`: a part of a per-attempt value is one too.
        const object = field(expression, 'object');
        return object ? sourceOf(object) : undefined;
      }
      case 'subscript': {
        const key = field(expression, 'subscript');
        const name = key && stringValue(source, key);
        if (name !== undefined && toolUseIdNames.has(name)) return { kind: 'toolUseId', name, span: span(expression) };
        const value = field(expression, 'value');
        return name === undefined && value ? sourceOf(value) : undefined;
      }
      case 'string':
        return firstSource(
          expression.children.filter((child) => child.type === 'interpolation').flatMap((child) => (field(child, 'expression') ? [field(child, 'expression')!] : [])),
          sourceOf,
        );
      case 'concatenated_string':
        return firstSource(namedChildren(expression), sourceOf);
      case 'binary_operator': {
        const operator = field(expression, 'operator');
        const text = operator ? textOf(source, operator) : '';
        const left = field(expression, 'left');
        const right = field(expression, 'right');
        if (text === '+' || text === '%') return firstSource([left, right].filter((side): side is PyNode => !!side), sourceOf);
        return undefined;
      }
      case 'boolean_operator': {
        // `stored or uuid4()` mints a key once, when none is stored: only the stored side decides.
        const left = field(expression, 'left');
        const operator = field(expression, 'operator');
        return left && operator && textOf(source, operator) === 'or' ? sourceOf(left) : undefined;
      }
      case 'conditional_expression': {
        const [whenTrue, , whenFalse] = namedChildren(expression);
        return firstSource([whenTrue, whenFalse].filter((side): side is PyNode => !!side), sourceOf);
      }
      case 'call':
        return callSource(expression);
      default:
        return undefined;
    }
  };

  const callSource = (call: PyNode): Source | undefined => {
    const callee = field(call, 'function');
    if (!callee) return undefined;
    const args = argumentNodes(call);
    if (callee.type === 'identifier' && wrappers.has(textOf(source, callee)) && args[0]) return sourceOf(args[0]);
    if (callee.type === 'identifier') {
      const helper = returnedRandom(callee);
      if (helper) return { ...helper, span: span(call) };
      return undefined;
    }
    if (callee.type !== 'attribute') return undefined;
    const method = field(callee, 'attribute');
    const object = field(callee, 'object');
    const methodName = method ? textOf(source, method) : '';
    // `input_data.get("tool_use_id")`
    const key = args[0] && stringValue(source, args[0]);
    if (methodName === 'get' && key !== undefined && toolUseIdNames.has(key)) return { kind: 'toolUseId', name: key, span: span(call) };
    // `"refund-{}".format(key)`
    if (methodName === 'format') return firstSource(args.map((arg) => (arg.type === 'keyword_argument' ? (field(arg, 'value') ?? arg) : arg)), sourceOf);
    // A method of a per-attempt value is one too: `uuid4().hex.upper()`, `str(time.time()).split(".")`.
    return object ? sourceOf(object) : undefined;
  };

  /** Helpers whose returns are being followed: a recursive helper (`return helper(n - 1)`) is followed once. */
  const following = new Set<PyNode>();

  /** A same-module helper that returns a per-attempt value: `def new_key(): return str(uuid.uuid4())`. */
  const returnedRandom = (callee: PyNode): Source | undefined => {
    const scope = scopes.resolve(callee);
    const sites = scope?.bindings.get(textOf(source, callee)) ?? [];
    const definition = sites.length === 1 && sites[0]!.parent?.type === 'function_definition' ? sites[0]!.parent : undefined;
    const body = definition && field(definition, 'body');
    if (!body || following.has(definition)) return undefined;
    following.add(definition);
    try {
      for (const statement of returnStatements(body)) {
        const [value] = namedChildren(statement);
        const name = value && randomSourceIn(value);
        if (name) return { kind: 'random', name: `${textOf(source, callee)}() (${name})`, span: span(value!) };
      }
      return undefined;
    } finally {
      following.delete(definition);
    }
  };

  /** The per-attempt source an expression is built from, without following variables. */
  const randomSourceIn = (node: PyNode): string | undefined => {
    const found = sourceOfPure(node);
    return found?.kind === 'random' ? found.name : undefined;
  };
  const sourceOfPure = (node: PyNode): Source | undefined => {
    const saved = new Map(tainted);
    tainted.clear();
    try {
      return sourceOf(node);
    } finally {
      for (const [key, value] of saved) tainted.set(key, value);
    }
  };

  const sink = (from: Source | undefined, kind: ValueFlow['sink']['kind'], name: string, at: PyNode): void => {
    if (from) facts.flows.push({ source: from, sink: { kind, name, path: enclosingKeys(source, at), span: span(at) } });
  };

  const lookup = (operation: IdLookup['operation'], key: PyNode, at: PyNode): void => {
    if (sourceOf(key)?.kind !== 'toolUseId') return;
    const fact: IdLookup = { operation, span: span(at), gatesCall: gates(operation, at) };
    facts.idLookups.push(fact);
    // `seen = tool_use_id in cache`, `fresh = await redis.set(...)`, then `if seen: ...`
    const result = at.parent?.type === 'await' ? at.parent : at;
    const holder = result.parent?.type === 'assignment' && result.field === 'right' ? field(result.parent, 'left') : undefined;
    if (holder?.type === 'identifier') lookupResults.set(textOf(source, holder), fact);
  };

  const assign = (target: PyNode, value: PyNode | undefined): void => {
    const from = value ? sourceOf(value) : undefined;
    const bare = unwrap(target);
    if (bare.type === 'identifier') {
      const name = textOf(source, bare);
      if (from) tainted.set(name, from);
      else tainted.delete(name);
      sink(from, 'variable', name, bare);
    } else if (bare.type === 'attribute') {
      const attribute = field(bare, 'attribute');
      if (attribute) sink(from, 'property', textOf(source, attribute), attribute);
    } else if (bare.type === 'subscript') {
      const key = field(bare, 'subscript');
      const name = key && stringValue(source, key);
      if (name !== undefined) sink(from, 'property', name, key!);
    }
  };

  const visit = (node: PyNode): void => {
    if (node !== fn && (node.type === 'function_definition' || node.type === 'class_definition')) return;
    switch (node.type) {
      case 'assignment': {
        const right = field(node, 'right');
        if (right) visit(right);
        const left = field(node, 'left');
        if (left) {
          if (left.type === 'attribute' || left.type === 'subscript') visit(left);
          assign(left, right?.type === 'assignment' ? field(right, 'right') : right);
        }
        return;
      }
      case 'named_expression': {
        const value = field(node, 'value');
        if (value) visit(value);
        const name = field(node, 'name');
        if (name) assign(name, value);
        return;
      }
      case 'keyword_argument': {
        const name = field(node, 'name');
        const value = field(node, 'value');
        if (name && value) sink(sourceOf(value), 'argument', textOf(source, name), name);
        break;
      }
      case 'pair': {
        const key = field(node, 'key');
        const value = field(node, 'value');
        const name = key && stringValue(source, key);
        if (name !== undefined && value) sink(sourceOf(value), 'property', name, key!);
        break;
      }
      case 'call':
        call(node);
        break;
      case 'comparison_operator':
        comparison(node);
        break;
      case 'subscript': {
        const key = field(node, 'subscript');
        if (key) lookup('index', key, node);
        break;
      }
      case 'identifier': {
        const fact = lookupResults.get(textOf(source, node));
        if (fact && node.field !== 'left' && gates(fact.operation, node)) fact.gatesCall = true;
        break;
      }
      default:
        break;
    }
    for (const child of node.children) visit(child);
  };

  const call = (node: PyNode): void => {
    const callee = field(node, 'function');
    if (callee?.type !== 'attribute') return;
    const method = field(callee, 'attribute');
    const [first, second] = argumentNodes(node);
    const name = method ? textOf(source, method) : '';
    if (first && Object.hasOwn(lookupMethods, name)) lookup(lookupMethods[name]!, first, node);
    // headers.setdefault("Idempotency-Key", key), request.add_header("Idempotency-Key", key)
    const key = first && stringValue(source, first);
    if (key !== undefined && second && second.type !== 'keyword_argument') sink(sourceOf(second), 'argument', key, first!);
  };

  /** `tool_use_id in seen`, `tool_use_id not in seen`. */
  const comparison = (node: PyNode): void => {
    const operands = namedChildren(node);
    const operators = node.children.filter((child) => !child.named).map((child) => textOf(source, child));
    if (operands.length === 2 && operators.some((operator) => operator === 'in' || operator === 'not in' || operator === 'not')) {
      if (operators.includes('in') || operators.includes('not in')) lookup('in', operands[0]!, node);
    }
  };

  const body = field(fn, 'body');
  if (body) visit(body);
  return facts;
}

/** The arguments of a call, positional and keyword. */
function argumentNodes(call: PyNode): PyNode[] {
  const list = field(call, 'arguments');
  return list?.type === 'argument_list' ? namedChildren(list) : [];
}

function firstSource(nodes: readonly PyNode[], sourceOf: (node: PyNode) => Source | undefined): Source | undefined {
  for (const node of nodes) {
    const found = sourceOf(node);
    if (found) return found;
  }
  return undefined;
}

/** Keys of the dicts and keyword arguments around a node, outermost first: `hookSpecificOutput.updatedInput`. */
function enclosingKeys(source: PyModule, node: PyNode): string[] {
  const path: string[] = [];
  let current = node.parent;
  // The sink's own pair or keyword argument is its name, not part of the path.
  if (current && (current.type === 'pair' || current.type === 'keyword_argument')) current = current.parent;
  while (current) {
    if (current.type === 'dictionary' || current.type === 'argument_list' || current.type === 'parenthesized_expression') {
      current = current.parent;
      continue;
    }
    if (current.type === 'pair') {
      const key = field(current, 'key');
      const name = key && stringValue(source, key);
      if (name !== undefined) path.unshift(name);
      current = current.parent;
      continue;
    }
    if (current.type === 'keyword_argument') {
      const name = field(current, 'name');
      if (name) path.unshift(textOf(source, name));
      current = current.parent;
      continue;
    }
    if (current.type === 'call') {
      current = current.parent;
      continue;
    }
    break;
  }
  return path;
}

/**
 * A lookup decides the call when a condition on it leaves. A read (`get`,
 * an index) whose test is only that nothing is stored (`if not row: return
 * None`) finds a record to correlate with: a seen-set check leaves when the
 * key is found.
 */
function gates(operation: IdLookup['operation'], node: PyNode): boolean {
  return decidesBranch(node) && !((operation === 'get' || operation === 'index') && testsAbsence(node));
}

/** `not x`, `x is None`, `x == None`: the condition asks whether nothing is there. */
function testsAbsence(node: PyNode): boolean {
  let current = node;
  while (current.parent && (current.parent.type === 'await' || current.parent.type === 'parenthesized_expression')) current = current.parent;
  const parent = current.parent;
  if (parent?.type === 'not_operator') return true;
  if (parent?.type !== 'comparison_operator') return false;
  const operands = namedChildren(parent);
  const operators = parent.children.filter((child) => !child.named).map((child) => child.type);
  const other = operands.find((operand) => operand !== current);
  return operands.length === 2 && other?.type === 'none' && operators.length === 1 && (operators[0] === 'is' || operators[0] === '==');
}

/**
 * True when the node is part of a condition that decides whether the call
 * goes on: an `if` whose branch leaves (return, raise, continue, break), an
 * `assert`, or a conditional expression whose value is returned.
 */
function decidesBranch(node: PyNode): boolean {
  let child = node;
  for (let current = node.parent; current; child = current, current = current.parent) {
    switch (current.type) {
      case 'if_statement':
      case 'elif_clause':
        return child.field === 'condition' && (leaves(field(current, 'consequence')) || current.children.some((clause) => clause.field === 'alternative' && leaves(clause)));
      case 'while_statement':
        return child.field === 'condition';
      case 'assert_statement':
        return true;
      case 'conditional_expression':
        return namedChildren(current)[1] === child && isReturned(current);
      case 'boolean_operator':
      case 'not_operator':
      case 'comparison_operator':
      case 'parenthesized_expression':
      case 'call':
      case 'argument_list':
      case 'attribute':
      case 'subscript':
      case 'await':
      case 'unary_operator':
        continue;
      default:
        return false;
    }
  }
  return false;
}

/** The block leaves the function or the loop on some path. */
function leaves(block: PyNode | undefined): boolean {
  if (!block) return false;
  const stack = [block];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node !== block && (isFunction(node) || node.type === 'class_definition')) continue;
    if (['return_statement', 'raise_statement', 'continue_statement', 'break_statement'].includes(node.type)) return true;
    for (const child of node.children) stack.push(child);
  }
  return false;
}

/** The expression is the function's result: `return a if c else b`, or a lambda's body. */
export function isReturned(expression: PyNode): boolean {
  let current = expression;
  while (current.parent && (current.parent.type === 'parenthesized_expression' || current.parent.type === 'await')) current = current.parent;
  return current.parent?.type === 'return_statement' || (current.parent?.type === 'lambda' && current.field === 'body');
}
