import type { IdLookup, SeenTest, ValueFlow, ValueSet } from '../../model/types.js';
import { plainForms, type Expression, type NodeReader } from '../core/lowered.js';
import { randomValueFlows as coreFlows, toolUseIdNames, type FlowFacts, type FlowReader } from '../core/random-value-flows.js';
import { seenSetChecks as coreSeenSetChecks, type SeenSetMethods } from '../core/seen-set-checks.js';
import { returnStatements } from './evaluate.js';
import { isBoundMethod } from './fields.js';
import { randomSourceOf } from './random-sources.js';
import { parameterName, type Scopes } from './scope.js';
import { field, fields, namedChildren, spanOf, statementsOf, stringValue, textOf, type PyModule, type PyNode } from './syntax.js';

type Read = Expression<PyNode, string>;

/** Calls that keep their argument's identity: `str(key)`, `repr(key)`. */
const wrappers = new Set(['str', 'repr', 'format', 'quote']);

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

const literals = new Set(['integer', 'float', 'true', 'false']);

/** What set, dict and list methods do to a key; `seen[key]` raises when the key is absent, so it tests nothing. */
const seenSetMethods: SeenSetMethods = { inserts: new Set(['add', 'append', 'setdefault', 'update', '__setitem__']), tests: new Set(['get', '__contains__']), subscriptTests: false };

/** A function's random-value and tool-use-id flows: the core's walk over Python nodes; a variable is its name. */
export function randomValueFlows(source: PyModule, scopes: Scopes, fn: PyNode, isHook: boolean): FlowFacts {
  const body = field(fn, 'body');
  return body ? coreFlows(flowReader(source, scopes, fn, isHook), [body]) : { flows: [], idLookups: [] };
}

/** A function's seen-set checks: the core's, over Python nodes; a lambda has none. */
export function seenSetChecks(source: PyModule, fn: PyNode, evaluate: (node: PyNode) => ValueSet): SeenTest[] {
  const body = field(fn, 'body');
  return body && fn.type !== 'lambda' ? coreSeenSetChecks(nodeReader(source), seenSetMethods, body, evaluate) : [];
}

export function nodeReader(source: PyModule): NodeReader<PyNode, string> {
  return {
    span: (node) => spanOf(source, node),
    read: (node) => readNode(source, node),
    children: (node) => node.children,
    parent: (node) => node.parent,
    text: (node) => textOf(source, node),
  };
}

function flowReader(source: PyModule, scopes: Scopes, fn: PyNode, isHook: boolean): FlowReader<PyNode, string> {
  const text = (node: PyNode): string => textOf(source, node);
  const list = field(fn, 'parameters');
  const names = (list ? namedChildren(list) : []).map(parameterName);
  /** What a parameter holds before the body assigns it: the tool use id. */
  const initial = new Map<string, ValueFlow['source']>();
  // A hook's second argument is the tool use id, whatever it is called; a method hook (`self.guard`) has `self` before its arguments.
  const hookId = isHook ? names[isBoundMethod(source, fn) ? 2 : 1] : undefined;
  for (const name of names) {
    if (name && (name === hookId || toolUseIdNames.has(text(name)))) initial.set(text(name), { kind: 'toolUseId', name: text(name), span: spanOf(source, name) });
  }
  /** The one place a name is bound in its scope. */
  const boundOnce = (name: PyNode): PyNode | undefined => {
    const sites = scopes.resolve(name)?.bindings.get(text(name)) ?? [];
    return sites.length === 1 ? sites[0] : undefined;
  };
  return {
    ...nodeReader(source),
    randomSource: (call) => randomSourceOf(source, scopes, call),
    variable: (name) => {
      const found = initial.get(text(name));
      return { key: text(name), ...(found ? { initial: found } : {}) };
    },
    // A same-module helper: `def new_key(): return str(uuid.uuid4())`.
    helper: (callee) => {
      const definition = boundOnce(callee)?.parent;
      const body = definition?.type === 'function_definition' ? field(definition, 'body') : undefined;
      return body && { definition, returns: returnStatements(body).flatMap((statement) => namedChildren(statement).slice(0, 1)) };
    },
    constant: (name) => {
      const site = boundOnce(name);
      return site?.parent?.type === 'assignment' && site.field === 'left' ? field(site.parent, 'right') : undefined;
    },
  };
}

