import ts from './compiler.cjs';
import { isArrayBindingPattern, isArrayLiteralExpression, isArrowFunction, isBinaryExpression, isBindingElement, isBlock, isCallExpression, isClassDeclaration, isClassLike, isComputedPropertyName, isConditionalExpression, isConstructorDeclaration, isElementAccessExpression, isFunctionDeclaration, isFunctionExpression, isForOfStatement, isFunctionLike, isGetAccessorDeclaration, isIdentifier, isMethodDeclaration, isNewExpression, isNumericLiteral, isObjectBindingPattern, isObjectLiteralExpression, isOmittedExpression, isParameter, isPropertyAccessExpression, isPropertyAssignment, isPropertyDeclaration, isReturnStatement, isShorthandPropertyAssignment, isSpreadAssignment, isSpreadElement, isStringLiteralLike, isTemplateExpression, isVariableDeclaration, isVariableStatement, isVoidExpression, SyntaxKind } from './syntax.js';
import { Spending } from '../core/budget.js';
import { appendAt, assignAt, emptyObject, handedToCall, joinArrays, single, spliceAt, union, unionOf, unknown, withOrigin, withoutKeys, type PathStep } from '../../model/build.js';
import { ObjectBuilder } from '../../model/object-builder.js';
import type { ArrayValue, Span, Value, ValueOrigin, ValueSet } from '../../model/types.js';
import { propertyOf } from '../../model/values.js';
import { calledOutside, constantKey, environmentFallback, parameterValue, readFallback, type ImporterCalls } from '../core/value-sources.js';
import { environmentRead } from './environment.js';
import { lookupName, lookupWithFallback, type KeyLookup } from '../core/lookups.js';
import { fieldValue, type FieldWrite } from '../core/fields.js';
import { copiedList, loopElements, restList, spreadArguments } from '../core/loops.js';
import { instanceWritesOf, staticWritesOf, thisWritesOf, thisWritesOfKey, type ThisWrite } from './fields.js';
import { argumentAt, callersOf, enclosingFunction, restArgumentsAt } from './parameters.js';
import { declaredKeys } from './declared-keys.js';
import { assignedOnEveryBranch, indexAssignments, isUnconditional, type Assignment } from './assignments.js';
import { importOf } from './imports.js';
import { spanOf, staticName, unwrap } from './parse.js';
import type { Scopes } from './scope.js';
import { isSdkModule } from './sdk.js';
import { walk } from './walk.js';

export type FunctionNode = ts.FunctionLikeDeclaration;

/** Hands out model ids for functions met while evaluating. */
export interface FunctionTable {
  idOf(node: FunctionNode): number;
  /** The function an id stands for. */
  nodeOf?(id: number): FunctionNode | undefined;
}

/** Follows imports to the values other modules export (scan's project pass). */
export interface ImportResolver {
  /** What `module`, imported from `fromFile`, exports as `name` (`default`, or `*` for the module itself). */
  importedValue(fromFile: string, module: string, name: string, span: Span): ValueSet;
  /** The calls of `fn`, exported, in the other modules of the analysis that import it; undefined when imports are not followed. */
  callsFromImporters?(fn: ts.SignatureDeclaration): ImporterCalls<ImporterCall> | undefined;
  /** The evaluator of another file of the project, to work out what its helpers return. */
  evaluatorOf?(file: ts.SourceFile): Evaluator | undefined;
  /** The class `module`, imported from `fromFile`, exports as `name`, with its file's evaluator. */
  importedClass?(fromFile: string, module: string, name: string): { cls: ts.ClassDeclaration; evaluator: Evaluator } | undefined;
}

/** A call of a function in another module, with that module's evaluator for its arguments. */
export interface ImporterCall {
  call: ts.CallExpression | ts.NewExpression;
  evaluate(expression: ts.Expression): ValueSet;
}

/** Arguments bound to parameters while evaluating a helper's return value. */
type Bindings = Map<ts.Node, ValueSet>;

/**
 * Evaluates expressions to value sets within one file. Anything it cannot
 * see (imports, parameters, calls it does not model) is `unknown`.
 */
export class Evaluator {
  private assignments?: Map<string, Assignment[]>;
  private readonly cache = new Map<ts.Node, ValueSet>();
  private readonly active = new Set<ts.Node>();
  /** For each cached variable: the declarations and helpers its value came through. */
  private readonly sources = new Map<ts.Node, Set<ts.Node>>();
  private readonly spending = new Spending();
  /** Set once a value came through an import of another module of the project. */
  crossesModules = false;
  /**
   * Set once a value read a parameter of an exported function: the calls of
   * the modules that import it give it its value in the project pass. The
   * project decides whether that matters (see `analyze`).
   */
  readsCallers = false;

  constructor(
    private readonly file: ts.SourceFile,
    readonly scopes: Scopes,
    private readonly functions: FunctionTable,
    private readonly imports?: ImportResolver,
    /** Shared by the evaluators of one project: a value may come through several files. */
    private readonly traces: Array<Set<ts.Node>> = [],
  ) {}

  /** Evaluate, and say which variables and helper functions the value came through. */
  traced(expression: ts.Expression): { value: ValueSet; through: Set<ts.Node> } {
    const through = new Set<ts.Node>();
    this.traces.push(through);
    try {
      return { value: this.evaluate(expression), through };
    } finally {
      this.traces.pop();
    }
  }

  private note(nodes: Iterable<ts.Node>): void {
    for (const trace of this.traces) for (const node of nodes) trace.add(node);
  }

  evaluate(expression: ts.Expression, bindings?: Bindings): ValueSet {
    if (!this.spending.enter()) return unknown(spanOf(expression));
    try {
      return this.evaluateNode(unwrap(expression), bindings);
    } finally {
      this.spending.leave();
    }
  }

