import ts from './compiler.cjs';
import { isArrayTypeNode, isAsExpression, isIndexedAccessTypeNode, isLiteralTypeNode, isStringLiteralLike, isAwaitExpression, isBlock, isCallExpression, isFunctionLike, isIdentifier, isObjectLiteralExpression, isParenthesizedExpression, isPropertyAccessExpression, isPropertyAssignment, isSatisfiesExpression, isShorthandPropertyAssignment, isSourceFile, isSpreadAssignment, isTypeReferenceNode, isVariableDeclaration } from './syntax.js';
import { emptyObject, single, spreadInto } from '../../model/build.js';
import type { AgentConfiguration, Gate, ValueSet } from '../../model/types.js';
import { matcherHooks } from '../../model/hooks.js';
import { isNotSet, propertyOf } from '../../model/values.js';
import { indexOf } from './file-index.js';
import { returnStatements, type Evaluator, type FunctionNode } from './evaluate.js';
import { spanOf, unwrap } from './parse.js';
import { switchesOfCallee, switchOf } from './switches.js';
import { guardsBefore, readOfProperty } from './refusals.js';
import { refusedTogether } from '../core/refusals.js';
import { withSwitch } from '../../model/switches.js';
import type { Scopes } from './scope.js';
import { declaredType } from './declared-sdk.js';
import { isBrowserEntry, isSdkType, sdkReferenceOf, type SdkReference } from './sdk.js';
import { providerModelOptions } from '../../model/providers.js';
import { isProviderFactoryCall, modelCallProvider, type Provider } from './providers.js';

/**
 * Where each SDK entry point takes its `Options`:
 * the argument index, and whether the options sit in its `options` property
 * or are the argument itself.
 */
const entryPoints: Record<string, { argument: number; nested: boolean }> = {
  query: { argument: 0, nested: true },
  startup: { argument: 0, nested: true },
  prewarm: { argument: 0, nested: true },
  unstable_v2_createSession: { argument: 0, nested: false },
  unstable_v2_resumeSession: { argument: 1, nested: false },
  unstable_v2_prompt: { argument: 1, nested: false },
};

const optionsTypes = ['Options'];
const gateTypes: Record<string, Gate['kind']> = { HookCallback: 'hook', CanUseTool: 'canUseTool' };
const matcherTypes = ['HookCallbackMatcher'];

export interface FoundConfigurations {
  /** The options of SDK entry points. */
  entries: AgentConfiguration[];
  /** Objects typed as `Options`, with the declaration that makes them so. */
  typed: Array<{ configuration: AgentConfiguration; declaration: ts.Node }>;
  /** Declarations, helpers and calls the entries' options came through. */
  used: Set<ts.Node>;
  /** Tool handlers, functions typed as hook callbacks or `canUseTool`, and the hooks of typed `HookCallbackMatcher`s. */
  gates: Gate[];
}

/** `options` of an object literal without spreads: `{ prompt, options: { … } }`, `{ prompt, options }`. */
function optionsMember(argument: ts.Expression): ts.Expression | undefined {
  const node = unwrap(argument);
  if (!isObjectLiteralExpression(node) || node.properties.some(isSpreadAssignment)) return undefined;
  const member = node.properties.find((property) => property.name && isIdentifier(property.name) && property.name.text === 'options');
  return member && isPropertyAssignment(member) ? member.initializer : member && isShorthandPropertyAssignment(member) ? member.name : undefined;
}

