import { writerFor } from '../../frontends/registry.js';
import { isMcpTool } from '../../model/permission-rules.js';
import { alwaysAskTools, noPermissionTools, readOnlyFileTools } from '../../model/tool-kinds.js';
import type { AgentConfiguration, AgentModel, Value } from '../../model/types.js';
import { isNotSet, listEntries, optionOf } from '../../model/values.js';
import { decide, isRoute, step } from './describe.js';
import { hookSteps, permissionRequestSteps } from './hooks.js';
import { matchList, ruleSources, type RuleSource } from './lists.js';
import { modeSteps, modesOf, type Modes } from './mode.js';
import { persistedSteps } from './persisted.js';
import { promptSteps } from './prompt.js';
import { toolsOf } from './tools.js';
import type { InspectedConfiguration, Stage, Step, ToolDecision } from './types.js';

interface Context {
  config: AgentConfiguration;
  model: AgentModel;
  sources: RuleSource[];
  modes: Modes;
  /** An unknown step when part of the options is computed at run time. */
  opaque: Step[];
  /** Who answers a call that would prompt, in order; the last one answers the rest. */
  prompt: { before: Step[]; after: Step[] };
}

/**
 * Who decides each tool call of one configuration, in the SDK's evaluation
 * order: PreToolUse hooks, deny rules, ask rules, the
 * permission mode, allow rules, PermissionRequest hooks and last `canUseTool`.
 */
export function inspectConfiguration(config: AgentConfiguration, model: AgentModel): InspectedConfiguration {
  const { seen, opaque } = withoutOpaqueParts(config);
  const sources = ruleSources(seen, model);
  const modes = modesOf(seen, model);
  const context: Context = { config: seen, model, sources, modes, opaque, prompt: promptSteps(seen, model, modes) };
  return {
    entry: config.entry,
    ...(config.tier ? { tier: config.tier } : {}),
    span: config.span,
    tools: toolsOf(seen, sources).map((tool) => decideTool(tool, context)),
  };
}

/**
 * Options built from a value toolgate cannot see (`{ ...base, canUseTool }`
 * with `base` computed at run time) can hold any option. Say that once, up
 * front, and read the rest as written, rather than calling every option unknown.
 */
function withoutOpaqueParts(config: AgentConfiguration): { seen: AgentConfiguration; opaque: Step[] } {
  const opaque: Step[] = [];
  const alternatives = config.options.alternatives.map((value): Value => {
    if (value.kind === 'object' && value.complete) return value;
    const note = value.kind === 'object' ? 'the options spread a value computed at run time' : 'the options are computed at run time';
    if (opaque.length === 0) {
      opaque.push(step({ stage: 'tools', effect: 'unknown', calls: 'some', certainty: 'is', option: 'options', value: '', note, span: value.span }));
    }
    return value.kind === 'object' ? { ...value, complete: true } : { kind: 'object', span: value.span, properties: new Map(), complete: true };
  });
  return { seen: { ...config, options: { alternatives } }, opaque };
}

/** Every configuration of one file's model. */
export function inspectModel(model: AgentModel): InspectedConfiguration[] {
  return model.configurations.map((config) => inspectConfiguration(config, model));
}

function decideTool(tool: string, context: Context): ToolDecision {
  const chain = new Chain();
  const denies = listSteps(tool, context.sources, 'deny');
  const removes = (entry: Step) => entry.calls === 'all' && entry.effect === 'deny';
  const hooks = hookSteps(context.config, context.model, tool);
  chain.add(context.opaque);
  chain.add(availabilitySteps(tool, context));
  // A whole-tool deny takes the tool away before anything else runs.
  chain.add(denies.filter(removes));
  chain.add(hooks.early);
  chain.add(denies.filter((entry) => !removes(entry)));
  chain.add(listSteps(tool, context.sources, 'ask'));
  chain.add(hooks.late);
  chain.add(defaultSteps(tool));
  chain.add(modeSteps(tool, context.modes));
  chain.add(listSteps(tool, context.sources, 'allow'));
  chain.add(persistedSteps(context.config, context.model, tool));
  // PermissionRequest hooks answer a call that would prompt before canUseTool is asked.
  chain.answer([...context.prompt.before, ...permissionRequestSteps(context.config, context.model, tool), ...context.prompt.after]);
  return { tool, decision: decide(chain.steps), steps: chain.steps };
}

/**
 * Steps in evaluation order. A step that decides every call closes the
 * chain; one that sends every call to the prompt skips to whoever answers it.
 */