  /** Each kind works out its own span, so the many that do not need the node's own do not pay for it. */
  private evaluateNode(node: ts.Expression, bindings: Bindings | undefined): ValueSet {
    if (isStringLiteralLike(node)) return single({ kind: 'string', value: node.text, span: spanOf(node), literal: true });
    if (isNumericLiteral(node)) return single({ kind: 'number', value: Number(node.text), span: spanOf(node) });
    if (node.kind === SyntaxKind.TrueKeyword || node.kind === SyntaxKind.FalseKeyword) {
      return single({ kind: 'boolean', value: node.kind === SyntaxKind.TrueKeyword, span: spanOf(node) });
    }
    if (node.kind === SyntaxKind.NullKeyword) return single({ kind: 'null', span: spanOf(node) });
    if (isVoidExpression(node)) return single({ kind: 'undefined', span: spanOf(node) });
    if (isTemplateExpression(node)) return this.template(node, bindings);
    if (isArrayLiteralExpression(node)) return single(this.array(node, bindings));
    if (isObjectLiteralExpression(node)) return this.object(node, bindings);
    if (isArrowFunction(node) || isFunctionExpression(node)) return this.functionValue(node);
    if (isConditionalExpression(node)) {
      return union(this.evaluate(node.whenTrue, bindings), this.evaluate(node.whenFalse, bindings));
    }
    if (isBinaryExpression(node)) return this.binary(node, bindings);
    // A function is reported where it is handed over, not where it is declared.
    if (isIdentifier(node)) return functionsAt(this.identifier(node, bindings), node);
    if (isPropertyAccessExpression(node) || isElementAccessExpression(node)) {
      return functionsAt(this.member(node, bindings), node);
    }
    if (isCallExpression(node)) return this.call(node, bindings);
    if (isNewExpression(node)) return this.construct(node);
    return unknown(spanOf(node));
  }

  private template(node: ts.TemplateExpression, bindings: Bindings | undefined): ValueSet {
    let text = node.head.text;
    for (const part of node.templateSpans) {
      const values = this.evaluate(part.expression, bindings).alternatives;
      const only = values.length === 1 ? values[0] : undefined;
      if (!only || (only.kind !== 'string' && only.kind !== 'number')) return unknown(spanOf(node));
      text += String(only.value) + part.literal.text;
    }
    return single({ kind: 'string', value: text, span: spanOf(node) });
  }

  private array(node: ts.ArrayLiteralExpression, bindings: Bindings | undefined): ArrayValue {
    const array: ArrayValue = { kind: 'array', span: spanOf(node), elements: [], complete: true };
    for (const element of node.elements) {
      if (isOmittedExpression(element)) continue;
      if (!isSpreadElement(element)) {
        array.elements.push(this.evaluate(element, bindings));
        continue;
      }
      for (const spread of this.evaluate(element.expression, bindings).alternatives) {
        if (spread.kind === 'array') {
          // One by one: spreading a very long array into push's arguments overflows the stack.
          for (const spreadElement of spread.elements) array.elements.push(spreadElement);
          array.complete &&= spread.complete;
        } else if (spread.kind === 'unknown') array.complete = false;
      }
    }
    return array;
  }

  private object(node: ts.ObjectLiteralExpression, bindings: Bindings | undefined): ValueSet {
    const object = new ObjectBuilder(spanOf(node));
    for (const member of node.properties) {
      if (isSpreadAssignment(member)) {
        object.spread(this.evaluate(member.expression, bindings), spanOf(member));
        continue;
      }
      const name = member.name && (staticName(member.name) ?? constantName(member.name));
      if (name === undefined) {
        object.incomplete();
        continue;
      }
      const value = isPropertyAssignment(member)
        ? this.evaluate(member.initializer, bindings)
        : isShorthandPropertyAssignment(member)
          ? this.identifier(member.name, bindings)
          : isMethodDeclaration(member)
            ? this.functionValue(member)
            : unknown(spanOf(member));
      object.set({ key: name, spelling: name, keySpan: spanOf(member.name!), value });
    }
    return object.result();
  }

  functionValue(node: FunctionNode): ValueSet {
    return single({ kind: 'function', functionId: this.functions.idOf(node), span: spanOf(node) });
  }

  private binary(node: ts.BinaryExpression, bindings: Bindings | undefined): ValueSet {
    const operator = node.operatorToken.kind;
    if (operator === SyntaxKind.BarBarToken || operator === SyntaxKind.QuestionQuestionToken) {
      const read = environmentRead(node.left, this.scopes);
      if (read) return environmentFallback(read, this.evaluate(node.right, bindings));
      const lookup = operator === SyntaxKind.QuestionQuestionToken ? this.keyLookup(node.left, bindings) : undefined;
      if (lookup) return lookupWithFallback(lookup, this.evaluate(node.right, bindings), true);
      return readFallback(this.evaluate(node.left, bindings), node.left.getText(this.file), spanOf(node.left), this.evaluate(node.right, bindings));
    }
    if (operator === SyntaxKind.AmpersandAmpersandToken) {
      // `cond && value`: the value, or nothing (spreading `false` adds nothing).
      return union(this.evaluate(node.right, bindings), single({ kind: 'undefined', span: spanOf(node.left) }));
    }
    return unknown(spanOf(node));
  }

  /** `config[Key.Mode]` before `??`: a lookup whose fallback names it (`lookupWithFallback`). */
  private keyLookup(left: ts.Expression, bindings: Bindings | undefined): KeyLookup | undefined {
    const node = unwrap(left);
    if (!isElementAccessExpression(node)) return undefined;
    const key = unwrap(node.argumentExpression);
    const name = lookupName(node.expression.getText(), key.getText());
    return { container: this.evaluate(node.expression, bindings), key: isStringLiteralLike(key) ? key.text : constantName(key), name, span: spanOf(node) };
  }

