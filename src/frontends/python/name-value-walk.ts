import { appendAt, assignAt, handedToCall, spliceAt, union, unknown, type PathStep } from '../../model/build.js';
import { ObjectBuilder } from '../../model/object-builder.js';
import { copiedList, loopElements } from '../core/loops.js';
import type { ObjectValue, Property, Value, ValueSet } from '../../model/types.js';
import type { PyScope } from './scope.js';
import { canonicalName, hookOutputKey } from './sdk.js';
import { contains, field, fields, namedChildren, spanOf, statementsOf, stringValue, textOf, unwrap, type PyModule, type PyNode } from './syntax.js';

/** A name's value on the paths that reach a point; undefined: not bound on any of them. */
export type State = ValueSet | undefined;

/** What the walk needs from the evaluator. */
export interface FlowHost {
  readonly source: PyModule;
  evaluate(node: PyNode): ValueSet;
  /** The value a binding other than an assignment gives: a `def`, a class, an import. */
  bindingValue(site: PyNode): ValueSet;
  /** Count one statement walked; false once the module's budget is spent. */
  spend(): boolean;
}

/** Thrown when the walk has used up its budget: the name's value is then unknown. */
export class FlowBudgetSpent extends Error {
  override name = 'FlowBudgetSpent';
}

/** Methods that change a list in place: add to it, or take out of it. */
const listMethods = new Set(['append', 'extend', 'insert', 'remove', 'pop', 'clear']);
/** Calls that only read what they are handed: builtins that convert or test, and logging methods and `json.dumps`. */
const readingCalls = new Set(['print', 'len', 'list', 'tuple', 'set', 'frozenset', 'sorted', 'reversed', 'str', 'repr', 'bool', 'isinstance', 'any', 'all', 'enumerate', 'iter', 'id', 'hash', 'type']);
const readingMethods = new Set(['debug', 'info', 'warning', 'error', 'exception', 'critical', 'log', 'dumps']);

/**
 * Follows one name through the statements of its scope, in order, the way
 * Python runs them: an assignment replaces the value; a branch, a loop or an
 * exception handler makes it "can be" either; a path that returns or raises
 * does not reach what follows. Attribute and item writes (`options.x = v`,
 * `hooks["PreToolUse"] = [...]`) and list appends change the value in place.
 */
export class NameFlow {
  private readonly sites: Set<PyNode>;
  /** The same sites in source order, so those within a statement are found by binary search. */
  private readonly sitesInOrder: PyNode[];
  /** States at each `return`, for the value a closure sees once the function has run. */
  private readonly returned: ValueSet[] = [];
  /** The state before each statement of the scope's body, worked out once as far as asked. */
  private readonly prefix: Array<{ state: State; reachable: boolean }>;
  private final?: { state: State };

  constructor(
    private readonly host: FlowHost,
    private readonly scope: PyScope,
    private readonly name: string,
    private readonly statements: readonly PyNode[],
    initial: State,
  ) {
    this.sites = new Set(scope.bindings.get(name) ?? []);
    this.sitesInOrder = [...this.sites].sort((a, b) => a.start - b.start);
    this.prefix = [{ state: initial, reachable: true }];
  }

  /** The value just before `use` runs (`use` lies in the scope's own statements). */
  before(use: PyNode): State {
    const index = statementAt(this.statements, use);
    if (index === -1) return this.prefix[0]!.state;
    const at = this.advance(index);
    return at.reachable ? this.into(this.statements[index]!, at.state, use).state : undefined;
  }

  /** The value once the statements have run, on every path that leaves them (returns included). */
  after(): State {
    if (!this.final) {
      const end = this.advance(this.statements.length);
      this.final = { state: merge(end.reachable ? end.state : undefined, ...this.returned) };
    }
    return this.final.state;
  }

  private advance(index: number): { state: State; reachable: boolean } {
    for (let i = this.prefix.length - 1; i < index; i++) {
      const before = this.prefix[i]!;
      this.prefix.push(before.reachable ? this.statement(this.statements[i]!, before.state) : before);
    }
    return this.prefix[index]!;
  }

  private list(statements: readonly PyNode[], initial: State, use: PyNode | undefined): { state: State; reachable: boolean; found: boolean } {
    let state = initial;
    for (const statement of statements) {
      if (use && contains(statement, use)) return { ...this.into(statement, state, use), found: true };
      const next = this.statement(statement, state);
      if (!next.reachable) return { state: undefined, reachable: false, found: false };
      state = next.state;
    }
    return { state, reachable: true, found: false };
  }

