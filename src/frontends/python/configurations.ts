import type { AgentConfiguration, Gate, ValueSet } from '../../model/types.js';
import { isNotSet } from '../../model/values.js';
import { matcherHooks } from '../../model/hooks.js';
import { sdkExport, type Evaluator } from './evaluate.js';
import { qualifiedName } from './imports.js';
import { gateTypes, optionsClasses } from './sdk.js';
import { switchesOfCallee, switchOf } from './switches.js';
import { guardsBefore, readOfProperty } from './refusals.js';
import { refusedTogether } from '../core/refusals.js';
import { withSwitch } from '../../model/switches.js';
import { field, namedChildren, spanOf, textOf, walk, type PyModule, type PyNode } from './syntax.js';

/** SDK entry points that take options: `query(options=...)`, `ClaudeSDKClient(options)`. */
const entryPoints: Record<string, { keyword: string; position?: number }> = {
  query: { keyword: 'options' },
  ClaudeSDKClient: { keyword: 'options', position: 0 },
};

export interface FoundConfigurations {
  /** Options passed to an entry point. */
  entries: AgentConfiguration[];
  /**
   * Options objects built in this module (`ClaudeAgentOptions(...)`,
   * `dataclasses.replace(...)` of one): checked on their own unless an entry
   * point or another options object of the analysis uses them.
   */
  built: Array<{ configuration: AgentConfiguration; node: PyNode }>;
  /** Options objects an entry point or another options object used. */
  used: Set<PyNode>;
  /** Tool handlers (`@tool`), functions annotated with the SDK's hook or permission types, and the hooks of `HookMatcher(...)`. */
  gates: Gate[];
}

/** Find every agent configuration and typed gate of one module. */
export function findConfigurations(module: PyModule, evaluator: Evaluator): FoundConfigurations {
  const found: FoundConfigurations = { entries: [], built: [], used: new Set(), gates: [] };
  const sdkName = (node: PyNode | undefined): string | undefined => {
    const name = node && qualifiedName(module, evaluator.scopes, node);
    return name ? sdkExport(name) : undefined;
  };
  const addGate = (kind: Gate['kind'], set: ValueSet, events: string[] = []): void => {
    for (const value of set.alternatives) {
      if (value.kind === 'function') found.gates.push({ kind, functionId: value.functionId, span: value.span, events });
    }
  };

  /** Entry calls, and the run-time switches of the sessions they start. */
  const started = new Map<PyNode, number>();
  const switches: Array<NonNullable<ReturnType<typeof switchOf>> & { call: PyNode; evaluator?: Evaluator }> = [];
  walk(module.root, (node) => {
    if (node.type === 'decorated_definition') {
      const definition = field(node, 'definition');
      const tool = node.children.some((child) => child.type === 'decorator' && isToolDecorator(child, sdkName));
      if (tool && definition?.type === 'function_definition') addGate('tool', evaluator.functionValue(definition));
    }
    if (node.type === 'function_definition') {
      const kind = annotatedGate(module, node);
      if (kind) addGate(kind, evaluator.functionValue(node));
    }
    if (node.type !== 'call') return;
    const switched = switchOf(module, evaluator.scopes, node);
    if (switched) switches.push({ ...switched, call: node });
    for (const { started: client, switched: call, ...handed } of switchesOfCallee(evaluator, node)) switches.push({ ...handed, started: [client], call });
    const callee = field(node, 'function');
    // A call node is never a name itself, so without a callee there is no name to look up.
    const qualified = callee && qualifiedName(module, evaluator.scopes, callee);
    const name = qualified ? sdkExport(qualified) : undefined;
    // `tool("name", "description", schema)(handler)`
    if (callee?.type === 'call' && sdkName(field(callee, 'function')) === 'tool') {
      const [first] = evaluator.argumentsOf(node).positional;
      if (first) {
        addGate('tool', evaluator.evaluate(first));
        return;
      }
    }
    // `HookMatcher(hooks=[...])`: its hooks are gates wherever it is registered.
    if (name === 'HookMatcher') {
      found.gates.push(...matcherHooks(evaluator.evaluate(node)));
      return;
    }
    const entry = name && Object.hasOwn(entryPoints, name) ? entryPoints[name] : undefined;
    if (entry) {
      const args = evaluator.argumentsOf(node);
      const keyword = args.keywords.find((item) => field(item, 'name') && textOf(module, field(item, 'name')!) === entry.keyword);
      const argument = keyword ? field(keyword, 'value') : entry.position !== undefined ? args.positional[entry.position] : undefined;
      if (!argument) return;
      const { value, through } = evaluator.traced(argument);
      through.forEach((used) => found.used.add(used));
      const options = { alternatives: value.alternatives.filter((alternative) => !isNotSet(alternative)) };
      if (options.alternatives.length > 0) {
        started.set(node, found.entries.length);
        const refused = refusedTogether(options, guardsBefore(module, evaluator.scopes, node), (property) => readOfProperty(property, module, evaluator.scopes));
        found.entries.push({ span: spanOf(module, node), entry: name!, options, ...(refused.length > 0 ? { refusedTogether: refused } : {}) });
      }
      return;
    }
    const replaced = qualified === 'dataclasses.replace';
    if ((name && optionsClasses.has(name)) || replaced) {
      const { value, through } = evaluator.traced(node);
      through.delete(node);
      through.forEach((used) => found.used.add(used));
      const isOptions = value.alternatives.some((alternative) => alternative.kind === 'object' && !!alternative.constructedBy && optionsClasses.has(alternative.constructedBy));
      if (isOptions) found.built.push({ configuration: { span: spanOf(module, node), entry: name ?? 'replace', options: value }, node });
    }
  });
  for (const { started: calls, method, written, argument, call: switchCall, evaluator: theirs = evaluator } of switches) {
    for (const call of calls) {
      const index = started.get(call);
      if (index !== undefined) found.entries[index] = withSwitch(found.entries[index]!, method, theirs.evaluate(argument), written, spanOf(theirs.source, switchCall), 'permission_mode');
    }
  }
  return found;
}