/** One Python node in the core's expression form. */
function readNode(source: PyModule, node: PyNode): Read {
  const text = (child: PyNode): string => textOf(source, child);
  switch (node.type) {
    case 'identifier':
      return { kind: 'name', text: text(node) };
    case 'none':
      return plainForms.nothing;
    case 'string':
    case 'concatenated_string': {
      const value = stringValue(source, node);
      if (value !== undefined) return { kind: 'literal', text: value };
      const parts = node.type === 'string' ? node.children.filter((child) => child.type === 'interpolation').map((child) => field(child, 'expression')) : namedChildren(node);
      return { kind: 'parts', parts: parts.filter((part) => part !== undefined) };
    }
    case 'list':
    case 'tuple':
    case 'set':
      return { kind: 'list', items: namedChildren(node) };
    case 'dictionary':
      return { kind: 'object', entries: namedChildren(node) };
    case 'pair': {
      const key = field(node, 'key');
      const value = field(node, 'value');
      // A number or boolean key is named by its text, as TypeScript names `{ 1: x }`.
      const name = key && (stringValue(source, key) ?? (literals.has(key.type) ? text(key) : undefined));
      return key && value ? { kind: 'entry', ...(name === undefined ? {} : { name }), at: key, value } : plainForms.other;
    }
    case 'keyword_argument': {
      const name = field(node, 'name');
      const value = field(node, 'value');
      return name && value ? { kind: 'entry', name: text(name), at: name, value, keyword: true } : plainForms.other;
    }
    case 'attribute': {
      const object = field(node, 'object');
      const attribute = field(node, 'attribute');
      return object && attribute ? { kind: 'member', object, at: attribute, name: text(attribute), computed: false } : plainForms.other;
    }
    case 'subscript': {
      const object = field(node, 'value');
      const key = field(node, 'subscript');
      const name = key && stringValue(source, key);
      return object && key ? { kind: 'member', object, at: key, ...(name === undefined ? {} : { name }), computed: true } : plainForms.other;
    }
    case 'call':
      return readCall(source, node);
    case 'binary_operator': {
      const operator = field(node, 'operator');
      const written = operator ? text(operator) : '';
      return written === '+' || written === '%' ? { kind: 'parts', parts: [field(node, 'left'), field(node, 'right')].filter((side) => side !== undefined) } : plainForms.operator;
    }
    case 'boolean_operator': {
      const [left, right] = [field(node, 'left'), field(node, 'right')];
      const operator = field(node, 'operator');
      if (!operator || !left || !right) return plainForms.operator;
      return text(operator) === 'or' ? { kind: 'fallback', value: left, fallback: right } : { kind: 'and', left, right };
    }
    case 'comparison_operator':
      return readComparison(source, node);
    case 'conditional_expression': {
      const [whenTrue, test, whenFalse] = namedChildren(node);
      return whenTrue && test && whenFalse ? { kind: 'conditional', test, whenTrue, whenFalse } : plainForms.other;
    }
    case 'parenthesized_expression':
    case 'await':
    case 'not_operator': {
      const kinds = { parenthesized_expression: 'group', await: 'await', not_operator: 'not' } as const;
      const operand = node.type === 'not_operator' ? field(node, 'argument') : firstNamed(node);
      return operand ? { kind: kinds[node.type], operand } : plainForms.other;
    }
    case 'unary_operator':
    case 'argument_list':
      return plainForms.operator;
    case 'assignment': {
      const [target, value] = [field(node, 'left'), field(node, 'right')];
      return target && value ? { kind: 'assign', target, value } : plainForms.other;
    }
    case 'named_expression': {
      const [target, value] = [field(node, 'name'), field(node, 'value')];
      return target && value ? { kind: 'assign', target, value } : plainForms.other;
    }
    case 'if_statement':
    case 'elif_clause': {
      const test = field(node, 'condition');
      // An `else:` branch is its block; an `elif` is an `if` of its own.
      const alternatives = fields(node, 'alternative').map((clause) => (clause.type === 'else_clause' ? (field(clause, 'body') ?? clause) : clause));
      const branches = [field(node, 'consequence'), ...alternatives].filter((branch) => branch !== undefined);
      return test ? { kind: 'if', test, branches } : plainForms.other;
    }
    case 'while_statement': {
      const test = field(node, 'condition');
      return test ? { kind: 'while', test } : plainForms.other;
    }
    case 'assert_statement': {
      const test = firstNamed(node);
      return test ? { kind: 'assert', test } : plainForms.other;
    }
    case 'return_statement': {
      const value = firstNamed(node);
      return { kind: 'return', ...(value ? { value } : {}) };
    }
    case 'raise_statement':
      return plainForms.throw;
    case 'try_statement': {
      const body = field(node, 'body');
      const rest = node.children.filter((child) => child !== body);
      return body ? { kind: 'try', body, guarded: node.children.some((child) => child.type === 'except_clause'), rest } : plainForms.other;
    }
    case 'break_statement':
    case 'continue_statement':
      return plainForms.jump;
    case 'block':
    case 'module':
      return { kind: 'block', statements: statementsOf(node) };
    case 'augmented_assignment': {
      const target = field(node, 'left');
      return target ? { kind: 'update', target } : plainForms.other;
    }
    case 'function_definition':
      return { kind: 'function', declared: true };
    case 'class_definition':
      return { kind: 'function', declared: true, class: true };
    case 'lambda': {
      const body = field(node, 'body');
      return { kind: 'function', declared: false, ...(body ? { body } : {}) };
    }
    default:
      return literals.has(node.type) ? plainForms.literal : plainForms.other;
  }
}