  /** Walk into the block of a compound statement that holds `use`; a use in a header sees the state before it. */
  private into(statement: PyNode, state: State, use: PyNode): { state: State; reachable: boolean } {
    const block = blocksOf(statement).find((candidate) => contains(candidate.node, use));
    if (!block) return { state, reachable: true };
    let entry = this.walrusIn(statement, state);
    if (statement.type === 'try_statement' && block.kind !== 'body') {
      entry = merge(state, this.list(statementsOf(field(statement, 'body')), state, undefined).state);
    }
    if (block.binds) entry = this.bindHeader(block.binds, entry);
    return this.list(statementsOf(block.node), entry, use);
  }

  private statement(statement: PyNode, state: State): { state: State; reachable: boolean } {
    if (!this.host.spend()) throw new FlowBudgetSpent();
    switch (statement.type) {
      case 'return_statement':
        if (state) this.returned.push(state);
        return { state, reachable: false };
      case 'raise_statement':
      case 'break_statement':
      case 'continue_statement':
        return { state, reachable: false };
      case 'expression_statement':
        return { state: this.simple(statement, state), reachable: true };
      case 'import_statement':
      case 'import_from_statement':
        return { state: this.bindSites(statement, state), reachable: true };
      case 'delete_statement':
        return { state: this.bindSites(statement, this.deleted(statement, state)), reachable: true };
      case 'decorated_definition':
      case 'function_definition':
      case 'class_definition':
        return { state: this.bindSites(statement, state, (node) => node.type === 'identifier' && node.field === 'name'), reachable: true };
      case 'if_statement':
      case 'for_statement':
      case 'while_statement':
      case 'try_statement':
      case 'with_statement':
      case 'match_statement':
        return this.compound(statement, state);
      default:
        return { state, reachable: true };
    }
  }

  private compound(statement: PyNode, before: State): { state: State; reachable: boolean } {
    const state = this.walrusIn(statement, before);
    const blocks = blocksOf(statement);
    const run = (block: Block, entry: State) => this.list(statementsOf(block.node), block.binds ? this.bindHeader(block.binds, entry) : entry, undefined);
    switch (statement.type) {
      case 'with_statement': {
        const [body] = blocks;
        return body ? run(body, state) : { state, reachable: true };
      }
      case 'try_statement': {
        const body = blocks.find((block) => block.kind === 'body');
        const tried = body ? run(body, state) : { state, reachable: true };
        const orElse = blocks.find((block) => block.kind === 'else');
        const afterTry = orElse && tried.reachable ? run(orElse, tried.state) : tried;
        // A handler starts from anywhere in the try block: before it or after it.
        const entry = merge(state, tried.state);
        const handled = blocks.filter((block) => block.kind === 'handler').map((block) => run(block, entry));
        const paths = [afterTry, ...handled].filter((path) => path.reachable);
        const finallyBlock = blocks.find((block) => block.kind === 'finally');
        const merged = paths.length > 0 ? merge(undefined, ...paths.map((path) => path.state)) : state;
        if (!finallyBlock) return { state: merged, reachable: paths.length > 0 };
        const final = run(finallyBlock, merged);
        return { state: final.state, reachable: final.reachable && paths.length > 0 };
      }
      default: {
        // if/elif/else, loops and match: each block may run or not; without an else, the paths that skip them go on as they were.
        const results = blocks.map((block) => run(block, state));
        const skips = !(statement.type === 'if_statement' && blocks.some((block) => block.kind === 'else'));
        const loopForever = statement.type === 'while_statement' && isTrue(this.host.source, field(statement, 'condition'));
        const paths = results.filter((result) => result.reachable).map((result) => result.state);
        if (skips && !loopForever) paths.push(state);
        if (statement.type === 'for_statement' && this.headerBinds(field(statement, 'left'))) paths.push(unknown(spanOf(this.host.source, statement)));
        return { state: paths.length > 0 ? merge(undefined, ...paths) : state, reachable: paths.length > 0 || loopForever };
      }
    }
  }