  private identifier(node: ts.Identifier, bindings: Bindings | undefined): ValueSet {
    const declaration = this.scopes.resolve(node);
    if (!declaration) return node.text === 'undefined' ? single({ kind: 'undefined', span: spanOf(node) }) : unknown(spanOf(node));
    const bound = bindings?.get(declaration);
    if (bound) return bound;
    if (isFunctionDeclaration(declaration)) return declaration.body ? this.functionValue(declaration) : unknown(spanOf(node));
    if (isVariableDeclaration(declaration)) return this.variable(declaration);
    if (isParameter(declaration)) return this.parameter(declaration);
    const imported = this.imported(declaration, node);
    if (imported) return imported;
    if (isBindingElement(declaration)) return this.bindingElement(declaration, bindings);
    return unknown(spanOf(node));
  }

  /** A binding imported from another module of the project; unknown when imports are not followed. */
  private imported(declaration: ts.Node, at: ts.Node, name?: string): ValueSet | undefined {
    const binding = importOf(declaration);
    if (!binding || isSdkModule(binding.module)) return undefined;
    if (name !== undefined && binding.name !== '*') return undefined;
    this.crossesModules = true;
    this.note([declaration]);
    const span = spanOf(at);
    return this.imports?.importedValue(this.file.fileName, binding.module, name ?? binding.name, span) ?? unknown(span);
  }

  /** A variable's initial value, with the later writes to it in the same file. */
  private variable(declaration: ts.VariableDeclaration): ValueSet {
    const cached = this.cache.get(declaration);
    if (cached) {
      this.note(this.sources.get(declaration)!);
      return cached;
    }
    if (this.active.has(declaration)) return unknown(spanOf(declaration.name));
    this.active.add(declaration);
    const cutShortBefore = this.spending.cutShort;
    const through = new Set<ts.Node>([declaration]);
    this.traces.push(through);
    try {
      const loop = forOfLoop(declaration);
      const initial = declaration.initializer
        ? this.evaluate(declaration.initializer)
        : loop
          ? loopElements(this.evaluate(loop.expression), spanOf(declaration.name))
          : isAmbient(declaration)
            ? unknown(spanOf(declaration.name))
            : single({ kind: 'undefined', span: spanOf(declaration.name) });
      const value = this.applyWrites(declaration, initial);
      // A value a budget cut short is worked out afresh at its next use.
      if (this.spending.cutShort === cutShortBefore) {
        this.cache.set(declaration, value);
        this.sources.set(declaration, through);
      }
      return value;
    } finally {
      this.traces.pop();
      this.active.delete(declaration);
      this.note(through);
    }
  }

  /**
   * A parameter outside a helper's evaluation: what the calls of its
   * function pass, or its default (see `parameterValue`).
   */
  private parameter(parameter: ts.ParameterDeclaration): ValueSet {
    const cached = this.cache.get(parameter);
    if (cached) return cached;
    if (this.active.has(parameter)) return unknown(spanOf(parameter.name));
    const fn = parameter.parent;
    const index = fn.parameters.indexOf(parameter);
    const rest = !!parameter.dotDotDotToken;
    const walked = index === 0 && !rest ? walkedList(fn) : undefined;
    if (walked) return loopElements(this.evaluate(walked), spanOf(parameter.name));
    // A `this` parameter is a type annotation, not an argument a caller passes.
    const passedAt = fn.parameters[0] && isIdentifier(fn.parameters[0].name) && fn.parameters[0].name.text === 'this' ? index - 1 : index;
    const callers = callersOf(fn, this.scopes);
    const { owner, calls, exported } = callers;
    // The modules that import it may call it: only the project pass, which reads them, can tell.
    if (exported) this.readsCallers = true;
    const importers = exported ? this.imports?.callsFromImporters?.(fn) : undefined;
    const here = (call: ts.CallExpression | ts.NewExpression): ImporterCall => ({ call, evaluate: (expression) => this.evaluate(expression) });
    const sites = [...calls.map(here), ...(importers?.calls ?? [])];
    const cutShortBefore = this.spending.cutShort;
    this.active.add(parameter);
    try {
      const value = parameterValue<ImporterCall>({
        name: isIdentifier(parameter.name) ? parameter.name.text : 'options',
        ...(owner ? { owner } : {}),
        span: spanOf(parameter.name),
        // A rest parameter is no one argument a caller passes.
        ...(rest ? {} : { index: passedAt }),
        calls: sites,
        calledElsewhere: calledOutside(callers, importers),
        passed: ({ call, evaluate }) => {
          if (rest) {
            const value = this.restValue(call.arguments ?? [], passedAt, spanOf(call), evaluate);
            return value.alternatives.every((one) => one.kind === 'unknown') ? { kind: 'unknown' } : { kind: 'passed', value };
          }
          const argument = argumentAt(call, passedAt);
          if (!argument) return { kind: 'unknown' };
          return argument.expression ? { kind: 'passed', value: evaluate(argument.expression) } : { kind: 'omitted' };
        },
        at: ({ call }) => spanOf(call),
        fallback: () => (parameter.initializer ? this.evaluate(parameter.initializer) : undefined),
      });
      typedByDeclaration(value, parameter);
      if (this.spending.cutShort === cutShortBefore) this.cache.set(parameter, value);
      return value;
    } finally {
      this.active.delete(parameter);
    }
  }

