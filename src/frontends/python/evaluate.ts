import { joinArrays, single, union, unionOf, unknown, withOrigin } from '../../model/build.js';
import { ObjectBuilder } from '../../model/object-builder.js';
import type { ArrayValue, ObjectValue, Property, Span, ValueSet } from '../../model/types.js';
import { propertyOf } from '../../model/values.js';
import { Spending } from '../core/budget.js';
import { calledOutside, constantKey, environmentFallback, parameterValue, readFallback, type ImporterCalls, type PassedValue } from '../core/value-sources.js';
import { environmentRead } from './environment.js';
import { lookupName, lookupWithFallback } from '../core/lookups.js';
import { fieldValue } from '../core/fields.js';
import { copiedList, restList } from '../core/loops.js';
import { fieldsOf, isBoundMethod, selfClassOf, type SelfWrite } from './fields.js';
import { callerIndex, callersOf, classCallers, parameterPlace, passedTo, restArgumentsOf } from './parameters.js';
import { classWritesOf, instanceWritesOf, localClassOf, modelClassOf, type ModelClass, type ModelField } from './model-classes.js';
import { FlowBudgetSpent, NameFlow, type FlowHost, type State } from './name-value-walk.js';
import { importBindingOf, importOfName, joinModule, qualifiedName, starImports, type ImportBinding } from './imports.js';
import { parameterName, splatOf, type PyScope, type Scopes } from './scope.js';
import { canonicalName, hookOutputKey, isSdkModule, optionsClasses } from './sdk.js';
import { isStandardModule } from './standard-modules.js';
import { field, isFunction, namedChildren, spanOf, statementsOf, stringValue, textOf, unwrap, walk, type PyModule, type PyNode } from './syntax.js';

/** Hands out model ids for functions met while evaluating. */
export interface FunctionTable {
  idOf(node: PyNode, module: PyModule): number;
  /** The function an id stands for, and its module. */
  entry(id: number): { node: PyNode; module: PyModule } | undefined;
}

/** Follows imports to the values other modules of the project bind (scan's project pass). */
export interface ImportResolver {
  /** What module-level `name` of `module`, imported from `fromFile`, is once that module has run; `*` for the module itself. */
  importedValue(fromFile: string, module: string, name: string, span: Span): ValueSet;
  /** The evaluator of another module of the project, to work out what its helpers return. */
  evaluatorOf?(module: PyModule): Evaluator | undefined;
  /** The calls of module-level `fn` in the other modules of the analysis that import it; undefined when imports are not followed. */
  callsFromImporters?(source: PyModule, fn: PyNode): ImporterCalls<ImporterCall> | undefined;
  /** The class module-level `name` of `module`, imported from `fromFile`, is, with that module's evaluator. */
  importedClass?(fromFile: string, module: string, name: string): { cls: PyNode; evaluator: Evaluator } | undefined;
}

/** A call of a function in another module, with that module and its evaluator for the arguments. */
export interface ImporterCall {
  call: PyNode;
  source: PyModule;
  evaluate(node: PyNode): ValueSet;
}

/** Arguments bound to parameters (their identifiers) while evaluating a helper's result. */
export type Bindings = Map<PyNode, ValueSet>;

/** How many bases deep an instance's attributes are looked for (a class that derives from itself stops there). */
const maxBaseDepth = 4;

/** Keyword names of SDK constructors, in positional order, where positional use is common. */
const positional: Record<string, string[]> = {
  HookMatcher: ['matcher', 'hooks', 'timeout'],
  // The dataclasses' field order.
  PermissionUpdate: ['type', 'rules', 'behavior', 'mode', 'directories', 'destination'],
  PermissionRuleValue: ['toolName', 'ruleContent'],
};

/** The fixed `behavior` of the permission results. */
const behaviors: Record<string, string> = { PermissionResultAllow: 'allow', PermissionResultDeny: 'deny' };

/**
 * Evaluates Python expressions of one module to value sets. Keyword
 * arguments of SDK constructors become objects under the TypeScript SDK's
 * option names, each property keeping its Python spelling. Anything it
 * cannot see (parameters, calls it does not model, other modules when
 * imports are not followed) is `unknown`.
 */
export class Evaluator {
  /** Set once a value came through an import of another module. */
  crossesModules = false;
  /**
   * Set once a value read a parameter of a module-level function, which any
   * module may import: their calls give it its value in the project pass.
   * The project decides whether that matters (see `analyze`).
   */
  readsCallers = false;
  private readonly cache = new Map<PyNode | string, { value: ValueSet; through: Set<PyNode> }>();
  private readonly active = new Set<PyNode | string>();
  private readonly flows = new Map<string, { flow: NameFlow; notes: Set<PyNode> }>();
  private readonly spending = new Spending();

  constructor(
    readonly source: PyModule,
    readonly scopes: Scopes,
    private readonly functions: FunctionTable,
    private readonly imports?: ImportResolver,
    /** Shared by the evaluators of one project: a value may come through several modules. */
    private readonly traces: Array<Set<PyNode>> = [],
  ) {}

  /** Evaluate, and say which SDK constructor calls and helpers the value came through. */
  traced(node: PyNode): { value: ValueSet; through: Set<PyNode> } {
    const through = new Set<PyNode>();
    this.traces.push(through);
    try {
      return { value: this.evaluate(node), through };
    } finally {
      this.traces.pop();
    }
  }

  private note(nodes: Iterable<PyNode>): void {
    for (const trace of this.traces) for (const node of nodes) trace.add(node);
  }

  evaluate(node: PyNode, bindings?: Bindings): ValueSet {
    if (!this.spending.enter()) return unknown(this.span(node));
    try {
      return this.evaluateNode(unwrap(node), bindings);
    } finally {
      this.spending.leave();
    }
  }

  functionValue(node: PyNode): ValueSet {
    const fn = node.type === 'decorated_definition' ? (field(node, 'definition') ?? node) : node;
    return single({ kind: 'function', functionId: this.functions.idOf(fn, this.source), span: this.span(fn) });
  }

  span(node: PyNode): Span {
    return spanOf(this.source, node);
  }