function firstNamed(node: PyNode): PyNode | undefined {
  return node.children.find((child) => child.named);
}

/** `tool_use_id in seen`, `x is None`, `x == None`; a chain of comparisons is only an operator. */
function readComparison(source: PyModule, node: PyNode): Read {
  const [left, right, ...rest] = namedChildren(node);
  const operator = node.children.filter((child) => !child.named).map((child) => textOf(source, child)).join(' ').replace(/\s+/g, ' ');
  if (!left || !right || rest.length > 0) return plainForms.operator;
  if (operator === 'in' || operator === 'not in') return { kind: 'compare', operator, left, right };
  return { kind: 'compare', operator: operator === 'is' || operator === '==' ? 'equals' : 'other', left, right };
}

function readCall(source: PyModule, node: PyNode): Read {
  const callee = field(node, 'function');
  const list = field(node, 'arguments');
  const args = list?.type === 'argument_list' ? namedChildren(list) : [];
  if (!callee) return plainForms.other;
  if (callee.type === 'identifier') return { kind: 'call', callee, arguments: args, ...(wrappers.has(textOf(source, callee)) ? { carries: args.slice(0, 1) } : {}) };
  const method = callee.type === 'attribute' ? field(callee, 'attribute') : undefined;
  const object = method && field(callee, 'object');
  const name = method ? textOf(source, method) : '';
  const [first] = args;
  const key = name === 'get' && first ? stringValue(source, first) : undefined;
  return {
    kind: 'call',
    callee,
    arguments: args,
    ...(first && object && Object.hasOwn(lookupMethods, name) ? { lookup: { operation: lookupMethods[name]!, key: first, collection: object } } : {}),
    // `input_data.get("tool_use_id")`
    ...(key === undefined ? {} : { field: key }),
    // `"refund-{}".format(key)`
    ...(name === 'format' ? { carries: args.map((arg) => (arg.type === 'keyword_argument' ? (field(arg, 'value') ?? arg) : arg)) } : {}),
  };
}
