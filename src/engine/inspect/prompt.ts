import { writerFor } from '../../frontends/registry.js';
import type { AgentConfiguration, AgentModel, Value } from '../../model/types.js';
import { certaintyOf, isNotSet, isString, optionOf } from '../../model/values.js';
import { step } from './describe.js';
import { dontAskSteps, type Modes } from './mode.js';
import type { Step } from './types.js';

/**
 * Who answers a call that would prompt: `dontAsk` and `permissionPrompts:
 * 'none'` deny it (`before`: no prompt is shown, so no PermissionRequest hook
 * runs); then `canUseTool`; then nobody (`after`).
 */
export function promptSteps(config: AgentConfiguration, model: AgentModel, modes: Modes): { before: Step[]; after: Step[] } {
  const before = dontAskSteps(modes);
  const steps: Step[] = [];
  const base = { stage: 'prompt' as const, calls: 'all' as const };
  const prompts = optionOf(config, 'permissionPrompts');
  const none = certaintyOf(prompts.values, (value) => isString(value, 'none'));
  if (none) {
    const option = prompts.properties[0]?.spelling ?? writerFor(model).optionName('permissionPrompts');
    before.push(step({ ...base, effect: 'deny', certainty: none.certainty, option, value: 'none', span: none.matching[0]!.span }));
  }
  const callback = optionOf(config, 'canUseTool');
  const option = callback.properties[0]?.spelling ?? writerFor(model).optionName('canUseTool');
  // An unknown value written for the option is a callback we cannot see; one from an unknown spread may be nothing.
  const written = new Set(callback.properties.flatMap((property) => property.value.alternatives));
  const set = callback.values.filter((value) => !isNotSet(value) && (value.kind !== 'unknown' || written.has(value)));
  const maybe = callback.values.find((value) => value.kind === 'unknown' && !written.has(value));
  if (set.length > 0) {
    const certainty = set.length === callback.values.length ? 'is' : 'can be';
    steps.push(step({ ...base, effect: 'prompt', certainty, option, value: functionName(set[0]!, model), span: set[0]!.span }));
  }
  if (maybe) {
    steps.push(step({ ...base, effect: 'unknown', certainty: 'is', option, value: '', note: `${option} can be set by values computed at run time`, span: maybe.span }));
  }
  const promptTool = optionOf(config, 'permissionPromptToolName');
  const named = promptTool.values.find((value) => value.kind === 'string');
  if (named?.kind === 'string') {
    const toolOption = promptTool.properties[0]?.spelling ?? writerFor(model).optionName('permissionPromptToolName');
    steps.push(step({ ...base, effect: 'prompt', certainty: 'is', option: toolOption, value: named.value, span: named.span }));
  }
  // A settings file is also read by Claude Code itself, where the user answers.
  const nobody =
    config.entry === 'settings'
      ? { option: 'prompt', note: 'the user answers, or canUseTool in an SDK run' }
      : { option: 'no canUseTool' };
  steps.push(step({ ...base, effect: 'prompt', certainty: 'is', value: '', ...nobody }));
  return { before, after: steps };
}

function functionName(value: Value, model: AgentModel): string {
  return value.kind === 'function' ? (model.functions[value.functionId]?.name ?? '') : '';
}