  private evaluateNode(node: PyNode, bindings: Bindings | undefined): ValueSet {
    const span = this.span(node);
    switch (node.type) {
      case 'string':
      case 'concatenated_string':
        return this.string(node, bindings);
      case 'integer':
      case 'float': {
        const value = Number(textOf(this.source, node).replace(/_/g, ''));
        return Number.isNaN(value) ? unknown(span) : single({ kind: 'number', value, span });
      }
      case 'true':
      case 'false':
        return single({ kind: 'boolean', value: node.type === 'true', span });
      case 'none':
        // None is "not set" for an option, and "no decision" for a hook result.
        return single({ kind: 'undefined', span });
      case 'list':
      case 'tuple':
      case 'set':
        return single(this.array(node, bindings));
      case 'dictionary':
        return this.dictionary(node, bindings);
      case 'dictionary_comprehension':
        return this.dictionaryCopy(node, bindings);
      case 'list_comprehension':
      case 'set_comprehension':
      case 'generator_expression':
        return this.listCopy(node, bindings);
      case 'lambda':
        return this.functionValue(node);
      case 'conditional_expression': {
        const [whenTrue, , whenFalse] = namedChildren(node);
        return whenTrue && whenFalse ? union(this.evaluate(whenTrue, bindings), this.evaluate(whenFalse, bindings)) : unknown(span);
      }
      case 'boolean_operator':
        return this.booleanOperator(node, bindings);
      case 'binary_operator':
        return this.binaryOperator(node, bindings);
      case 'named_expression': {
        const value = field(node, 'value');
        return value ? this.evaluate(value, bindings) : unknown(span);
      }
      case 'identifier':
        // A function is reported where it is handed over, not where it is defined.
        return functionsAt(this.identifier(node, bindings), span);
      case 'attribute':
        return functionsAt(this.attribute(node, bindings), span);
      case 'subscript':
        return this.subscript(node, bindings);
      case 'call':
        return this.call(node, bindings);
      default:
        return unknown(span);
    }
  }

  /** A string literal; an f-string whose parts are all known strings or numbers is one string. */
  private string(node: PyNode, bindings: Bindings | undefined): ValueSet {
    const span = this.span(node);
    const plain = stringValue(this.source, node);
    if (plain !== undefined) return single({ kind: 'string', value: plain, span, ...(node.type === 'string' ? { literal: true } : {}) });
    const parts = node.type === 'concatenated_string' ? namedChildren(node) : [node];
    let text = '';
    for (const part of parts) {
      const known = stringValue(this.source, part);
      if (known !== undefined) {
        text += known;
        continue;
      }
      if (part.type !== 'string' || /b/i.test(textOf(this.source, part.children[0] ?? part))) return unknown(span);
      for (const child of part.children) {
        if (child.type === 'string_content') text += textOf(this.source, child).replace(/\{\{/g, '{').replace(/\}\}/g, '}');
        else if (child.type === 'interpolation') {
          if (field(child, 'format_specifier') || field(child, 'type_conversion')) return unknown(span);
          const expression = field(child, 'expression');
          const values = expression ? this.evaluate(expression, bindings).alternatives : [];
          const only = values.length === 1 ? values[0] : undefined;
          if (!only || (only.kind !== 'string' && only.kind !== 'number')) return unknown(span);
          text += String(only.value);
        }
      }
    }
    return single({ kind: 'string', value: text, span });
  }

  private array(node: PyNode, bindings: Bindings | undefined): ArrayValue {
    const array: ArrayValue = { kind: 'array', span: this.span(node), elements: [], complete: true };
    for (const element of namedChildren(node)) {
      if (element.type !== 'list_splat' && element.type !== 'parenthesized_list_splat') {
        array.elements.push(this.evaluate(element, bindings));
        continue;
      }
      const [inner] = namedChildren(element);
      for (const spread of inner ? this.evaluate(inner, bindings).alternatives : []) {
        if (spread.kind === 'array') {
          // One by one: spreading a very long list into push's arguments overflows the stack.
          for (const spreadElement of spread.elements) array.elements.push(spreadElement);
          array.complete &&= spread.complete;
        } else array.complete = false;
      }
      if (!inner) array.complete = false;
    }
    return array;
  }

  /** A dict literal: string keys as written (`continue_` is the SDK's `continue`), `**other` spread in. */
  private dictionary(node: PyNode, bindings: Bindings | undefined): ValueSet {
    const object = new ObjectBuilder(this.span(node));
    for (const member of namedChildren(node)) {
      if (member.type === 'dictionary_splat') {
        const [inner] = namedChildren(member);
        object.spread(inner ? this.evaluate(inner, bindings) : unknown(this.span(member)), this.span(member));
        continue;
      }
      const key = field(member, 'key');
      const value = field(member, 'value');
      const name = member.type === 'pair' && key ? (stringValue(this.source, key) ?? this.constantName(key)) : undefined;
      if (name === undefined || !value) {
        object.incomplete();
        continue;
      }
      const canonical = hookOutputKey(name);
      object.set({ key: canonical, spelling: name, keySpan: this.span(key!), value: this.evaluate(value, bindings) });
    }
    return object.result();
  }

  /**
   * `{k: v for k, v in options.items() if v is not None}`: `options` itself,
   * since an option set to None is not set. Any other comprehension is not
   * followed.
   */
  private dictionaryCopy(node: PyNode, bindings: Bindings | undefined): ValueSet {
    const pair = field(node, 'body');
    const [key, value] = pair?.type === 'pair' ? [field(pair, 'key'), field(pair, 'value')] : [];
    const clauses = namedChildren(node).filter((child) => child !== pair);
    const [loop, filter, ...more] = clauses;
    const names = loop?.type === 'for_in_clause' ? namedChildren(field(loop, 'left') ?? loop) : [];
    const items = loop && field(loop, 'right');
    const receiver = items?.type === 'call' && field(items, 'function');
    const text = (part: PyNode | null | undefined): string | undefined => (part ? textOf(this.source, part) : undefined);
    const copies =
      key?.type === 'identifier' && value?.type === 'identifier' && names.length === 2 &&
      text(names[0]) === text(key) && text(names[1]) === text(value) &&
      receiver && receiver.type === 'attribute' && text(field(receiver, 'attribute')) === 'items' &&
      this.argumentsOf(items).positional.length === 0 && more.length === 0 &&
      (!filter || (filter.type === 'if_clause' && dropsNone(this.source, filter, text(value)!)));
    const source = copies ? field(receiver, 'object') : undefined;
    return source ? this.evaluate(source, bindings) : unknown(this.span(node));
  }

  /**
   * `[t for t in TOOLS]`, `(t for t in TOOLS)`: the list's elements. A
   * comprehension that filters or changes them is not followed.
   */
  private listCopy(node: PyNode, bindings: Bindings | undefined): ValueSet {
    const body = field(node, 'body');
    const [loop, ...more] = namedChildren(node).filter((child) => child !== body);
    const target = loop?.type === 'for_in_clause' ? field(loop, 'left') : undefined;
    const iterable = loop && field(loop, 'right');
    const span = this.span(node);
    const copies = body?.type === 'identifier' && target?.type === 'identifier' && textOf(this.source, body) === textOf(this.source, target) && more.length === 0;
    if (!copies || !iterable) return unknown(span);
    return single(copiedList(this.evaluate(iterable, bindings), span));
  }