  private applyWrites(declaration: ts.VariableDeclaration, initial: ValueSet): ValueSet {
    if (!isIdentifier(declaration.name)) return initial;
    this.assignments ??= indexAssignments(this.file);
    const writes = (this.assignments.get(declaration.name.text) ?? []).filter((write) => this.scopes.resolve(write.root) === declaration);
    // `let reason;` then an if/else that assigns it in every branch: after that, the value is always set.
    let value = !declaration.initializer && assignedOnEveryBranch(writes, declaration) ? { alternatives: [] } : initial;
    for (const write of writes) {
      const unconditional = isUnconditional(write, declaration);
      const origin = unconditional ? undefined : writeOrigin(write, declaration);
      // `allowed = [...allowed, 'Read']`: the variable read in its own write is its value before it, as in Python.
      const before: Bindings = new Map([[declaration, value]]);
      const evaluated = write.values.flatMap((expression) =>
        isSpreadElement(expression) ? spreadArguments(this.evaluate(expression.expression, before), spanOf(expression)) : [this.evaluate(expression, before)],
      );
      const values = origin ? evaluated.map((value) => withOrigin(value, origin)) : evaluated;
      if (write.kind === 'append') value = appendAt(value, write.path, values);
      else if (write.kind === 'merge') value = mergeAt(value, write.path, values, unconditional);
      else if (write.kind === 'splice') value = spliceAt(value, write.path, values);
      else if (write.kind === 'handed') value = handedToCall(value, write.path, spanOf(write.root));
      else value = assignAt(value, write.path, values[0]!, unconditional);
    }
    return value;
  }

  /** `const { permissionMode } = base`: the matching part of the initializer; `{ prompt, ...options }`: the rest of it. */
  private bindingElement(element: ts.BindingElement, bindings: Bindings | undefined): ValueSet {
    const path: string[] = [];
    let node: ts.Node = element;
    // The rest of an object pattern is its object without the keys named beside it.
    const omitted = element.dotDotDotToken ? keysBeside(element) : undefined;
    if (element.dotDotDotToken) {
      if (!omitted) return unknown(spanOf(element));
      node = element.parent.parent;
    }
    while (isBindingElement(node)) {
      const pattern: ts.BindingPattern = node.parent;
      if (isArrayBindingPattern(pattern)) return unknown(spanOf(element));
      const key = staticName(node.propertyName ?? node.name);
      if (key === undefined || node.dotDotDotToken) return unknown(spanOf(element));
      path.unshift(key);
      node = pattern.parent;
    }
    const root = isParameter(node) ? (bindings?.get(node) ?? this.parameter(node)) : isVariableDeclaration(node) && node.initializer ? this.evaluate(node.initializer, bindings) : undefined;
    if (!root) return unknown(spanOf(element));
    // Each part keeps where its object came from (a call's argument, the parameter's default), under its own name.
    const set = unionOf(
      root.alternatives.map(({ origin, ...object }) => {
        let part: ValueSet = single(object as Value);
        for (const key of path) part = { alternatives: propertyOf(part, key).values };
        if (omitted) part = withoutKeys(part, omitted);
        return origin ? withOrigin(part, { ...origin, name: omitted && isIdentifier(element.name) ? element.name.text : path[path.length - 1]! }) : part;
      }),
    );
    return element.initializer ? this.withDefault(set, element, isParameter(node) ? node.parent : undefined, bindings) : set;
  }

  /** `{ mode = 'default' }`: where the property is not set, the default; a parameter's names where it comes from. */
  private withDefault(set: ValueSet, element: ts.BindingElement, fn: ts.SignatureDeclaration | undefined, bindings: Bindings | undefined): ValueSet {
    if (!set.alternatives.some((value) => value.kind === 'absent' || value.kind === 'undefined')) return set;
    let fallback = this.evaluate(element.initializer!, bindings);
    if (fn && isIdentifier(element.name)) {
      const owner = callersOf(fn, this.scopes).owner;
      fallback = withOrigin(fallback, { kind: 'default', name: element.name.text, ...(owner ? { owner } : {}), span: spanOf(element.name) });
    }
    return unionOf(set.alternatives.map((value) => (value.kind === 'absent' || value.kind === 'undefined' ? fallback : single(value))));
  }

  private member(node: ts.PropertyAccessExpression | ts.ElementAccessExpression, bindings: Bindings | undefined): ValueSet {
    const key = isPropertyAccessExpression(node)
      ? node.name.text
      : isStringLiteralLike(unwrap(node.argumentExpression))
        ? (unwrap(node.argumentExpression) as ts.StringLiteralLike).text
        : constantName(node.argumentExpression);
    if (key === undefined) return unknown(spanOf(node));
    if (node.expression.kind === SyntaxKind.ThisKeyword) return this.classMember(node, key);
    // `config.options` of `import * as config` or `require('./config')`: that export, not the whole module.
    const receiver = unwrap(node.expression);
    const declaration = isIdentifier(receiver) ? this.scopes.resolve(receiver) : undefined;
    const imported = declaration && this.imported(declaration, node, key);
    if (imported) return imported;
    if (declaration && isClassDeclaration(declaration)) return this.staticMember(declaration, key, node);
    return { alternatives: propertyOf(this.evaluate(node.expression, bindings), key).values };
  }

  /** `Config.mode`: a static member, its initialiser with every write through the class's name (see `fieldValue`). */
  private staticMember(cls: ts.ClassDeclaration, key: string, at: ts.Node): ValueSet {
    const member = cls.members.find((candidate) => candidate.name && staticName(candidate.name) === key && isStatic(candidate));
    if (member && !isPropertyDeclaration(member)) return this.memberValue(member);
    const writes = staticWritesOf(cls, this.scopes).get(key) ?? [];
    return this.written(member ? this.memberValue(member) : undefined, writes, member ?? writes[0]?.value, at);
  }