  /** A simple statement: an assignment, an augmented assignment, a call that mutates, a walrus. */
  private simple(statement: PyNode, state: State): State {
    const [expression] = namedChildren(statement);
    if (!expression) return state;
    if (expression.type === 'assignment') return this.assignment(expression, state);
    if (expression.type === 'augmented_assignment') return this.augmented(expression, state);
    if (expression.type === 'call') return this.mutatingCall(expression, state);
    // `await load_rules(deny)`: the awaited call.
    const [awaited] = expression.type === 'await' ? namedChildren(expression) : [];
    if (awaited?.type === 'call') return this.mutatingCall(awaited, state);
    return this.bindSites(statement, state);
  }

  private assignment(node: PyNode, state: State): State {
    // `a = b = value`: every target gets the value.
    const targets: PyNode[] = [];
    let current: PyNode | undefined = node;
    while (current?.type === 'assignment') {
      const left = field(current, 'left');
      if (left) targets.push(left);
      current = field(current, 'right');
    }
    if (!current) return state;
    const value = current;
    let next = state;
    for (const target of targets) next = this.assignTo(target, value, next);
    return next;
  }

  private assignTo(target: PyNode, value: PyNode, state: State): State {
    const bare = unwrap(target);
    if (bare.type === 'identifier') return this.sites.has(bare) ? this.host.evaluate(value) : state;
    const slice = bare.type === 'subscript' ? field(bare, 'subscript') : undefined;
    if (slice?.type === 'slice') {
      // `tools[i:j] = [...]`: the new elements are in, and any it held may be gone, unless it replaces nothing (`tools[:0]`, `tools[2:2]`).
      const path = this.pathTo(field(bare, 'value') ?? bare);
      const added = copiedList(this.host.evaluate(value), spanOf(this.host.source, value)).elements;
      if (!path || !state) return state;
      return insertsOnly(textOf(this.host.source, slice)) ? appendAt(state, path, added) : spliceAt(state, path, added);
    }
    if (bare.type === 'attribute' || bare.type === 'subscript') {
      const path = this.pathTo(bare);
      return path && state ? assignAt(state, path, this.host.evaluate(value), true) : state;
    }
    if (!this.headerBinds(bare)) return state;
    return this.unpack(bare, value) ?? unknown(spanOf(this.host.source, bare));
  }

  /** `a, b = x, y`: the matching element when both sides are written out. */
  private unpack(pattern: PyNode, value: PyNode): ValueSet | undefined {
    const targets = namedChildren(pattern);
    const values = namedChildren(unwrap(value));
    const tuple = ['tuple', 'expression_list', 'list'].includes(unwrap(value).type);
    if (!tuple || targets.length !== values.length || values.some((node) => node.type === 'list_splat')) return undefined;
    const index = targets.findIndex((target) => unwrap(target).type === 'identifier' && this.sites.has(unwrap(target)));
    return index === -1 ? undefined : this.host.evaluate(values[index]!);
  }

  private augmented(node: PyNode, state: State): State {
    const left = field(node, 'left');
    const right = field(node, 'right');
    const operator = node.children.find((child) => !child.named);
    if (!left || !right) return state;
    const bare = unwrap(left);
    const binds = bare.type === 'identifier' && this.sites.has(bare);
    const path = binds ? [] : bare.type === 'attribute' || bare.type === 'subscript' ? this.pathTo(bare) : undefined;
    if (!path) return binds ? unknown(spanOf(this.host.source, node)) : state;
    if (state && binds && operator?.type === '|=') return dictUnion(state, this.host.evaluate(right), spanOf(this.host.source, node), spanOf(this.host.source, right));
    if (!state || operator?.type !== '+=') return binds ? unknown(spanOf(this.host.source, node)) : state;
    return extendAt(state, path, this.host.evaluate(right), spanOf(this.host.source, right));
  }