  /** `BASE_TOOLS + ["Bash"]`: the lists joined. Anything else (numbers, strings, unknown operands) is not followed. */
  /** `a + b` of lists; `a | b` of dicts, the right one's keys winning (Python 3.9). */
  private binaryOperator(node: PyNode, bindings: Bindings | undefined): ValueSet {
    const left = field(node, 'left');
    const right = field(node, 'right');
    const operator = field(node, 'operator');
    const symbol = operator ? textOf(this.source, operator) : '';
    if (!left || !right || (symbol !== '+' && symbol !== '|')) return unknown(this.span(node));
    const parts = [this.evaluate(left, bindings), this.evaluate(right, bindings)];
    const kind = symbol === '+' ? 'array' : 'object';
    if (!parts.every((part) => part.alternatives.length > 0 && part.alternatives.every((value) => value.kind === kind))) return unknown(this.span(node));
    if (kind === 'array') return joinArrays(parts, this.span(node));
    const merged = new ObjectBuilder(this.span(node));
    for (const [index, part] of parts.entries()) merged.spread(part, this.span(index === 0 ? left : right));
    return merged.result();
  }

  private booleanOperator(node: PyNode, bindings: Bindings | undefined): ValueSet {
    const left = field(node, 'left');
    const right = field(node, 'right');
    const operator = field(node, 'operator');
    if (!left || !right) return unknown(this.span(node));
    if (operator && textOf(this.source, operator) === 'and') {
      // `cond and value`: the value, or a falsy `cond` (nothing set).
      return union(this.evaluate(right, bindings), single({ kind: 'undefined', span: this.span(left) }));
    }
    const environment = environmentRead(this.source, this.scopes, left);
    if (environment && !environment.fallback) return environmentFallback(environment.read, this.evaluate(right, bindings));
    return readFallback(this.evaluate(left, bindings), textOf(this.source, left), this.span(left), this.evaluate(right, bindings));
  }

  private identifier(node: PyNode, bindings: Bindings | undefined): ValueSet {
    const span = this.span(node);
    const scope = this.scopes.resolve(node);
    if (!scope) return unknown(span);
    const name = textOf(this.source, node);
    const here = this.scopes.scopeOf(node) === scope;
    return this.nameValue(scope, name, here ? node : undefined, bindings) ?? unknown(span);
  }

  /** The value of `name` in `scope` just before `use`, or once the scope has run (a closure, another module). */
  nameValue(scope: PyScope, name: string, use: PyNode | undefined, bindings?: Bindings): ValueSet | undefined {
    const key = use ?? `${scope.node.start}:${scope.node.end}:${name}`;
    const cacheable = !bindings || bindings.size === 0;
    const cached = cacheable ? this.cache.get(key) : undefined;
    if (cached) {
      this.note(cached.through);
      return cached.value;
    }
    if (this.active.has(key)) return undefined;
    this.active.add(key);
    const cutShortBefore = this.spending.cutShort;
    const through = new Set<PyNode>();
    this.traces.push(through);
    try {
      const { flow, notes } = this.flowOf(scope, name, bindings, cacheable);
      // What the walk evaluates is noted for every use that relies on it, however much of the walk was done before.
      this.traces.push(notes);
      let state: State;
      try {
        state = use ? flow.before(use) : flow.after();
      } catch (error) {
        if (!(error instanceof FlowBudgetSpent)) throw error;
        state = undefined;
      } finally {
        this.traces.pop();
      }
      this.note(notes);
      const value = state ?? unknown(use ? this.span(use) : this.span(scope.node));
      if (cacheable && this.spending.cutShort === cutShortBefore) this.cache.set(key, { value, through });
      // A walk a helper's budget cut short starts afresh next time.
      else if (cacheable) this.flows.delete(`${scope.node.start}:${scope.node.end}:${name}`);
      return value;
    } finally {
      this.traces.pop();
      this.active.delete(key);
      this.note(through);
    }
  }

  /** The walk of a name through its scope; kept, so the statements before each use are walked once. */
  private flowOf(scope: PyScope, name: string, bindings: Bindings | undefined, cacheable: boolean): { flow: NameFlow; notes: Set<PyNode> } {
    const key = `${scope.node.start}:${scope.node.end}:${name}`;
    const cached = cacheable ? this.flows.get(key) : undefined;
    if (cached) return cached;
    const host: FlowHost = {
      source: this.source,
      evaluate: (node) => this.evaluate(node, bindings),
      bindingValue: (site) => this.bindingValue(site),
      spend: () => this.spending.spend(),
    };
    const statements = scope.kind === 'module' ? namedChildren(scope.node) : statementsOf(field(scope.node, 'body'));
    const entry = { flow: new NameFlow(host, scope, name, statements, this.initialValue(scope, name, bindings)), notes: new Set<PyNode>() };
    if (cacheable) this.flows.set(key, entry);
    return entry;
  }

  /**
   * A parameter's value on entry: the argument bound to it while a helper's
   * result is worked out, else what the calls of its function pass, or its
   * default (see `parameterValue`).
   */
  private initialValue(scope: PyScope, name: string, bindings: Bindings | undefined): State {
    if (scope.kind !== 'function') return undefined;
    const parameters = field(scope.node, 'parameters');
    for (const parameter of parameters ? namedChildren(parameters) : []) {
      const identifier = parameterName(parameter);
      if (!identifier || textOf(this.source, identifier) !== name) continue;
      if (bindings && bindings.size > 0) return bindings.get(identifier) ?? unknown(this.span(identifier));
      return this.parameter(scope.node, parameter, identifier, parameters!);
    }
    return undefined;
  }

  private parameter(fn: PyNode, parameter: PyNode, identifier: PyNode, list: PyNode): ValueSet {
    const span = this.span(identifier);
    const place = parameterPlace(parameter, list);
    const keywords = splatOf(parameter) === 'kwargs';
    const restAt = callerIndex(this.source, list, place.restAt);
    if ((place.splat && !keywords && restAt === undefined) || this.active.has(identifier)) return unknown(span);
    const name = textOf(this.source, identifier);
    const callers = callersOf(this.source, this.scopes, fn);
    const { owner, calls, importable } = callers;
    // The modules that import it may call it: only the project pass, which reads them, can tell.
    if (importable) this.readsCallers = true;
    const importers = importable ? this.imports?.callsFromImporters?.(this.source, callers.callee ?? fn) : undefined;
    const here = (call: PyNode): ImporterCall => ({ call, source: this.source, evaluate: (node) => this.evaluate(node) });
    const sites = [...calls.map(here), ...(importers?.calls ?? [])];
    const fallback = field(parameter, 'value');
    this.active.add(identifier);
    try {
      const index = callerIndex(this.source, list, place.index);
      return parameterValue<ImporterCall>({
        name,
        ...(owner ? { owner } : {}),
        span,
        ...(index === undefined ? {} : { index }),
        calls: sites,
        calledElsewhere: calledOutside(callers, importers),
        passed: ({ call, source, evaluate }) => {
          if (keywords) return { kind: 'passed', value: this.keywordsLeft(source, call, list, evaluate) };
          if (restAt !== undefined) return this.restPassed(source, call, restAt, evaluate);
          const passed = passedTo(source, call, name, index);
          return 'kind' in passed ? passed : { kind: 'passed', value: evaluate(passed) };
        },
        at: ({ call, source }) => spanOf(source, call),
        fallback: () => (fallback ? this.evaluate(fallback) : undefined),
      });
    } finally {
      this.active.delete(identifier);
    }
  }