  /** `this.check` inside a class: the method it names, what its getter returns, or what its field can hold. */
  private classMember(node: ts.Node, key: string): ValueSet {
    let current: ts.Node | undefined = node.parent;
    while (current && !isClassLike(current)) current = current.parent;
    if (!current) return unknown(spanOf(node));
    return this.memberOf(current, key, node);
  }

  /** Member `key` of an instance of `cls`; `bound` gives the constructor's parameters the arguments of its `new`. */
  private memberOf(cls: ts.ClassLikeDeclaration, key: string, at: ts.Node, bound?: Bindings): ValueSet {
    const named = cls.members.filter((candidate) => candidate.name && staticName(candidate.name) === key);
    // A getter answers the read; a setter beside it only takes writes.
    const member = named.find(isGetAccessorDeclaration) ?? named[0];
    if (member && !isPropertyDeclaration(member)) return this.memberValue(member);
    const base = member ? undefined : this.baseOf(cls);
    if (base && !this.active.has(base.cls)) {
      // Inherited: the base's member (read by its own file's evaluator), with this class's own writes over it.
      this.active.add(base.cls);
      try {
        const inherited = base.evaluator.memberOf(base.cls, key, at);
        return this.field(cls, key, undefined, at, bound, inherited);
      } finally {
        this.active.delete(base.cls);
      }
    }
    return this.field(cls, key, member, at, bound);
  }

  /**
   * `this.permissionMode`: its initialiser and every write in the class (see
   * `fieldValue`). Read again while its writes are evaluated
   * (`this.handle = this.handle.bind(this)`), it is its initial value.
   */
  private field(cls: ts.ClassLikeDeclaration, key: string, member: ts.ClassElement | undefined, at: ts.Node, bound?: Bindings, inherited?: ValueSet): ValueSet {
    const initial = member ? this.memberValue(member) : inherited;
    const own = thisWritesOfKey(cls, key);
    const outside = instanceWritesOf(cls, this.scopes).get(key) ?? [];
    const writes = outside.length > 0 ? [...own, ...outside] : own;
    if (writes.length === 0 && inherited) return inherited;
    // The first write stands for the field, declared or not.
    return this.written(initial, writes, writes[0]?.value, at, bound, key);
  }

  /** `initial` with `writes` over it (`fieldValue`); the constructor's see `bound`; `guard` stops a read inside a write. */
  private written(initial: ValueSet | undefined, writes: readonly ThisWrite[], guard: ts.Node | undefined, at: ts.Node, bound?: Bindings, key?: string): ValueSet {
    if (!guard || this.active.has(guard)) return initial ?? unknown(spanOf(at));
    this.active.add(guard);
    try {
      const evaluated = writes.flatMap((write): FieldWrite[] => {
        const value = (): ValueSet => this.evaluate(write.value, write.place === 'method' ? undefined : bound);
        return write.spread ? spreadWrite(write, key, value()) : [{ ...write, value }];
      });
      return fieldValue(initial, evaluated, spanOf(at));
    } finally {
      this.active.delete(guard);
    }
  }

  private memberValue(member: ts.ClassElement): ValueSet {
    if (isMethodDeclaration(member)) return this.functionValue(member);
    if (isGetAccessorDeclaration(member)) return this.returnValue(member, [], undefined);
    if (isPropertyDeclaration(member) && member.initializer) return this.evaluate(member.initializer);
    return unknown(spanOf(member));
  }

  private call(node: ts.CallExpression, bindings: Bindings | undefined): ValueSet {
    const callee = unwrap(node.expression);
    if (isPropertyAccessExpression(callee)) {
      const method = callee.name.text;
      if (method === 'bind') return this.evaluate(callee.expression, bindings);
      if (method === 'concat') return this.concat(node, callee.expression, bindings);
      // `TOOLS.map((t) => t)`: the same elements, as Python's `[t for t in TOOLS]`.
      if (method === 'map' && node.arguments.length === 1 && isIdentityArrow(node.arguments[0]!)) return single(copiedList(this.evaluate(callee.expression, bindings), spanOf(node)));
      const receiver = unwrap(callee.expression);
      if (isIdentifier(receiver) && receiver.text === 'Object' && !this.scopes.resolve(receiver)) {
        return this.objectHelper(node, method, bindings);
      }
    }
    if (isIdentifier(callee) && callee.text === 'structuredClone' && node.arguments[0]) {
      return this.evaluate(node.arguments[0], bindings);
    }
    const target = this.localFunction(callee);
    if (target) return this.returnValue(target, node.arguments, bindings);
    const imported = this.importedFunction(callee);
    return imported ? this.returnValue(imported.node, node.arguments, bindings, imported.evaluator) : unknown(spanOf(node));
  }

  /** A function of another file of the project that a call names: `makePolicyHook` of `import { makePolicyHook } from './policy'`. */
  importedFunction(callee: ts.Expression): { node: FunctionNode; evaluator: Evaluator } | undefined {
    if (!this.imports?.evaluatorOf || !(isIdentifier(callee) || isPropertyAccessExpression(callee))) return undefined;
    // A name declared in this file is a local function or not one at all: only an import is looked up.
    const declaration = isIdentifier(callee) ? this.scopes.resolve(callee) : undefined;
    if (isIdentifier(callee) && !(declaration && importOf(declaration))) return undefined;
    const values = this.evaluate(callee).alternatives;
    const [only] = values;
    const node = values.length === 1 && only?.kind === 'function' ? this.functions.nodeOf?.(only.functionId) : undefined;
    const evaluator = node?.body && node.getSourceFile() !== this.file ? this.imports.evaluatorOf(node.getSourceFile()) : undefined;
    return evaluator && node ? { node, evaluator } : undefined;
  }