  /** `name.allowed_tools.append("Bash")`, `name.extend([...])`, `name.remove(x)`, or a call handed the name (`fill(name)`). */
  private mutatingCall(call: PyNode, state: State): State {
    const callee = field(call, 'function');
    const method = callee?.type === 'attribute' ? field(callee, 'attribute') : undefined;
    const receiver = callee?.type === 'attribute' ? field(callee, 'object') : undefined;
    const changesList = !!method && listMethods.has(textOf(this.host.source, method));
    if (state && !changesList && this.handsOver(call)) return handedToCall(state, [], spanOf(this.host.source, call));
    if (!state || !receiver || !changesList) return this.bindSites(call, state);
    const root = unwrap(receiver);
    const path = root.type === 'identifier' ? (textOf(this.host.source, root) === this.name && this.refersHere(root) ? [] : undefined) : this.pathTo(root);
    if (!path) return state;
    const given = field(call, 'arguments') ?? call;
    // `extend(t for t in TOOLS)`: a lone generator is the call's whole argument list.
    const args = given.type === 'generator_expression' ? [given] : namedChildren(given);
    const span = spanOf(this.host.source, call);
    switch (textOf(this.host.source, method)) {
      case 'remove':
      case 'pop':
      case 'clear':
        // Any element may be the one taken out.
        return spliceAt(state, path, []);
      case 'append':
        return args[0] ? appendAt(state, path, [this.host.evaluate(args[0])]) : state;
      case 'insert':
        return args[1] ? appendAt(state, path, [this.host.evaluate(args[1])]) : state;
      default:
        return args[0] ? extendAt(state, path, this.host.evaluate(args[0]), span) : state;
    }
  }

  /** `del name[0]`: the list may have lost any element. */
  private deleted(statement: PyNode, state: State): State {
    const [targets] = namedChildren(statement);
    let next = state;
    for (const target of targets?.type === 'expression_list' ? namedChildren(targets) : targets ? [targets] : []) {
      const list = unwrap(target).type === 'subscript' ? field(unwrap(target), 'value') : undefined;
      const path = list && this.pathTo(list);
      if (path && next) next = spliceAt(next, path, []);
    }
    return next;
  }

  /** `fill(name)`: the call is handed this name's value, and is not one that only reads it (`print`, `len`, logging). */
  private handsOver(call: PyNode): boolean {
    const callee = field(call, 'function');
    const given = field(call, 'arguments');
    if (!callee || given?.type !== 'argument_list') return false;
    const named = callee.type === 'attribute' ? field(callee, 'attribute') : callee;
    if (named && (callee.type === 'identifier' ? readingCalls : readingMethods).has(textOf(this.host.source, named))) return false;
    return namedChildren(given).some((argument) => argument.type === 'identifier' && textOf(this.host.source, argument) === this.name && this.refersHere(argument));
  }

  /** `name.a["b"].c`: the path below the name, when the chain starts at this name. */
  private pathTo(node: PyNode): PathStep[] | undefined {
    const path: PathStep[] = [];
    let current = unwrap(node);
    while (current.type === 'attribute' || current.type === 'subscript') {
      if (current.type === 'attribute') {
        const attribute = field(current, 'attribute');
        if (!attribute) return undefined;
        const written = textOf(this.host.source, attribute);
        path.unshift({ key: canonicalName(written), spelling: written, span: spanOf(this.host.source, attribute) });
        current = unwrap(field(current, 'object') ?? current);
      } else {
        const key = field(current, 'subscript');
        const text = key && stringValue(this.host.source, key);
        if (text === undefined) return undefined;
        path.unshift({ key: hookOutputKey(text), spelling: text, span: spanOf(this.host.source, key!) });
        current = unwrap(field(current, 'value') ?? current);
      }
    }
    if (current.type !== 'identifier' || textOf(this.host.source, current) !== this.name || !this.refersHere(current)) return undefined;
    return path;
  }

  /** The identifier names this scope's variable (not a same-named one of a nested scope). */
  private refersHere(identifier: PyNode): boolean {
    for (let node = identifier.parent; node && node !== this.scope.node; node = node.parent) {
      if (node.type === 'function_definition' || node.type === 'lambda' || node.type === 'class_definition') return false;
    }
    return true;
  }

  /** Bindings of the name inside a simple statement other than an assignment (a walrus, an import, `del`). */
  private bindSites(node: PyNode, state: State, only?: (site: PyNode) => boolean): State {
    let next = state;
    for (const site of this.sitesIn(node)) {
      if (only && !only(site)) continue;
      if (site.parent?.type === 'named_expression' && site.field === 'name') {
        const value = field(site.parent, 'value');
        next = value ? this.host.evaluate(value) : unknown(spanOf(this.host.source, site));
      } else next = this.host.bindingValue(site);
    }
    return next;
  }

  /** `if (name := value):`: a walrus in a header binds before the blocks run. */
  private walrusIn(statement: PyNode, state: State): State {
    return this.bindSites(statement, state, (site) => site.parent?.type === 'named_expression');
  }