  /** What a call gives `*args`: the list of its positional arguments from `index` on. */
  private restPassed(source: PyModule, call: PyNode, index: number, evaluate: (node: PyNode) => ValueSet): PassedValue {
    const from = restArgumentsOf(call, index);
    if (!from) return { kind: 'unknown' };
    const written = from.map((item) => {
      const [inner] = item.type === 'list_splat' ? namedChildren(item) : [item];
      return { value: inner ? evaluate(inner) : unknown(spanOf(source, item)), spread: item.type === 'list_splat', span: spanOf(source, item) };
    });
    return { kind: 'passed', value: single(restList(written, spanOf(source, call))) };
  }

  /** What a call gives `**kwargs`: its keyword arguments that name no other parameter, and what its `**` arguments hold. */
  private keywordsLeft(source: PyModule, call: PyNode, list: PyNode, evaluate: (node: PyNode) => ValueSet): ValueSet {
    const named = new Set(namedChildren(list).flatMap((each) => {
      const identifier = splatOf(each) ? undefined : parameterName(each);
      return identifier ? [textOf(this.source, identifier)] : [];
    }));
    const object = new ObjectBuilder(spanOf(source, call));
    for (const item of namedChildren(field(call, 'arguments')!)) {
      if (item.type === 'dictionary_splat') {
        const [inner] = namedChildren(item);
        object.spread(inner ? evaluate(inner) : unknown(spanOf(source, item)), spanOf(source, item));
        continue;
      }
      const keyword = item.type === 'keyword_argument' ? field(item, 'name') : undefined;
      const value = item.type === 'keyword_argument' ? field(item, 'value') : undefined;
      const written = keyword && textOf(source, keyword);
      if (!written || !value || named.has(written)) continue;
      object.set({ key: written, spelling: written, keySpan: spanOf(source, keyword!), value: evaluate(value) });
    }
    return object.result();
  }

  /** What a binding other than an assignment gives its name: a function, an import, a class. */
  bindingValue(site: PyNode): ValueSet {
    const span = this.span(site);
    const holder = site.parent;
    if (holder && site.field === 'name' && holder.type === 'function_definition') return this.decorated(holder);
    const binding = importBindingOf(this.source, site);
    return binding ? this.imported(binding, span) : unknown(span);
  }

  /**
   * A `def` with its decorators applied, innermost first. A decorator of the
   * project that returns a wrapper (`@audited` whose `wrapper` catches and
   * calls the function) makes the name both: the wrapper runs, its own
   * `except` is the gate's, and what the function returns is what the
   * wrapper hands back. A decorator that cannot be followed leaves the function.
   */
  private decorated(definition: PyNode): ValueSet {
    let value = this.functionValue(definition);
    const holder = definition.parent?.type === 'decorated_definition' ? definition.parent : undefined;
    const decorators = holder ? holder.children.filter((child) => child.type === 'decorator') : [];
    for (const decorator of decorators.reverse()) {
      const [expression] = namedChildren(decorator);
      const local = expression && this.localFunction(expression);
      const helper = local ? { node: local, evaluator: this as Evaluator } : expression && this.importedFunction(expression);
      if (!helper) continue;
      const list = field(helper.node, 'parameters');
      const [first] = list ? namedChildren(list) : [];
      const parameter = first && parameterName(first);
      const wrapped = this.helperResult(helper.node, parameter ? new Map([[parameter, value]]) : new Map(), decorator, helper.evaluator);
      const known = new Set(value.alternatives.map((alternative) => (alternative.kind === 'function' ? alternative.functionId : -1)));
      const wrappers = wrapped.alternatives.filter((result) => result.kind === 'function' && !known.has(result.functionId));
      if (wrappers.length > 0) value = union(value, { alternatives: wrappers });
    }
    return value;
  }

  /** A value imported from another module of the project; the SDK and the standard library are not followed. */
  private imported(binding: ImportBinding, span: Span): ValueSet {
    if (isSdkModule(binding.module) || isStandardModule(binding.module)) return unknown(span);
    this.crossesModules = true;
    return this.imports?.importedValue(this.source.path, binding.module, binding.name, span) ?? unknown(span);
  }

  private attribute(node: PyNode, bindings: Bindings | undefined): ValueSet {
    const object = field(node, 'object');
    const attribute = field(node, 'attribute');
    if (!object || !attribute) return unknown(this.span(node));
    const name = textOf(this.source, attribute);
    // `hooks.guard` of `from . import hooks` or `import agent.hooks as hooks`: that module's binding.
    const receiver = unwrap(object);
    if (receiver.type === 'identifier') {
      const binding = importOfName(this.source, this.scopes, receiver);
      if (binding) {
        const module = binding.name === '*' ? binding.module : joinModule(binding.module, binding.name);
        const read = this.imported({ module, name }, this.span(node));
        // `from config import settings` names a submodule or, as here, a variable of the module:
        // where no submodule gives the attribute a value, it is the attribute of the variable's value.
        if (binding.name === '*' || read.alternatives.some((value) => value.kind !== 'unknown')) return read;
      }
    }
    if (receiver.type === 'identifier') {
      const cls = selfClassOf(this.source, receiver);
      const value = cls && this.field(cls, name, node);
      if (value) return value;
      const named = localClassOf(this.source, this.scopes, receiver);
      const attribute = named && this.classAttribute(named, name, node);
      if (attribute) return attribute;
    }
    const read = { alternatives: propertyOf(this.evaluate(object, bindings), canonicalName(name)).values };
    return receiver.type === 'identifier' ? this.typedRead(receiver, name, read) : read;
  }

  /** `Config.MODE`: the class attribute, with every write through the class's name (see `fieldValue`). */
  private classAttribute(cls: PyNode, name: string, at: PyNode): ValueSet | undefined {
    const initialNode = fieldsOf(this.source, cls).initial.get(name);
    const writes = classWritesOf(this.source, this.scopes, cls).get(name) ?? [];
    const guard = (initialNode ?? writes[0]?.value)?.parent;
    return guard && this.written(initialNode && this.evaluate(initialNode), writes, guard, at);
  }

  /**
   * `settings.permission_mode` of a parameter `settings: Settings` typed as a
   * model class of this module: where no call shows the object, what the
   * class's calls give the field.
   */
  private typedRead(receiver: PyNode, name: string, read: ValueSet): ValueSet {
    if (!read.alternatives.some((value) => value.kind === 'unknown')) return read;
    const cls = this.annotatedClass(receiver);
    const model = cls && modelClassOf(this.source, this.scopes, cls);
    const modelField = model?.fields.get(name);
    if (!modelField) return read;
    return union({ alternatives: read.alternatives.filter((value) => value.kind !== 'unknown') }, this.modelFieldValue(cls!, model!, modelField));
  }