  /** `tools.concat(['Bash'], 'Edit')`: the receiver's elements, then each argument's (an array's elements, or itself). */
  private concat(node: ts.CallExpression, receiver: ts.Expression, bindings: Bindings | undefined): ValueSet {
    const base = this.evaluate(receiver, bindings);
    // `'a'.concat('b')` joins strings, and an unknown receiver may be either.
    if (!base.alternatives.every((value) => value.kind === 'array')) return unknown(spanOf(node));
    const parts = node.arguments.map((argument) => {
      if (isSpreadElement(argument)) return unknown(spanOf(argument));
      const set = this.evaluate(argument, bindings);
      return { alternatives: set.alternatives.map((value) => (value.kind === 'array' || value.kind === 'unknown' ? value : { kind: 'array' as const, span: value.span, elements: [single(value)], complete: true })) };
    });
    return joinArrays([base, ...parts], spanOf(node));
  }

  /** `Object.assign({}, a, b)` merges like spreads; `Object.freeze(x)` is `x`. */
  private objectHelper(node: ts.CallExpression, method: string, bindings: Bindings | undefined): ValueSet {
    const [first, ...rest] = node.arguments;
    if (!first) return unknown(spanOf(node));
    if (method === 'freeze') return this.evaluate(first, bindings);
    if (method !== 'assign') return unknown(spanOf(node));
    const merged = new ObjectBuilder(spanOf(node));
    for (const argument of [first, ...rest]) merged.spread(this.evaluate(argument, bindings), spanOf(argument));
    return merged.result();
  }

  /** A function declared in this file that a call expression names: `check(x)`, `this.check(x)`, `guards.matcher()`. */
  private localFunction(callee: ts.Expression): FunctionNode | undefined {
    if (isPropertyAccessExpression(callee)) {
      const values = this.member(callee, undefined).alternatives;
      const [only] = values;
      const node = values.length === 1 && only?.kind === 'function' ? this.functions.nodeOf?.(only.functionId) : undefined;
      return node?.body && node.getSourceFile() === this.file ? node : undefined;
    }
    if (!isIdentifier(callee)) return undefined;
    const declaration = this.scopes.resolve(callee);
    if (declaration && isFunctionDeclaration(declaration) && declaration.body) return declaration;
    if (declaration && isVariableDeclaration(declaration) && declaration.initializer) {
      const initializer = unwrap(declaration.initializer);
      if (isArrowFunction(initializer) || isFunctionExpression(initializer)) return initializer;
    }
    return undefined;
  }

  /**
   * What a helper returns for these arguments: `makeOptions('bypassPermissions')`.
   * The arguments are this file's; the helper's defaults and body are its
   * own file's (`owner`).
   */
  private returnValue(target: FunctionNode, args: readonly ts.Expression[], bindings: Bindings | undefined, owner: Evaluator = this): ValueSet {
    if (owner.active.has(target) || !target.body) return unknown(spanOf(target));
    if (this.spending.helperSpent()) return unknown(spanOf(target));
    if (owner !== this) this.crossesModules = true;
    owner.note([target]);
    const bound = this.bind(target, args, bindings, owner);
    const body = target.body;
    owner.active.add(target);
    try {
      return this.spending.inHelper(() => {
        if (!isBlock(body)) return owner.evaluate(body, bound);
        const values = returnStatements(body).map((statement) =>
          statement.expression ? owner.evaluate(statement.expression, bound) : single({ kind: 'undefined', span: spanOf(statement) }),
        );
        return values.length > 0 ? unionOf(values) : single({ kind: 'undefined', span: spanOf(target) });
      });
    } finally {
      owner.active.delete(target);
    }
  }

  /** What a rest parameter at `index` holds for these arguments; unknown when a spread before it hides where they start. */
  private restValue(args: readonly ts.Expression[], index: number, span: Span, evaluate: (expression: ts.Expression) => ValueSet): ValueSet {
    const from = restArgumentsAt(args, index);
    if (!from) return unknown(span);
    const written = from.map((argument) =>
      isSpreadElement(argument) ? { value: evaluate(argument.expression), spread: true, span: spanOf(argument) } : { value: evaluate(argument), spread: false, span: spanOf(argument) },
    );
    return single(restList(written, span));
  }

  /**
   * The parameters of `target` bound to what a call passes (the default, or unknown, where it passes nothing).
   * A constructor's default names its class (`constructed`), as a model class's field default does.
   */
  private bind(target: ts.SignatureDeclaration, args: readonly ts.Expression[], bindings: Bindings | undefined, owner: Evaluator = this, constructed?: string): Bindings {
    const bound: Bindings = new Map();
    target.parameters.forEach((parameter, index) => {
      const argument = args[index];
      if (parameter.dotDotDotToken) bound.set(parameter, this.restValue(args, index, spanOf(parameter), (expression) => this.evaluate(expression, bindings)));
      else if (argument && !isSpreadElement(argument)) bound.set(parameter, this.evaluate(argument, bindings));
      else if (!argument && parameter.initializer) {
        const fallback = owner.evaluate(parameter.initializer);
        const origin = constructed !== undefined && isIdentifier(parameter.name) ? { kind: 'default' as const, name: parameter.name.text, owner: constructed, span: spanOf(parameter.name) } : undefined;
        bound.set(parameter, origin ? withOrigin(fallback, origin) : fallback);
      }
      // Bound all the same, so the parameter is not looked up through the function's other calls.
      else bound.set(parameter, unknown(spanOf(parameter)));
    });
    return bound;
  }