/** Built options that nothing in the analysis used: checked on their own. */
export function standaloneOptions(found: FoundConfigurations, used: ReadonlySet<PyNode>): AgentConfiguration[] {
  return found.built.filter(({ node }) => !used.has(node)).map(({ configuration }) => configuration);
}

/** `@tool("name", "description", {...})` of the SDK. */
function isToolDecorator(decorator: PyNode, sdkName: (node: PyNode | undefined) => string | undefined): boolean {
  const [expression] = namedChildren(decorator);
  return expression?.type === 'call' && sdkName(field(expression, 'function')) === 'tool';
}

/**
 * A function whose parameters or result are annotated with the SDK's hook or
 * permission types (`context: HookContext`, `-> HookJSONOutput`,
 * `context: ToolPermissionContext`): a gate even where no options wire it up.
 */
function annotatedGate(module: PyModule, fn: PyNode): Gate['kind'] | undefined {
  const parameters = field(fn, 'parameters');
  const annotations = [field(fn, 'return_type'), ...(parameters ? namedChildren(parameters) : []).map((parameter) => field(parameter, 'type'))];
  for (const annotation of annotations) {
    const text = annotation && textOf(module, annotation);
    // A callback type (`can_use_tool: CanUseTool`, `Callable[[..., ToolPermissionContext], ...]`, `-> HookCallback`)
    // names a gate the function takes or makes: it forwards it (the SDK's own `Query.__init__`) or is its factory.
    if (!text || /\bCallable\b/.test(text)) continue;
    const kind = gateTypeIn(text, callbackTypes);
    if (kind) return kind;
  }
  return undefined;
}

/** Callback types: a function of that type is the gate, a parameter of that type only holds one. */
const callbackTypes = new Set(['HookCallback', 'CanUseTool']);

function gateTypeIn(annotation: string, skipped?: ReadonlySet<string>): Gate['kind'] | undefined {
  for (const word of annotation.match(/\w+/g) ?? []) {
    if (Object.hasOwn(gateTypes, word) && !skipped?.has(word)) return gateTypes[word];
  }
  return undefined;
}