  /** The class of this module a parameter's annotation names: `settings: Settings`. */
  private annotatedClass(identifier: PyNode): PyNode | undefined {
    const scope = this.scopes.resolve(identifier);
    const list = scope?.kind === 'function' ? field(scope.node, 'parameters') : undefined;
    const name = textOf(this.source, identifier);
    const parameter = list && namedChildren(list).find((each) => {
      const declared = parameterName(each);
      return declared && textOf(this.source, declared) === name;
    });
    const type = parameter && field(parameter, 'type');
    const [annotation] = type ? namedChildren(type) : [];
    return annotation && localClassOf(this.source, this.scopes, annotation);
  }

  /**
   * `self.permission_mode` in a method: its class attribute and every write
   * to it in the class (see `fieldValue`); a method is its function;
   * undefined for a field the class never sets. Read again while its writes are evaluated, it is
   * its initial value.
   */
  private field(cls: PyNode, name: string, at: PyNode, bound?: Bindings): ValueSet | undefined {
    const fields = fieldsOf(this.source, cls);
    // `self.guard`: the method, bound (the hook's own arguments come after `self`); a property's value.
    const method = fields.methods.get(name);
    if (method) return this.isProperty(method) ? this.propertyValue(method, at) : this.functionValue(method);
    const initialNode = fields.initial.get(name);
    const outside = instanceWritesOf(this.source, this.scopes, cls).get(name) ?? [];
    const writes = [...(fields.writes.get(name) ?? []), ...outside];
    // The assignment stands for the field: its value may be a name, whose reads are keyed by their own node.
    const guard = (initialNode ?? writes[0]?.value)?.parent;
    if (!guard) return undefined;
    const model = modelClassOf(this.source, this.scopes, cls);
    const modelField = model?.fields.get(name);
    const initial = modelField ? this.modelFieldValue(cls, model!, modelField) : initialNode && this.fieldDefault(cls, name, initialNode, fields.declared.has(name));
    return this.written(initial, writes, guard, at, bound);
  }

  /**
   * `initial` with `writes` over it (`fieldValue`): `__init__`'s own writes
   * see the arguments `bound` gives its parameters, a method's run later.
   * Read again while its writes are evaluated (`guard`), it is `initial`.
   */
  private written(initial: ValueSet | undefined, writes: readonly SelfWrite[], guard: PyNode, at: PyNode, bound?: Bindings): ValueSet {
    if (this.active.has(guard)) return initial ?? unknown(this.span(at));
    this.active.add(guard);
    try {
      return fieldValue(initial, writes.map((write) => ({ ...write, value: () => this.evaluate(write.value, write.place === 'method' ? undefined : bound) })), this.span(at));
    } finally {
      this.active.delete(guard);
    }
  }

  /** `@property` or `@functools.cached_property`: reading the attribute runs the method. */
  private isProperty(method: PyNode): boolean {
    if (method.type !== 'decorated_definition') return false;
    return method.children.some((child) => {
      const [expression] = child.type === 'decorator' ? namedChildren(child) : [];
      const name = expression && qualifiedName(this.source, this.scopes, expression);
      return name === 'property' || name === 'functools.cached_property';
    });
  }

  /** What a property's method returns, `self` bound to the instance (left unknown). */
  private propertyValue(method: PyNode, at: PyNode): ValueSet {
    const definition = field(method, 'definition');
    const list = definition && field(definition, 'parameters');
    const self = list && namedChildren(list)[0];
    if (!definition || !self) return unknown(this.span(at));
    return this.helperResult(definition, new Map([[self, unknown(this.span(self))]]), at, this);
  }

  /**
   * A model class's field read through `self` or a parameter typed as the
   * class: a constructor parameter, so what the class's calls pass, or its
   * default where they leave it out (see `parameterValue`).
   */
  private modelFieldValue(cls: PyNode, model: ModelClass, modelField: ModelField): ValueSet {
    const fallback = () => this.modelDefault(model, modelField);
    if (!modelField.init) return fallback() ?? unknown(this.span(modelField.at));
    const callers = classCallers(this.source, this.scopes, cls);
    if (callers.importable) this.readsCallers = true;
    const importers = callers.importable ? this.imports?.callsFromImporters?.(this.source, cls) : undefined;
    const here = (call: PyNode): ImporterCall => ({ call, source: this.source, evaluate: (node) => this.evaluate(node) });
    return parameterValue<ImporterCall>({
      name: modelField.name,
      ...(callers.owner ? { owner: callers.owner } : {}),
      span: this.span(modelField.at),
      index: modelField.index,
      calls: [...callers.calls.map(here), ...(importers?.calls ?? [])],
      calledElsewhere: calledOutside(callers, importers),
      passed: ({ call, source, evaluate }) => {
        const passed = passedTo(source, call, modelField.name, modelField.index);
        return 'kind' in passed ? passed : { kind: 'passed', value: evaluate(passed) };
      },
      at: ({ call, source }) => spanOf(source, call),
      fallback,
    });
  }

  /**
   * A model field's default: its value, or what its factory returns.
   * BaseSettings reads the environment first (the field's name, matched in
   * any case), so its default is that variable's fallback.
   */
  private modelDefault(model: ModelClass, modelField: ModelField): ValueSet | undefined {
    const value = modelField.default ? this.evaluate(modelField.default) : modelField.factory ? this.factoryResult(modelField.factory) : undefined;
    if (!value || model.kind !== 'settings') return value;
    return environmentFallback({ name: `${this.envPrefix(model)}${modelField.name.toUpperCase()}`, span: this.span(modelField.at) }, value);
  }

  /** A BaseSettings class's `env_prefix` (matched in any case): its string, or the expression as written when it is not one known string. */
  private envPrefix(model: ModelClass): string {
    if (!model.envPrefix) return '';
    const [only, ...more] = this.evaluate(model.envPrefix).alternatives;
    return only?.kind === 'string' && more.length === 0 ? only.value.toUpperCase() : `{${textOf(this.source, model.envPrefix)}}`;
  }

  /** `default_factory=lambda: [...]`, a function of this module, `list` or `dict`: what calling it gives. */
  private factoryResult(factory: PyNode): ValueSet {
    const span = this.span(factory);
    const name = qualifiedName(this.source, this.scopes, factory);
    if (name === 'list') return single({ kind: 'array', span, elements: [], complete: true });
    if (name === 'dict') return new ObjectBuilder(span).result();
    const target = factory.type === 'lambda' ? factory : this.localFunction(factory);
    return target ? this.helperResult(target, new Map(), factory, this) : unknown(span);
  }