  /**
   * `new Session(...)` of a class in this file, or of one another module of
   * the project exports (its file's evaluator reads the class): an object of
   * its methods, getters and fields, each field as a read through `this`
   * would see it, with the constructor's parameters given this call's arguments.
   */
  private construct(node: ts.NewExpression): ValueSet {
    const callee = unwrap(node.expression);
    const declaration = isIdentifier(callee) ? this.scopes.resolve(callee) : undefined;
    if (declaration && isClassDeclaration(declaration)) return this.instance(declaration, node, this);
    const imported = this.importedClass(callee);
    return imported ? this.instance(imported.cls, node, imported.evaluator) : unknown(spanOf(node));
  }

  /** The class of another module that `new` names: `Settings` of `import { Settings } from './config'`, or `config.Settings` of `import * as config`. */
  private importedClass(callee: ts.Expression): { cls: ts.ClassDeclaration; evaluator: Evaluator } | undefined {
    const receiver = isPropertyAccessExpression(callee) ? unwrap(callee.expression) : callee;
    const declaration = isIdentifier(receiver) ? this.scopes.resolve(receiver) : undefined;
    const binding = declaration && importOf(declaration);
    if (!binding || isSdkModule(binding.module) || !this.imports?.importedClass) return undefined;
    const name = isPropertyAccessExpression(callee) ? (binding.name === '*' ? callee.name.text : undefined) : binding.name;
    if (name === undefined || name === '*') return undefined;
    this.crossesModules = true;
    this.note([declaration]);
    return this.imports.importedClass(this.file.fileName, binding.module, name);
  }

  /**
   * The class `cls` (of this file) extends, with the evaluator of its file: one of this file, or one
   * another module exports (`class Local extends Settings` of `import { Settings } from './config'`);
   * left out when its constructor takes parameters (see `baseClassOf`).
   */
  private baseOf(cls: ts.ClassLikeDeclaration): { cls: ts.ClassDeclaration; evaluator: Evaluator } | undefined {
    const local = baseClassOf(cls, this.scopes);
    if (local) return { cls: local, evaluator: this };
    const expression = extendedExpression(cls);
    const imported = expression && (isIdentifier(expression) || isPropertyAccessExpression(expression)) ? this.importedClass(expression) : undefined;
    return imported && !takesParameters(imported.cls) ? imported : undefined;
  }

  /** An instance of `declaration`, a class of `owner`'s file, that `node` builds with this file's arguments. */
  private instance(declaration: ts.ClassDeclaration, node: ts.NewExpression, owner: Evaluator): ValueSet {
    const constructor = declaration.members.find(isConstructorDeclaration);
    const bound = constructor?.body ? this.bind(constructor, node.arguments ?? [], undefined, owner, declaration.name?.text) : undefined;
    const object = emptyObject(spanOf(node));
    object.complete = false;
    const keys = new Map<string, ts.Node>();
    for (const member of declaration.members) {
      const name = member.name && staticName(member.name);
      if (name !== undefined && !isConstructorDeclaration(member) && !keys.has(name)) keys.set(name, member.name!);
    }
    for (const [name, writes] of thisWritesOf(declaration)) if (!keys.has(name) && writes[0]) keys.set(name, writes[0].value);
    // The fields a base class gives every instance.
    const seen = new Set<ts.ClassDeclaration>([declaration]);
    for (let base = owner.baseOf(declaration); base && !seen.has(base.cls); base = base.evaluator.baseOf(base.cls)) {
      seen.add(base.cls);
      for (const member of base.cls.members) {
        const name = member.name && staticName(member.name);
        if (name !== undefined && !isConstructorDeclaration(member) && !isStatic(member) && !keys.has(name)) keys.set(name, member.name!);
      }
      for (const [name, writes] of thisWritesOf(base.cls)) if (!keys.has(name) && writes[0]) keys.set(name, writes[0].value);
    }
    for (const [name, at] of keys) object.properties.set(name, { key: name, spelling: name, keySpan: spanOf(at), value: owner.memberOf(declaration, name, node, bound) });
    return single(object);
  }
}

/**
 * The class of this file that `cls` extends, when its constructor takes no
 * parameters: a subclass's `super(...)` arguments are not followed, so a
 * base whose fields come from its parameters is left out.
 */
function baseClassOf(cls: ts.ClassLikeDeclaration, scopes: Scopes): ts.ClassDeclaration | undefined {
  const expression = extendedExpression(cls);
  const base = expression && isIdentifier(expression) ? scopes.resolve(expression) : undefined;
  if (!base || !isClassDeclaration(base) || base === cls) return undefined;
  return takesParameters(base) ? undefined : base;
}

/** What `extends` names. */
function extendedExpression(cls: ts.ClassLikeDeclaration): ts.Expression | undefined {
  const clause = cls.heritageClauses?.find((heritage) => heritage.token === SyntaxKind.ExtendsKeyword);
  return clause?.types[0] && unwrap(clause.types[0].expression);
}

function takesParameters(cls: ts.ClassDeclaration): boolean {
  const constructor = cls.members.find(isConstructorDeclaration);
  return !!constructor && constructor.parameters.length > 0;
}

function isStatic(member: ts.ClassElement): boolean {
  const { modifiers } = member as { modifiers?: ts.NodeArray<ts.ModifierLike> };
  return !!modifiers?.some((modifier) => modifier.kind === SyntaxKind.StaticKeyword);
}

/** `Object.assign(x.a, ...sources)`: what `x.a` held with each source's properties over it, in order. */
function mergeAt(set: ValueSet, path: readonly PathStep[], sources: readonly ValueSet[], unconditional: boolean): ValueSet {
  let target = set;
  for (const step of path) target = { alternatives: propertyOf(target, step.key).values };
  const span = target.alternatives[0]?.span ?? set.alternatives[0]!.span;
  const merged = new ObjectBuilder(span);
  merged.spread(target, span);
  for (const source of sources) merged.spread(source, source.alternatives[0]?.span ?? span);
  const result = merged.result();
  if (path.length > 0) return assignAt(set, path, result, unconditional);
  return unconditional ? result : union(set, result);
}