  private bindHeader(header: PyNode, state: State): State {
    if (!this.headerBinds(header)) return state;
    // `for t in ["Bash", "Write"]:`: each element of the list in turn.
    const loop = header.parent;
    const iterable = loop?.type === 'for_statement' && header.field === 'left' && this.sites.has(unwrap(header)) ? field(loop, 'right') : undefined;
    const span = spanOf(this.host.source, header);
    return iterable ? loopElements(this.host.evaluate(iterable), span) : unknown(span);
  }

  private headerBinds(node: PyNode | undefined): boolean {
    return !!node && this.sitesIn(node).length > 0;
  }

  /**
   * Binding sites of the name within `node`, outside nested scopes and blocks.
   * Asked for each statement walked: looking only at the sites inside the
   * statement's text keeps a long function with many assignments linear.
   */
  private sitesIn(node: PyNode): PyNode[] {
    const found: PyNode[] = [];
    for (let i = firstAtOrAfter(this.sitesInOrder, node.start); i < this.sitesInOrder.length; i++) {
      const site = this.sitesInOrder[i]!;
      if (site.start > node.end) break;
      if (contains(node, site) && !insideBlockOf(node, site)) found.push(site);
    }
    return found;
  }
}

/** The index of the first node that starts at or after `offset` (nodes in source order), by binary search. */
function firstAtOrAfter(nodes: readonly PyNode[], offset: number): number {
  let low = 0;
  let high = nodes.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (nodes[middle]!.start < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The index of the statement that holds `node`, by binary search (statements are in source order). */
function statementAt(statements: readonly PyNode[], node: PyNode): number {
  let low = 0;
  let high = statements.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (statements[middle]!.start <= node.start) low = middle;
    else high = middle - 1;
  }
  const statement = statements[low];
  return statement && contains(statement, node) ? low : -1;
}

interface Block {
  kind: 'body' | 'else' | 'handler' | 'finally' | 'case';
  node: PyNode;
  /** A header that binds names before the block runs: a `for` target, `with ... as`, `except ... as`. */
  binds?: PyNode;
}

/** The blocks of a compound statement, in order. */
function blocksOf(statement: PyNode): Block[] {
  const blocks: Block[] = [];
  const body = field(statement, 'body') ?? field(statement, 'consequence');
  switch (statement.type) {
    case 'if_statement':
      if (body) blocks.push({ kind: 'body', node: body });
      for (const clause of fields(statement, 'alternative')) {
        const block = field(clause, 'consequence') ?? field(clause, 'body');
        if (block) blocks.push({ kind: clause.type === 'else_clause' ? 'else' : 'body', node: block });
      }
      break;
    case 'for_statement':
    case 'while_statement': {
      const target = statement.type === 'for_statement' ? field(statement, 'left') : undefined;
      if (body) blocks.push({ kind: 'body', node: body, ...(target ? { binds: target } : {}) });
      const orElse = field(statement, 'alternative');
      const block = orElse && field(orElse, 'body');
      if (block) blocks.push({ kind: 'else', node: block });
      break;
    }
    case 'with_statement': {
      const clause = statement.children.find((child) => child.type === 'with_clause');
      if (body) blocks.push({ kind: 'body', node: body, ...(clause ? { binds: clause } : {}) });
      break;
    }
    case 'try_statement':
      if (body) blocks.push({ kind: 'body', node: body });
      for (const clause of statement.children) {
        const block = clause.children.find((child) => child.type === 'block');
        if (!block) continue;
        if (clause.type === 'except_clause') blocks.push({ kind: 'handler', node: block, binds: clause });
        else if (clause.type === 'else_clause') blocks.push({ kind: 'else', node: field(clause, 'body') ?? block });
        else if (clause.type === 'finally_clause') blocks.push({ kind: 'finally', node: block });
      }
      break;
    case 'match_statement':
      for (const clause of namedChildren(field(statement, 'body') ?? statement)) {
        const block = field(clause, 'consequence');
        if (clause.type === 'case_clause' && block) blocks.push({ kind: 'case', node: block });
      }
      break;
    default:
      break;
  }
  return blocks;
}

/** True when `site` lies in a block nested in `node` (walked on its own), or in a nested scope. */
function insideBlockOf(node: PyNode, site: PyNode): boolean {
  for (let current = site.parent; current && current !== node; current = current.parent) {
    if (current.type === 'block' || current.type === 'lambda' || current.type.endsWith('_comprehension') || current.type === 'generator_expression') {
      return true;
    }
  }
  return false;
}

function isTrue(source: PyModule, node: PyNode | undefined): boolean {
  return !!node && (node.type === 'true' || (node.type === 'integer' && textOf(source, node) !== '0'));
}

/**
 * Union of the bound states; unbound paths add nothing. Versions of one
 * object (before and after `options.x = v` on one branch) become one object
 * whose changed properties "can be" either, so branches do not multiply.
 */
function merge(first: State, ...rest: State[]): State {
  const sets = [first, ...rest].filter((state): state is ValueSet => state !== undefined);
  if (sets.length === 0) return undefined;
  const values: Value[] = [];
  for (const value of union(...sets).alternatives) if (!values.includes(value)) values.push(value);
  const versions = new Map<string, ObjectValue[]>();
  const merged: Value[] = [];
  for (const value of values) {
    if (value.kind !== 'object') {
      merged.push(value);
      continue;
    }
    const key = versionKey(value);
    const list = versions.get(key);
    if (list) list.push(value);
    else {
      versions.set(key, [value]);
      merged.push(value);
    }
  }
  return { alternatives: merged.map((value) => (value.kind === 'object' ? combine(versions.get(versionKey(value))!) : value)) };
}

/** Versions of one object share its span; the objects one builder keeps apart for two callers are two objects. */
function versionKey(value: ObjectValue): string {
  return `${value.span.file ?? ''}:${value.span.start}:${value.span.end}:${value.passedBy ? `${value.passedBy.file ?? ''}:${value.passedBy.start}` : ''}`;
}

/** One object from versions of it: each property can be what any version holds (or absent where one lacks it). */
function combine(versions: ObjectValue[]): ObjectValue {
  if (versions.length === 1) return versions[0]!;
  const [base] = versions as [ObjectValue, ...ObjectValue[]];
  const keys = new Set(versions.flatMap((version) => [...version.properties.keys()]));
  const properties = new Map<string, Property>();
  for (const key of keys) {
    const alternatives: Value[] = [];
    let carrier: Property | undefined;
    for (const version of versions) {
      const property = version.properties.get(key);
      carrier ??= property;
      const own: Value[] = property ? property.value.alternatives : [{ kind: version.complete ? 'absent' : 'unknown', span: version.span }];
      for (const value of own) if (!alternatives.includes(value)) alternatives.push(value);
    }
    properties.set(key, { ...carrier!, value: merge({ alternatives })! });
  }
  return { ...base, properties, complete: versions.every((version) => version.complete) };
}

/** `options |= more` of dicts: more's keys win; anything but two dicts is not followed. */
function dictUnion(state: ValueSet, more: ValueSet, span: ReturnType<typeof spanOf>, moreSpan: ReturnType<typeof spanOf>): ValueSet {
  const dicts = (set: ValueSet) => set.alternatives.length > 0 && set.alternatives.every((value) => value.kind === 'object');
  if (!dicts(state) || !dicts(more)) return unknown(span);
  const merged = new ObjectBuilder(span);
  merged.spread(state, span);
  merged.spread(more, moreSpan);
  return merged.result();
}

/** `list += more`, `list.extend(more)`: more elements; an unknown `more` leaves the list incomplete. */
function extendAt(state: ValueSet, path: readonly PathStep[], more: ValueSet, span: ReturnType<typeof spanOf>): ValueSet {
  const arrays = more.alternatives.filter((value): value is Extract<Value, { kind: 'array' }> => value.kind === 'array');
  if (arrays.length === 1 && more.alternatives.length === 1 && arrays[0]!.complete) return appendAt(state, path, arrays[0]!.elements);
  // Something we cannot see is added: keep what is known, mark the list open.
  return appendAt(state, path, [unknown(span)]);
}

/** A slice that spans no element (`:0`, `0:0`, `3:3`): assigning to it inserts, as `splice(i, 0, ...)` does. */
function insertsOnly(slice: string): boolean {
  const [start, stop, ...step] = slice.split(':').map((part) => part.trim());
  return step.length === 0 && /^\d+$/.test(stop ?? '') && (start === '' ? stop === '0' : start === stop);
}