  /**
   * `Session(...)` of a class this module defines: an object of what a read
   * of each attribute sees. A model class's fields are its constructor's
   * parameters: what this call passes, else the default; any other class's
   * attributes are what `self.x` reads see, with `__init__`'s parameters
   * given this call's arguments.
   */
  private instance(cls: PyNode, call: PyNode, bindings: Bindings | undefined, of: Evaluator = this, depth = 0): ValueSet {
    const object = new ObjectBuilder(this.span(call));
    // Attributes may be set where the class does not show it.
    object.incomplete();
    const fields = fieldsOf(of.source, cls);
    const model = modelClassOf(of.source, of.scopes, cls);
    const init = fields.methods.get('__init__');
    // A plain subclass with no `__init__` of its own (`class Local(Settings): ...`): its bases' attributes (the
    // first listed wins, so it is spread last), then its own over them.
    if (!model && !init && depth < maxBaseDepth) {
      for (const base of of.baseClasses(cls).reverse()) object.spread(this.instance(base.cls, call, bindings, base.evaluator, depth + 1), this.span(call));
    }
    const definition = init?.type === 'decorated_definition' ? field(init, 'definition') : init;
    const owner = textOf(of.source, field(cls, 'name')!);
    const bound = definition && !model ? this.bindCall(definition, call, bindings, of, 1, owner) : undefined;
    const names = new Set([...fields.initial.keys(), ...fields.writes.keys(), ...fields.methods.keys(), ...(model?.fields.keys() ?? [])]);
    for (const name of names) {
      const modelField = model?.fields.get(name);
      const value = modelField ? this.passedField(model!, modelField, owner, call, bindings, of) : of.field(cls, name, call, bound);
      if (value) object.set({ key: canonicalName(name), spelling: name, keySpan: modelField ? of.span(modelField.at) : this.span(call), value });
    }
    return object.result();
  }

  /**
   * The classes of the project `cls` (a class of this module) derives from, as listed, defined here or
   * imported, as TypeScript reads `extends`: a base whose `__init__` takes parameters is left out (what
   * a subclass passes it is not followed).
   */
  private baseClasses(cls: PyNode): Array<{ cls: PyNode; evaluator: Evaluator }> {
    const superclasses = field(cls, 'superclasses');
    return (superclasses ? namedChildren(superclasses) : []).flatMap((each) => {
      const local = localClassOf(this.source, this.scopes, each);
      const base = local ? { cls: local, evaluator: this as Evaluator } : this.importedClass(each);
      const init = base && fieldsOf(base.evaluator.source, base.cls).methods.get('__init__');
      const definition = init?.type === 'decorated_definition' ? field(init, 'definition') : init;
      const parameters = definition && field(definition, 'parameters');
      return base && base.cls !== cls && !(parameters && namedChildren(parameters).length > 1) ? [base] : [];
    });
  }

  /**
   * `Settings(...)` of a class another module of the project defines
   * (`from .config import Settings`, or `config.Settings` of `from . import
   * config`), with that module's evaluator.
   */
  private importedClass(callee: PyNode): { cls: PyNode; evaluator: Evaluator } | undefined {
    if (!this.imports?.importedClass) return undefined;
    const node = unwrap(callee);
    const receiver = node.type === 'attribute' ? field(node, 'object') : node;
    const attribute = node.type === 'attribute' ? field(node, 'attribute') : undefined;
    const binding = receiver?.type === 'identifier' ? importOfName(this.source, this.scopes, receiver) : undefined;
    if (!binding || isSdkModule(binding.module) || isStandardModule(binding.module)) return undefined;
    const target = attribute ? (binding.name === '*' ? { module: binding.module, name: textOf(this.source, attribute) } : { module: joinModule(binding.module, binding.name), name: textOf(this.source, attribute) }) : binding;
    if (target.name === '*') return undefined;
    this.crossesModules = true;
    return this.imports.importedClass(this.source.path, target.module, target.name);
  }

  /** The class this module defines at its top level as `name`. */
  definedClass(name: string): PyNode | undefined {
    const sites = this.scopes.module.bindings.get(name);
    const site = sites?.length === 1 ? sites[0] : undefined;
    return site?.parent?.type === 'class_definition' && field(site.parent, 'name') === site ? site.parent : undefined;
  }

  /** What one call of a model class gives a field: the argument, else the default (`of` reads the class), which names the field. */
  private passedField(model: ModelClass, modelField: ModelField, owner: string, call: PyNode, bindings: Bindings | undefined, of: Evaluator = this): ValueSet {
    const passed: PassedValue | PyNode = modelField.init ? passedTo(this.source, call, modelField.name, modelField.index) : { kind: 'omitted' };
    if (!('kind' in passed)) return this.evaluate(passed, bindings);
    const fallback = passed.kind === 'omitted' ? of.modelDefault(model, modelField) : undefined;
    if (!fallback) return unknown(this.span(call));
    return withOrigin(fallback, { kind: 'default', name: modelField.name, owner, span: of.span(modelField.at) });
  }

  /**
   * A class attribute's value. A typed one is a model field (dataclass,
   * pydantic, attrs): the constructor call may pass another value, so it
   * "can be" the default, which names the field as the constructor's parameter.
   */
  private fieldDefault(cls: PyNode, name: string, initial: PyNode, declared: boolean): ValueSet {
    const value = this.evaluate(initial);
    if (!declared) return value;
    const className = field(cls, 'name');
    const owner = className ? textOf(this.source, className) : undefined;
    return union(withOrigin(value, { kind: 'default', name, ...(owner ? { owner } : {}), span: this.span(initial) }), unknown(this.span(initial)));
  }

  private subscript(node: PyNode, bindings: Bindings | undefined): ValueSet {
    const value = field(node, 'value');
    const key = field(node, 'subscript');
    const name = key && stringValue(this.source, key);
    const constant = key && name === undefined ? this.constantName(key) : undefined;
    if (!value || (name === undefined && constant === undefined)) return unknown(this.span(node));
    return { alternatives: propertyOf(this.evaluate(value, bindings), constant ?? hookOutputKey(name!)).values };
  }

  /** `Mode.AUTO` as a key: the key of a constant's name (`constantKey`). */
  private constantName(node: PyNode): string | undefined {
    const key = unwrap(node);
    return key.type === 'attribute' && /^[\w.]+$/.test(textOf(this.source, key)) ? constantKey(textOf(this.source, key)) : undefined;
  }