/** Find every agent configuration and SDK-typed gate of one file. */
export function findConfigurations(file: ts.SourceFile, scopes: Scopes, evaluator: Evaluator): FoundConfigurations {
  const entries: AgentConfiguration[] = [];
  const typed: Array<{ configuration: AgentConfiguration; declaration: ts.Node }> = [];
  const gates: Gate[] = [];
  const used = new Set<ts.Node>();
  /** Entry calls by node, and the run-time switches of the sessions they start. */
  const started = new Map<ts.CallExpression, number>();
  const switches: Array<NonNullable<ReturnType<typeof switchOf>> & { call: ts.CallExpression; evaluator?: Evaluator }> = [];

  const addEntry = (call: ts.CallExpression, reference: SdkReference): void => {
    const entry = entryPoints[reference.name];
    const argument = entry && call.arguments[entry.argument];
    if (!entry || !argument) return;
    const nested = entry.nested && !isBrowserEntry(reference);
    // Of `{ prompt, options }` only the options are read: the prompt, often a wrapper's parameter, is not worked out.
    const written = nested ? optionsMember(argument) : undefined;
    const { value, through } = evaluator.traced(written ?? argument);
    through.forEach((node) => used.add(node));
    used.add(call);
    const options = nested ? { alternatives: (written ? value.alternatives : propertyOf(value, 'options').values).filter((v) => !isNotSet(v)) } : value;
    if (options.alternatives.length > 0) {
      started.set(call, entries.length);
      const refused = refusedTogether(options, guardsBefore(call, scopes), (property) => readOfProperty(property, file, scopes));
      entries.push({ span: spanOf(call), entry: reference.name, options, ...(refused.length > 0 ? { refusedTogether: refused } : {}) });
    }
  };

  /** AI SDK provider factories, and those some model of this file comes from: the others are checked on their own. */
  const factories = new Set<ts.CallExpression>();
  const modelled = new Set<ts.CallExpression>();
  const traced = (expression: ts.Expression): ValueSet => {
    const { value, through } = evaluator.traced(expression);
    through.forEach((node) => used.add(node));
    return value;
  };
  const defaultsOf = (factory: ts.CallExpression): ValueSet | undefined => {
    used.add(factory);
    return factory.arguments[0] && { alternatives: propertyOf(traced(factory.arguments[0]), 'defaultSettings').values };
  };
  /** An AI SDK provider's model: its provider's default settings, its own over them. */
  const addModel = (call: ts.CallExpression, { factory }: Provider): void => {
    if (factory) modelled.add(factory);
    const settings = call.arguments[1] && traced(call.arguments[1]);
    used.add(call);
    entries.push({ span: spanOf(call), entry: 'languageModel', options: providerModelOptions(factory && defaultsOf(factory), settings, spanOf(call)) });
  };

  const addTyped = (expression: ts.Expression | undefined, declaration: ts.Node, entry: string): void => {
    if (!expression) return;
    typed.push({ configuration: { span: spanOf(expression), entry, options: evaluator.evaluate(expression) }, declaration });
  };

  const addGate = (kind: Gate['kind'], set: ValueSet): void => {
    for (const value of set.alternatives) {
      if (value.kind === 'function') gates.push({ kind, functionId: value.functionId, span: value.span, events: [] });
    }
  };

  /** A value typed `HookCallbackMatcher` (or a list of them): its hooks are gates wherever it is registered. */
  const addMatchers = (type: ts.TypeNode | undefined, expression: ts.Expression): void => {
    const list = isMatcherType(type, scopes);
    if (list === undefined) return;
    const value = evaluator.evaluate(expression);
    const matchers = list ? value.alternatives.flatMap((item) => (item.kind === 'array' ? item.elements : [])) : [value];
    for (const matcher of matchers) gates.push(...matcherHooks(matcher));
  };

  /**
   * A value typed as the SDK's record of hooks by event (`Options['hooks']`,
   * `Partial<Record<HookEvent, HookCallbackMatcher[]>>`): options holding only
   * those hooks, whose events are known, checked where no entry point is seen.
   */
  const addHooksRecord = (expression: ts.Expression, declaration: ts.Node): void => {
    const options = emptyObject(spanOf(expression));
    options.complete = false;
    options.properties.set('hooks', { key: 'hooks', spelling: 'hooks', keySpan: spanOf(expression), value: evaluator.evaluate(expression) });
    typed.push({ configuration: { span: spanOf(expression), entry: 'Options', options: single(options) }, declaration });
  };

  /** `spare.claim({ prompt, options })`: the claim's options over the ones fixed at prewarm. */
  const addClaim = (call: ts.CallExpression): void => {
    const prewarm = prewarmCallOf(call, scopes);
    if (!prewarm || !call.arguments[0] || !prewarm.arguments[0]) return;
    const options = emptyObject(spanOf(call));
    for (const argument of [prewarm.arguments[0], call.arguments[0]]) {
      spreadInto(options, { alternatives: propertyOf(evaluator.evaluate(argument), 'options').values }, spanOf(argument));
    }
    entries.push({ span: spanOf(call), entry: 'claim', options: { alternatives: [options] } });
  };

  // Every other kind of node is passed over.
  for (const node of indexOf(file).candidates) {
    if (isCallExpression(node)) {
      const reference = sdkReferenceOf(node.expression, scopes);
      const provider = modelCallProvider(node, scopes);
      if (provider) addModel(node, provider);
      else if (isProviderFactoryCall(node, scopes)) factories.add(node);
      else if (reference?.name === 'tool' && node.arguments[3]) addGate('tool', evaluator.evaluate(node.arguments[3]));
      else if (reference) addEntry(node, reference);
      else {
        addClaim(node);
        const found = switchOf(node, scopes);
        if (found) switches.push({ ...found, call: node });
        for (const { started: call, switched, ...handed } of switchesOfCallee(node, scopes, evaluator)) switches.push({ ...handed, started: [call], call: switched });
      }
    } else if (isVariableDeclaration(node) && node.initializer) {
      const type = declaredType(node);
      if (isSdkType(type, optionsTypes, scopes)) addTyped(node.initializer, node, 'Options');
      const gateKind = type && gateKindOf(type, scopes);
      if (gateKind) addGate(gateKind, evaluator.evaluate(node.initializer));
      addMatchers(node.type, node.initializer);
      if (isHooksRecordType(type, scopes)) addHooksRecord(node.initializer, node);
    } else if ((isSatisfiesExpression(node) || isAsExpression(node)) && isSdkType(node.type, optionsTypes, scopes)) {
      const holder = unwrapParents(node);
      addTyped(node.expression, isVariableDeclaration(holder) ? holder : node, 'Options');
    } else if (isSatisfiesExpression(node) || isAsExpression(node)) {
      addMatchers(node.type, node.expression);
    } else if (isFunctionLike(node) && (node as FunctionNode).body) {
      const options = isOptionsReturnType(node.type, scopes);
      const hooks = !options && isHooksRecordType(node.type, scopes);
      if (!options && !hooks && isMatcherType(node.type, scopes) === undefined) continue;
      const body = (node as FunctionNode).body!;
      const returned = isBlock(body) ? returnStatements(body).flatMap((r) => (r.expression ? [r.expression] : [])) : [body];
      for (const expression of returned) {
        if (options) addTyped(expression, node, 'Options');
        else if (hooks) addHooksRecord(expression, node);
        else addMatchers(node.type, expression);
      }
    }
  }
  for (const factory of factories) {
    if (!modelled.has(factory)) entries.push({ span: spanOf(factory), entry: 'createClaudeCode', options: providerModelOptions(defaultsOf(factory), undefined, spanOf(factory)) });
  }
  for (const { started: calls, method, written, argument, call: switchCall, evaluator: theirs = evaluator } of switches) {
    for (const call of calls) {
      const index = started.get(call);
      if (index !== undefined) entries[index] = withSwitch(entries[index]!, method, theirs.evaluate(argument), written, spanOf(switchCall));
    }
  }
  return { entries, typed, used, gates };
}