class Chain {
  readonly steps: Step[] = [];
  private state: 'open' | 'routed' | 'closed' = 'open';

  add(steps: readonly Step[]): void {
    for (const next of steps) {
      if (this.state !== 'open') return;
      this.steps.push(next);
      if (decides(next)) this.state = 'closed';
      else if (isRoute(next)) this.state = 'routed';
    }
  }

  answer(steps: readonly Step[]): void {
    for (const next of steps) {
      if (this.state === 'closed') return;
      this.steps.push(next);
      if (next.calls === 'all' && next.certainty === 'is' && next.effect !== 'unknown') this.state = 'closed';
    }
  }
}

function decides(next: Step): boolean {
  return next.calls === 'all' && next.certainty === 'is' && (next.effect === 'approve' || next.effect === 'deny');
}

/** The steps of one rule list kind (deny, ask or allow) for `tool`: one whole rule decides, scoped rules decide some calls. */
function listSteps(tool: string, sources: readonly RuleSource[], list: RuleSource['list']): Step[] {
  const stage: Stage = list;
  const effect = list === 'deny' ? 'deny' : list === 'ask' ? 'prompt' : 'approve';
  const steps: Step[] = [];
  const matched = sources.filter((source) => source.list === list).map((source) => ({ source, result: matchList(source, tool) }));
  const decisive = matched.find(({ result }) => result.whole);
  if (decisive) {
    const entry = decisive.result.whole!;
    const value = decisive.source.writtenAs ?? entry.value;
    return [step({ stage, effect, calls: 'all', certainty: 'is', option: decisive.source.option, value, span: entry.span })];
  }
  for (const { source, result } of matched) {
    for (const match of result.matches) {
      const ignored = match.coverage === 'ignored';
      steps.push(
        step({
          stage,
          effect: ignored ? 'none' : effect,
          calls: match.coverage === 'all' ? 'all' : 'some',
          certainty: match.everyPath ? 'is' : 'can be',
          option: source.option,
          value: source.writtenAs ?? match.entry.value,
          ...(ignored ? { note: `Claude Code never consults ${match.entry.value.split('(')[0]} rules with a specifier` } : {}),
          span: match.entry.span,
        }),
      );
    }
    if (result.unknown) {
      const note = `${result.unknown.whole ? '' : 'part of '}${source.option} is computed at run time`;
      steps.push(step({ stage, effect: 'unknown', calls: 'some', certainty: 'is', option: source.option, value: '', note, span: result.unknown.span }));
    }
  }
  return steps;
}

/** The `tools` option: a built-in tool it does not list is not available at all. MCP tools do not depend on it. */
function availabilitySteps(tool: string, context: Context): Step[] {
  if (isMcpTool(tool)) return [];
  const view = optionOf(context.config, 'tools');
  const option = view.properties[0]?.spelling ?? writerFor(context.model).optionName('tools');
  let removed = 0;
  let without: Value | undefined;
  let unknown: Value | undefined;
  for (const value of view.values) {
    if (isNotSet(value) || value.kind === 'object') continue;
    if (value.kind !== 'array') {
      unknown ??= value;
      continue;
    }
    if (listEntries([value]).some((entry) => entry.value === tool)) continue;
    if (!value.complete) unknown ??= value;
    else {
      removed++;
      without ??= value;
    }
  }
  const steps: Step[] = [];
  if (without) {
    const certainty = removed === view.values.length ? 'is' : 'can be';
    steps.push(step({ stage: 'tools', effect: 'deny', calls: 'all', certainty, option, value: '', span: without.span }));
  }
  if (unknown) steps.push(step({ stage: 'tools', effect: 'unknown', calls: 'some', certainty: 'is', option, value: '', span: unknown.span }));
  return steps;
}

/** What the SDK does with the tool on its own, before the mode. */
function defaultSteps(tool: string): Step[] {
  const base = { stage: 'default' as const, certainty: 'is' as const, option: 'SDK default', value: '' };
  if (alwaysAskTools.has(tool)) return [step({ ...base, effect: 'prompt', calls: 'all', note: `${tool} asks in every mode` })];
  if (readOnlyFileTools.has(tool)) {
    return [step({ ...base, effect: 'approve', calls: 'some', note: 'reads inside the working directory need no permission' })];
  }
  if (noPermissionTools.has(tool)) return [step({ ...base, effect: 'approve', calls: 'all', note: `${tool} needs no permission` })];
  return [];
}