  private call(node: PyNode, bindings: Bindings | undefined): ValueSet {
    const span = this.span(node);
    const callee = field(node, 'function');
    if (!callee) return unknown(span);
    const name = qualifiedName(this.source, this.scopes, callee);
    const sdkName = name && sdkExport(name);
    if (sdkName && (optionsClasses.has(sdkName) || Object.hasOwn(positional, sdkName) || sdkName === 'AgentDefinition' || Object.hasOwn(behaviors, sdkName))) {
      this.note([node]);
      return this.construct(node, sdkName, bindings);
    }
    const environment = environmentRead(this.source, this.scopes, node);
    if (environment) return environment.fallback ? environmentFallback(environment.read, this.evaluate(environment.fallback, bindings)) : unknown(span);
    const lookup = this.lookup(node, callee, bindings);
    if (lookup) return lookup;
    switch (name) {
      case 'dataclasses.replace':
        return this.replace(node, bindings);
      case 'copy.copy':
      case 'copy.deepcopy':
      case 'types.MappingProxyType':
      case 'functools.partial':
      case 'list':
      case 'tuple': {
        const [first] = this.argumentsOf(node).positional;
        return first ? this.evaluate(first, bindings) : unknown(span);
      }
      case 'dict':
        return this.construct(node, undefined, bindings);
      default:
        break;
    }
    // `base.copy()`: the same value.
    if (callee.type === 'attribute' && field(callee, 'attribute') && textOf(this.source, field(callee, 'attribute')!) === 'copy') {
      const receiver = field(callee, 'object');
      if (receiver && this.argumentsOf(node).positional.length === 0) return this.evaluate(receiver, bindings);
    }
    const cls = localClassOf(this.source, this.scopes, unwrap(callee));
    if (cls) return this.instance(cls, node, bindings);
    const importedClass = this.importedClass(callee);
    if (importedClass) return this.instance(importedClass.cls, node, bindings, importedClass.evaluator);
    const target = this.localFunction(callee);
    if (target) return this.returnValue(target, node, bindings);
    const imported = this.importedFunction(callee);
    return imported ? this.returnValue(imported.node, node, bindings, imported.evaluator) : unknown(span);
  }

  /** `config.get(Key.MODE, DEFAULTS[Key.MODE])` on a dict: the value at the key, or the fallback (`lookupWithFallback`). */
  private lookup(node: PyNode, callee: PyNode, bindings: Bindings | undefined): ValueSet | undefined {
    const method = callee.type === 'attribute' ? field(callee, 'attribute') : undefined;
    const receiver = field(callee, 'object');
    if (!method || !receiver || textOf(this.source, method) !== 'get') return undefined;
    // `requests.get(url, params)`: a module's function, not a lookup.
    if (unwrap(receiver).type === 'identifier' && importOfName(this.source, this.scopes, unwrap(receiver))?.name === '*') return undefined;
    const { positional, keywords, splats } = this.argumentsOf(node);
    const [key, fallback] = positional;
    if (!key || !fallback || positional.length > 2 || keywords.length + splats.length > 0) return undefined;
    const text = stringValue(this.source, key);
    const found = {
      container: this.evaluate(receiver, bindings),
      key: text === undefined ? this.constantName(key) : hookOutputKey(text),
      name: lookupName(textOf(this.source, receiver), textOf(this.source, key)),
      span: this.span(node),
    };
    return lookupWithFallback(found, this.evaluate(fallback, bindings));
  }

  /** A function of another module of the project that a call names: `make_guard` of `from .hooks import make_guard`. */
  importedFunction(callee: PyNode): { node: PyNode; evaluator: Evaluator } | undefined {
    if (!this.imports?.evaluatorOf) return undefined;
    const values = ['identifier', 'attribute'].includes(unwrap(callee).type) ? this.evaluate(callee).alternatives : [];
    const [only] = values;
    const entry = values.length === 1 && only?.kind === 'function' ? this.functions.entry(only.functionId) : undefined;
    const evaluator = entry && entry.module !== this.source ? this.imports.evaluatorOf(entry.module) : undefined;
    return evaluator && entry ? { node: entry.node, evaluator } : undefined;
  }

  /**
   * An object built from keyword arguments: an SDK constructor (keys under
   * the TypeScript SDK's names) or `dict(...)` (keys as written).
   */
  private construct(call: PyNode, sdkName: string | undefined, bindings: Bindings | undefined, skip = 0): ValueSet {
    const object = new ObjectBuilder(this.span(call), sdkName);
    const keyOf = sdkName ? canonicalName : hookOutputKey;
    const behavior = sdkName && Object.hasOwn(behaviors, sdkName) ? behaviors[sdkName] : undefined;
    if (behavior) {
      const at = this.span(field(call, 'function') ?? call);
      object.set({ key: 'behavior', spelling: 'behavior', keySpan: at, value: single({ kind: 'string', value: behavior, span: at }) });
    }
    const { positional: args, keywords, splats } = this.argumentsOf(call);
    const names = sdkName && Object.hasOwn(positional, sdkName) ? positional[sdkName] : undefined;
    args.slice(skip).forEach((argument, index) => {
      const name = names?.[index];
      if (sdkName === undefined && index === 0) object.spread(this.evaluate(argument, bindings), this.span(argument));
      else if (name) object.set({ key: name, spelling: name, keySpan: this.span(argument), value: this.evaluate(argument, bindings) });
      else object.incomplete();
    });
    for (const item of [...keywords, ...splats].sort((a, b) => a.start - b.start)) {
      if (item.type === 'dictionary_splat') {
        const [inner] = namedChildren(item);
        const spread = inner ? rekey(this.evaluate(inner, bindings), keyOf) : unknown(this.span(item));
        object.spread(spread, this.span(item));
        continue;
      }
      const keyword = field(item, 'name');
      const value = field(item, 'value');
      if (!keyword || !value) continue;
      const written = textOf(this.source, keyword);
      const key = keyOf(written);
      object.set({ key, spelling: written, keySpan: this.span(keyword), value: this.evaluate(value, bindings) });
    }
    return object.result();
  }

  /** `dataclasses.replace(base, **changes)`: a copy of `base` with the changes over it. */
  private replace(call: PyNode, bindings: Bindings | undefined): ValueSet {
    const [base] = this.argumentsOf(call).positional;
    if (!base) return unknown(this.span(call));
    const original = this.evaluate(base, bindings);
    const [first] = original.alternatives;
    const same = original.alternatives.every((value) => value.kind === 'object' && value.constructedBy === (first as ObjectValue).constructedBy);
    const constructedBy = same ? (first as ObjectValue).constructedBy : undefined;
    const object = new ObjectBuilder(this.span(call), constructedBy);
    object.spread(original, this.span(base));
    this.note([call]);
    object.spread(this.construct(call, constructedBy ?? 'replace', bindings, 1), this.span(call));
    return object.result();
  }

  argumentsOf(call: PyNode): { positional: PyNode[]; keywords: PyNode[]; splats: PyNode[] } {
    const list = field(call, 'arguments');
    const items = list && list.type === 'argument_list' ? namedChildren(list) : [];
    return {
      positional: items.filter((item) => item.type !== 'keyword_argument' && item.type !== 'dictionary_splat' && item.type !== 'list_splat'),
      keywords: items.filter((item) => item.type === 'keyword_argument'),
      splats: items.filter((item) => item.type === 'dictionary_splat'),
    };
  }