/**
 * A write in another function than the variable's own (a command handler, a
 * UI action, a reset): it may have run before the read, so what it writes
 * "can be" the value, and names the write.
 */
function writeOrigin(write: Assignment, declaration: ts.Node): ValueOrigin | undefined {
  const writer = enclosingFunction(write.statement ?? write.root);
  if (!writer.fn || writer.fn === enclosingFunction(declaration).fn) return undefined;
  const name = [write.root.text, ...write.path.map((step) => step.key)].join('.');
  return { kind: 'write', name, ...(writer.name ? { owner: writer.name } : {}), span: spanOf(write.statement ?? write.root) };
}

/** `[Kind.Auto]`, or `Kind.Auto` between brackets: the key of a constant's name (`constantKey`). */
function constantName(node: ts.Node): string | undefined {
  let expression = unwrap((isComputedPropertyName(node) ? node.expression : node) as ts.Expression);
  const parts: string[] = [];
  while (isPropertyAccessExpression(expression)) {
    parts.unshift(expression.name.text);
    expression = unwrap(expression.expression);
  }
  return parts.length > 0 && isIdentifier(expression) ? constantKey([expression.text, ...parts].join('.')) : undefined;
}

/** `for (const t of list)`: the loop that gives the variable its values. */
function forOfLoop(declaration: ts.VariableDeclaration): ts.ForOfStatement | undefined {
  const list = declaration.parent;
  return isForOfStatement(list.parent) && list.parent.initializer === list && isIdentifier(declaration.name) ? list.parent : undefined;
}

/** Array methods whose callback's first parameter is each element in turn. */
const elementCallbacks = new Set(['forEach', 'map', 'flatMap', 'filter', 'some', 'every', 'find', 'findIndex']);

/** `list.forEach((t) => …)`: the list a callback is handed each element of. */
function walkedList(fn: ts.SignatureDeclaration): ts.Expression | undefined {
  if (!isArrowFunction(fn) && !isFunctionExpression(fn)) return undefined;
  const call = fn.parent;
  if (!isCallExpression(call) || call.arguments[0] !== fn) return undefined;
  const callee = unwrap(call.expression);
  return isPropertyAccessExpression(callee) && elementCallbacks.has(callee.name.text) ? callee.expression : undefined;
}

/** `declare const x: T`: a value that exists at run time, which this file does not show. */
function isAmbient(declaration: ts.VariableDeclaration): boolean {
  const statement = declaration.parent.parent;
  return isVariableStatement(statement) && !!statement.modifiers?.some((modifier) => modifier.kind === SyntaxKind.DeclareKeyword);
}

function functionsAt(set: ValueSet, at: ts.Node): ValueSet {
  if (!set.alternatives.some((value) => value.kind === 'function')) return set;
  const span = spanOf(at);
  return { alternatives: set.alternatives.map((value) => (value.kind === 'function' ? { ...value, span } : value)) };
}

/** The return statements of a body, not of the functions nested in it. */
export function returnStatements(body: ts.Node): ts.ReturnStatement[] {
  const found: ts.ReturnStatement[] = [];
  walk(body, (node) => {
    if (isReturnStatement(node)) found.push(node);
    return node === body || !(isFunctionLike(node) || isClassLike(node));
  });
  return found;
}

/**
 * What callers the project does not show pass (the parameter's own unknowns)
 * holds only the keys the parameter's declared type names, when it names
 * them all: the compiler checks those callers against it.
 */
function typedByDeclaration(value: ValueSet, parameter: ts.ParameterDeclaration): void {
  const at = spanOf(parameter.name).start;
  if (!value.alternatives.some((alternative) => alternative.kind === 'unknown' && alternative.span.start === at)) return;
  const keys = declaredKeys(parameter.type);
  if (!keys) return;
  value.alternatives = value.alternatives.map((alternative) => (alternative.kind === 'unknown' && alternative.span.start === at ? { ...alternative, keys } : alternative));
}

/** The keys an object pattern names beside its rest element; undefined when one is computed, or the pattern is a list's. */
function keysBeside(rest: ts.BindingElement): string[] | undefined {
  if (!isObjectBindingPattern(rest.parent)) return undefined;
  const keys: string[] = [];
  for (const element of rest.parent.elements) {
    if (element === rest) continue;
    const key = staticName(element.propertyName ?? element.name);
    if (key === undefined) return undefined;
    keys.push(key);
  }
  return keys;
}

/**
 * `Object.assign(this, source)`: key `key` of what the source holds. Where
 * the source may lack the key (an unknown value, an object without it), the
 * field may keep what it held, as after a write in a branch.
 */
function spreadWrite(write: ThisWrite, key: string | undefined, source: ValueSet): FieldWrite[] {
  if (key === undefined) return [];
  const values = propertyOf(source, key).values;
  const present = values.filter((value) => value.kind !== 'absent');
  if (present.length === 0) return [];
  const name = `this.${key}`;
  const sure = present.length === values.length && present.every((value) => value.kind !== 'unknown');
  return [{ ...write, name, place: write.place === 'setup' && !sure ? 'constructor' : write.place, value: () => ({ alternatives: present }) }];
}

/** `(t) => t`: an arrow that returns its only parameter. */
function isIdentityArrow(node: ts.Expression): boolean {
  const arrow = unwrap(node);
  if (!isArrowFunction(arrow) || arrow.parameters.length !== 1) return false;
  const [parameter] = arrow.parameters;
  if (!parameter || isBlock(arrow.body) || !isIdentifier(parameter.name)) return false;
  const body = unwrap(arrow.body);
  return isIdentifier(body) && body.text === parameter.name.text;
}