/**
 * A typed options object that an entry point uses is checked as part of that
 * entry's configuration, where the other options it is combined with are
 * known; the others are checked on their own.
 */
export function standaloneTyped(found: FoundConfigurations, used: ReadonlySet<ts.Node>): AgentConfiguration[] {
  return found.typed
    .filter(({ declaration }) => !used.has(declaration) && !usedThroughParent(declaration, used))
    .map(({ configuration }) => configuration);
}

/** The `prewarm(...)` call whose spare process `call` claims: `const spare = await prewarm(...); spare.claim(...)`. */
function prewarmCallOf(call: ts.CallExpression, scopes: Scopes): ts.CallExpression | undefined {
  const callee = unwrap(call.expression);
  if (!isPropertyAccessExpression(callee) || callee.name.text !== 'claim' || !isIdentifier(callee.expression)) return undefined;
  const declaration = scopes.resolve(callee.expression);
  if (!declaration || !isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  let initializer = unwrap(declaration.initializer);
  if (isAwaitExpression(initializer)) initializer = unwrap(initializer.expression);
  if (!isCallExpression(initializer)) return undefined;
  return sdkReferenceOf(initializer.expression, scopes)?.name === 'prewarm' ? initializer : undefined;
}

function gateKindOf(type: ts.TypeNode, scopes: Scopes): Gate['kind'] | undefined {
  for (const [name, kind] of Object.entries(gateTypes)) if (isSdkType(type, [name], scopes)) return kind;
  return undefined;
}

/** `HookCallbackMatcher` (false) or `HookCallbackMatcher[]` (true); undefined for any other type. */
function isMatcherType(type: ts.TypeNode | undefined, scopes: Scopes): boolean | undefined {
  if (!type) return undefined;
  if (isSdkType(type, matcherTypes, scopes)) return false;
  return isArrayTypeNode(type) && isSdkType(type.elementType, matcherTypes, scopes) ? true : undefined;
}

/** `Options['hooks']`, `Record<HookEvent, HookCallbackMatcher[]>`, or that in `Partial<...>`: hooks by event. */
function isHooksRecordType(type: ts.TypeNode | undefined, scopes: Scopes): boolean {
  if (!type) return false;
  if (isIndexedAccessTypeNode(type)) {
    const index = type.indexType;
    return isSdkType(type.objectType, optionsTypes, scopes) && isLiteralTypeNode(index) && isStringLiteralLike(index.literal) && index.literal.text === 'hooks';
  }
  if (!isTypeReferenceNode(type) || !isIdentifier(type.typeName)) return false;
  const [first, second] = type.typeArguments ?? [];
  if (type.typeName.text === 'Partial' && type.typeArguments?.length === 1) return isHooksRecordType(first, scopes);
  return type.typeName.text === 'Record' && isMatcherType(second, scopes) === true;
}

/** `Options` or `Promise<Options>` as a function's declared return type. */
function isOptionsReturnType(type: ts.TypeNode | undefined, scopes: Scopes): boolean {
  if (!type) return false;
  if (isSdkType(type, optionsTypes, scopes)) return true;
  return (
    isTypeReferenceNode(type) &&
    isIdentifier(type.typeName) &&
    type.typeName.text === 'Promise' &&
    isSdkType(type.typeArguments?.[0], optionsTypes, scopes)
  );
}

/** The declaration a `satisfies`/`as` expression initialises, through parentheses. */
function unwrapParents(node: ts.Node): ts.Node {
  let current = node.parent;
  while (isParenthesizedExpression(current) || isAsExpression(current) || isSatisfiesExpression(current)) current = current.parent;
  return current;
}

/**
 * `const options = {...} satisfies Options` is used when its variable is; a
 * typed helper, when called; an object typed inside an entry's argument, by that entry.
 */
function usedThroughParent(declaration: ts.Node, used: ReadonlySet<ts.Node>): boolean {
  for (let current: ts.Node | undefined = declaration; current; current = current.parent) {
    if (used.has(current)) return true;
    if (isSourceFile(current)) return false;
  }
  return false;
}