  /** A class of this module that a call names, bound once: `Policy` of `Policy()`. */
  /** A function of this module that a call names: a `def`, a variable bound to a lambda, a method (`self.matcher`, `policy.matcher`). */
  localFunction(callee: PyNode): PyNode | undefined {
    const values = ['identifier', 'attribute'].includes(unwrap(callee).type) ? this.evaluate(callee).alternatives : [];
    const [only] = values;
    if (values.length !== 1 || only?.kind !== 'function') return undefined;
    return this.functionNode(only.functionId);
  }

  private functionNode(id: number): PyNode | undefined {
    const entry = this.functions.entry(id);
    return entry && entry.module === this.source ? entry.node : undefined;
  }

  /**
   * What a helper returns for these arguments: `make_options("bypassPermissions")`.
   * The arguments are this module's; the helper's defaults and body are its
   * own module's (`owner`).
   */
  private returnValue(target: PyNode, call: PyNode, bindings: Bindings | undefined, owner: Evaluator = this): ValueSet {
    if (owner.active.has(target) || this.spending.helperSpent()) return unknown(this.span(call));
    owner.note([target]);
    return this.helperResult(target, this.bindCall(target, call, bindings, owner), call, owner);
  }

  /** The parameters of `target` bound to what `call` passes, the first `skip` (`self`) left out. */
  private bindCall(target: PyNode, call: PyNode, bindings: Bindings | undefined, owner: Evaluator, skip = 0, constructed?: string): Bindings {
    const bound: Bindings = new Map();
    const { positional: args, keywords } = this.argumentsOf(call);
    const list = field(target, 'parameters');
    // A method called on its instance or class (`policy.matcher()`): Python passes its first parameter.
    const method = unwrap(field(call, 'function') ?? call).type === 'attribute' && isBoundMethod(owner.source, target);
    const passed = method ? Math.max(skip, 1) : skip;
    const parameters = list ? namedChildren(list) : [];
    parameters.forEach((parameter, at) => {
      const index = at - passed;
      if (index < 0) return;
      const identifier = parameterName(parameter);
      if (!identifier) return;
      if (splatOf(parameter) === 'kwargs') {
        // `**overrides`: the keywords this call passes that name no other parameter.
        bound.set(identifier, owner.keywordsLeft(this.source, call, list!, (node) => this.evaluate(node, bindings)));
        return;
      }
      if (splatOf(parameter) === 'args') {
        // `*names`: the positional arguments from its place on, as the calls' own values.
        const rest = this.restPassed(this.source, call, index, (node) => this.evaluate(node, bindings));
        bound.set(identifier, rest.kind === 'passed' ? rest.value : unknown(owner.span(identifier)));
        return;
      }
      const name = textOf(owner.source, identifier);
      const keyword = keywords.find((item) => field(item, 'name') && textOf(this.source, field(item, 'name')!) === name);
      const argument = keyword ? field(keyword, 'value') : args[index];
      const fallback = field(parameter, 'value');
      if (argument) bound.set(identifier, this.evaluate(argument, bindings));
      else if (fallback) {
        // A constructor's default names its class (`constructed`), as a model class's field default does.
        const value = owner.evaluate(fallback);
        bound.set(identifier, constructed === undefined ? value : withOrigin(value, { kind: 'default', name, owner: constructed, span: owner.span(identifier) }));
      }
      // Bound all the same, so the parameter is not looked up through the function's other calls.
      else bound.set(identifier, unknown(owner.span(identifier)));
    });
    return bound;
  }

  /** What `target` (a function of `owner`'s module) returns with its parameters bound. */
  private helperResult(target: PyNode, bound: Bindings, call: PyNode, owner: Evaluator): ValueSet {
    if (owner.active.has(target) || this.spending.helperSpent()) return unknown(this.span(call));
    if (owner !== this) this.crossesModules = true;
    owner.active.add(target);
    try {
      return this.spending.inHelper(() => {
        const body = field(target, 'body');
        if (!body) return unknown(this.span(call));
        if (target.type === 'lambda') return owner.evaluate(body, bound);
        const values = returnStatements(body).map((statement) => {
          const [expression] = namedChildren(statement);
          return expression ? owner.evaluate(expression, bound) : single({ kind: 'undefined', span: owner.span(statement) });
        });
        return values.length > 0 ? unionOf(values) : single({ kind: 'undefined', span: owner.span(target) });
      });
    } finally {
      owner.active.delete(target);
    }
  }

  /** The value of module-level `name` once the module has run: what `from module import name` gets. */
  exported(name: string, span: Span): ValueSet {
    if (this.scopes.module.bindings.has(name)) return this.nameValue(this.scopes.module, name, undefined) ?? unknown(span);
    // `from .config import *` (a package's `__init__.py`): a public name of a module imported so, the last one first.
    if (name.startsWith('_')) return unknown(span);
    for (const module of starImports(this.source).reverse()) {
      const value = this.imported({ module, name }, span);
      if (value.alternatives.some((each) => each.kind !== 'unknown')) return value;
    }
    return unknown(span);
  }
}

/** `if v is not None` or `if v`: a filter that keeps every value that is set. */
function dropsNone(source: PyModule, clause: PyNode, name: string): boolean {
  const [condition] = namedChildren(clause);
  if (!condition) return false;
  if (condition.type === 'identifier') return textOf(source, condition) === name;
  const operands = condition.type === 'comparison_operator' ? namedChildren(condition) : [];
  const operators = condition.children.filter((child) => !child.named).map((child) => child.type);
  return operands.length === 2 && textOf(source, operands[0]!) === name && operands[1]!.type === 'none' && operators.join(' ') === 'is not';
}

/** The SDK export a qualified name refers to: `claude_agent_sdk.types.HookMatcher` → `HookMatcher`. */
export function sdkExport(qualified: string): string | undefined {
  const dot = qualified.lastIndexOf('.');
  return dot > 0 && isSdkModule(qualified.slice(0, dot)) ? qualified.slice(dot + 1) : undefined;
}

/** The same objects with their keys renamed: a dict of keyword arguments spread into a constructor. */
function rekey(set: ValueSet, keyOf: (written: string) => string): ValueSet {
  return {
    alternatives: set.alternatives.map((value) => {
      if (value.kind !== 'object' || value.constructedBy) return value;
      const properties = new Map<string, Property>();
      for (const property of value.properties.values()) {
        const key = keyOf(property.spelling);
        properties.set(key, { ...property, key });
      }
      return { ...value, properties };
    }),
  };
}

function functionsAt(set: ValueSet, span: Span): ValueSet {
  if (!set.alternatives.some((value) => value.kind === 'function')) return set;
  return { alternatives: set.alternatives.map((value) => (value.kind === 'function' ? { ...value, span } : value)) };
}

/** The return statements of a body, not of the functions nested in it. */
export function returnStatements(body: PyNode): PyNode[] {
  const found: PyNode[] = [];
  walk(body, (node) => {
    if (node !== body && (isFunction(node) || node.type === 'class_definition')) return false;
    if (node.type === 'return_statement') found.push(node);
    return true;
  });
  return found.sort((a, b) => a.start - b.start);
}
