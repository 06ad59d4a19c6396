import type { IdLookup, Span, ValueFlow } from '../../model/types.js';
import { randomValueFlows as coreFlows, toolUseIdNames, type FlowFacts, type FlowNode, type FlowStep, type FlowSyntax, type SourceShape } from '../core/random-value-flows.js';
import { returnStatements } from './evaluate.js';
import { isBoundMethod } from './fields.js';
import { randomSourceOf } from './random-sources.js';
import { parameterName, type Scopes } from './scope.js';
import { field, isFunction, namedChildren, spanOf, stringValue, textOf, unwrap, type PyModule, type PyNode } from './syntax.js';

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

type Shape = SourceShape<PyNode, string>;
type Step = FlowStep<PyNode, string>;

/** A function's random-value and tool-use-id flows: the core's walk over Python syntax; a variable is its name. */
export function randomValueFlows(source: PyModule, scopes: Scopes, fn: PyNode, isHook: boolean): FlowFacts {
  const body = field(fn, 'body');
  return body ? coreFlows(flowSyntax(source, scopes, fn, isHook), [body]) : { flows: [], idLookups: [] };
}

function flowSyntax(source: PyModule, scopes: Scopes, fn: PyNode, isHook: boolean): FlowSyntax<PyNode, string> {
  const span = (node: PyNode): Span => spanOf(source, node);
  const text = (node: PyNode): string => textOf(source, node);
  const list = field(fn, 'parameters');
  const names = (list ? namedChildren(list) : []).map(parameterName);
  /** What a parameter holds before the body assigns it: the tool use id. */
  const initial = new Map<string, ValueFlow['source']>();
  // A hook's second argument is the tool use id, whatever it is called; a method hook (`self.guard`) has `self` before its arguments.
  const hookId = isHook ? names[isBoundMethod(source, fn) ? 2 : 1] : undefined;
  for (const name of names) {
    if (name && (name === hookId || toolUseIdNames.has(text(name)))) initial.set(text(name), { kind: 'toolUseId', name: text(name), span: span(name) });
  }
  const toolUseId = (name: string, at: PyNode): Shape => ({ kind: 'source', source: { kind: 'toolUseId', name, span: span(at) } });
  const parts = (nodes: Array<PyNode | undefined>): Shape => ({ kind: 'parts', parts: nodes.filter((node): node is PyNode => !!node) });

  const shape = (node: PyNode): Shape => {
    const expression = unwrap(node);
    const random = randomSourceOf(source, scopes, expression);
    if (random) return { kind: 'source', source: { kind: 'random', name: random, span: span(expression) } };
    switch (expression.type) {
      case 'await':
      case 'concatenated_string':
        return parts(namedChildren(expression));
      case 'identifier': {
        const found = initial.get(text(expression));
        return { kind: 'name', key: text(expression), ...(found ? { initial: found } : {}) };
      }
      case 'attribute': {
        const attribute = field(expression, 'attribute');
        if (attribute && toolUseIdNames.has(text(attribute))) return toolUseId(text(attribute), expression);
        // `uuid.uuid4().hex`: a part of a per-attempt value is one too.
        return parts([field(expression, 'object')]);
      }
      case 'subscript': {
        const key = field(expression, 'subscript');
        const name = key && stringValue(source, key);
        if (name === undefined) return parts([field(expression, 'value')]);
        return toolUseIdNames.has(name) ? toolUseId(name, expression) : { kind: 'none' };
      }
      case 'string':
        return parts(expression.children.filter((child) => child.type === 'interpolation').map((child) => field(child, 'expression')));
      case 'binary_operator': {
        const operator = field(expression, 'operator');
        const written = operator ? text(operator) : '';
        return written === '+' || written === '%' ? parts([field(expression, 'left'), field(expression, 'right')]) : { kind: 'none' };
      }
      case 'boolean_operator': {
        // `stored or uuid4()` mints a key once, when none is stored: only the stored side decides.
        const operator = field(expression, 'operator');
        return operator && text(operator) === 'or' ? parts([field(expression, 'left')]) : { kind: 'none' };
      }
      case 'conditional_expression': {
        const [whenTrue, , whenFalse] = namedChildren(expression);
        return parts([whenTrue, whenFalse]);
      }
      case 'call':
        return callShape(expression);
      default:
        return { kind: 'none' };
    }
  };

  const callShape = (call: PyNode): Shape => {
    const callee = field(call, 'function');
    const args = argumentNodes(call);
    if (callee?.type === 'identifier') return wrappers.has(text(callee)) ? parts([args[0]]) : helperShape(callee, call);
    if (callee?.type !== 'attribute') return { kind: 'none' };
    const method = field(callee, 'attribute');
    const methodName = method ? text(method) : '';
    // `input_data.get("tool_use_id")`
    const key = args[0] && stringValue(source, args[0]);
    if (methodName === 'get' && key !== undefined && toolUseIdNames.has(key)) return toolUseId(key, call);
    // `"refund-{}".format(key)`
    if (methodName === 'format') return parts(args.map((arg) => (arg.type === 'keyword_argument' ? (field(arg, 'value') ?? arg) : arg)));
    // A method of a per-attempt value is one too: `uuid4().hex.upper()`, `str(time.time()).split(".")`.
    return parts([field(callee, 'object')]);
  };

  /** A same-module helper: `def new_key(): return str(uuid.uuid4())`. */
  const helperShape = (callee: PyNode, call: PyNode): Shape => {
    const sites = scopes.resolve(callee)?.bindings.get(text(callee)) ?? [];
    const definition = sites.length === 1 && sites[0]!.parent?.type === 'function_definition' ? sites[0]!.parent : undefined;
    const body = definition && field(definition, 'body');
    if (!body) return { kind: 'none' };
    const returns = returnStatements(body).flatMap((statement) => namedChildren(statement).slice(0, 1));
    return { kind: 'helper', name: text(callee), definition, returns, span: span(call) };
  };

  /** `seen = tool_use_id in cache`, `fresh = await redis.set(...)`: the variable the result is kept in. */
  const lookup = (operation: IdLookup['operation'], key: PyNode, collection: PyNode | undefined, at: PyNode): Step => {
    const result = at.parent?.type === 'await' ? at.parent : at;
    const holder = result.parent?.type === 'assignment' && result.field === 'right' ? field(result.parent, 'left') : undefined;
    return { kind: 'lookup', operation, key, ...(collection ? { collection } : {}), at, ...(holder?.type === 'identifier' ? { holder: text(holder) } : {}) };
  };

  const assign = (target: PyNode, value: PyNode | undefined): Step[] => {
    const bare = unwrap(target);
    const written = value ? { value } : {};
    if (bare.type === 'identifier') return [{ kind: 'assign', target: { kind: 'name', key: text(bare), name: text(bare) }, ...written, at: bare }];
    const attribute = bare.type === 'attribute' ? field(bare, 'attribute') : undefined;
    if (attribute) return [{ kind: 'assign', target: { kind: 'property', name: text(attribute) }, ...written, at: attribute }];
    const key = bare.type === 'subscript' ? field(bare, 'subscript') : undefined;
    const name = key && stringValue(source, key);
    return name === undefined ? [] : [{ kind: 'assign', target: { kind: 'property', name }, ...written, at: key! }];
  };

  const callSteps = (node: PyNode): Step[] => {
    const callee = field(node, 'function');
    if (callee?.type !== 'attribute') return [];
    const method = field(callee, 'attribute');
    const [first, second] = argumentNodes(node);
    const name = method ? text(method) : '';
    const steps: Step[] = [];
    if (first && Object.hasOwn(lookupMethods, name)) steps.push(lookup(lookupMethods[name]!, first, field(callee, 'object'), node));
    // headers.setdefault("Idempotency-Key", key), request.add_header("Idempotency-Key", key)
    const key = first && stringValue(source, first);
    if (key !== undefined && second && second.type !== 'keyword_argument') steps.push({ kind: 'sink', sink: 'argument', name: key, value: second, at: first! });
    return steps;
  };

  /** `tool_use_id in seen`, `tool_use_id not in seen`. */
  const comparison = (node: PyNode): Step[] => {
    const operands = namedChildren(node);
    const operators = node.children.filter((child) => !child.named).map(text);
    return operands.length === 2 && (operators.includes('in') || operators.includes('not in')) ? [lookup('in', operands[0]!, operands[1], node)] : [];
  };

  const visitNode = (node: PyNode, watching: boolean): FlowNode<PyNode, string> => {
    switch (node.type) {
      case 'function_definition':
      case 'class_definition':
        return { children: [] };
      case 'assignment': {
        // The value is worked out before it is assigned; an assigned name is not read.
        const right = field(node, 'right');
        const left = field(node, 'left');
        const children = [right, left && (left.type === 'attribute' || left.type === 'subscript') ? left : undefined].filter((child): child is PyNode => !!child);
        return { children, after: left ? assign(left, right?.type === 'assignment' ? field(right, 'right') : right) : [] };
      }
      case 'named_expression': {
        const value = field(node, 'value');
        const name = field(node, 'name');
        return { children: value ? [value] : [], after: name ? assign(name, value) : [] };
      }
      case 'keyword_argument': {
        const name = field(node, 'name');
        const value = field(node, 'value');
        return { before: name && value ? [{ kind: 'sink', sink: 'argument', name: text(name), value, at: name }] : [], children: node.children };
      }
      case 'pair': {
        const key = field(node, 'key');
        const value = field(node, 'value');
        const name = key && stringValue(source, key);
        return { before: name !== undefined && value ? [{ kind: 'sink', sink: 'property', name, value, at: key! }] : [], children: node.children };
      }
      case 'call':
        return { before: callSteps(node), children: node.children };
      case 'comparison_operator':
        return { before: comparison(node), children: node.children };
      case 'subscript': {
        const key = field(node, 'subscript');
        return { before: key ? [lookup('index', key, field(node, 'value'), node)] : [], children: node.children };
      }
      case 'identifier':
        return { before: watching ? [{ kind: 'read', key: text(node), at: node }] : [], children: [] };
      default:
        return { children: node.children };
    }
  };

  /** `["Write", "Edit"]`, `("A", "B")`, `{"A"}`, `{"A": 1}`, a string, or a name bound once, to one of these (through at most a few names). */
  const isLiteralCollection = (collection: PyNode, depth = 0): boolean => {
    const node = unwrap(collection);
    if (stringValue(source, node) !== undefined) return true;
    const isLiteral = (item: PyNode | undefined) => !!item && (stringValue(source, item) !== undefined || ['integer', 'float', 'true', 'false'].includes(item.type));
    // An empty one is where a record of earlier calls starts: `seen = {}`.
    const items = namedChildren(node);
    if (node.type === 'list' || node.type === 'tuple' || node.type === 'set') return items.length > 0 && items.every(isLiteral);
    if (node.type === 'dictionary') return items.length > 0 && items.every((pair) => pair.type === 'pair' && isLiteral(field(pair, 'key')) && isLiteral(field(pair, 'value')));
    if (node.type !== 'identifier' || depth > 3) return false;
    const sites = scopes.resolve(node)?.bindings.get(text(node)) ?? [];
    const bound = sites.length === 1 && sites[0]!.parent?.type === 'assignment' && sites[0]!.field === 'left' ? field(sites[0]!.parent, 'right') : undefined;
    return !!bound && isLiteralCollection(bound, depth + 1);
  };

  return {
    span,
    shape,
    node: visitNode,
    path: (at) => enclosingKeys(source, at),
    decidesBranch,
    testsAbsence,
    isLiteralCollection: (collection) => isLiteralCollection(collection),
  };
}

/** The arguments of a call, positional and keyword. */
function argumentNodes(call: PyNode): PyNode[] {
  const list = field(call, 'arguments');
  return list?.type === 'argument_list' ? namedChildren(list) : [];
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
