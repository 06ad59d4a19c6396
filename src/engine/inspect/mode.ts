import { writerFor } from '../../frontends/registry.js';
import { editTools, shellTools } from '../../model/tool-kinds.js';
import type { AgentConfiguration, AgentModel, Span } from '../../model/types.js';
import { isNotSet, optionOf } from '../../model/values.js';
import { step } from './describe.js';
import type { Step } from './types.js';

/** One mode the configuration can run in; `unknown` when computed at run time. */
export interface ModeAlternative {
  mode: string;
  span?: Span;
  certainty: 'is' | 'can be';
  /** Why Claude Code drops the mode as written (and runs in `default`). */
  ignored?: string;
}

export interface Modes {
  option: string;
  alternatives: ModeAlternative[];
}

/** Modes a project settings file cannot turn on, and those that do nothing from a local one. */
const droppedInProject = new Set(['bypassPermissions', 'auto', 'acceptEdits']);

/** The modes a configuration can run in. An absent mode is `default` (the SDK's d.ts says `auto`). */
export function modesOf(config: AgentConfiguration, model: AgentModel): Modes {
  const view = optionOf(config, 'permissionMode');
  const option = view.properties[0]?.spelling ?? writerFor(model).optionName('permissionMode');
  const groups = new Map<string, Omit<ModeAlternative, 'certainty'>>();
  for (const value of view.values) {
    let mode = 'unknown';
    if (isNotSet(value)) mode = 'default';
    else if (value.kind === 'string') mode = value.value === 'manual' ? 'default' : value.value;
    if (groups.has(mode)) continue;
    groups.set(mode, { mode, ...(isNotSet(value) ? {} : { span: value.span }), ...droppedNote(config, mode) });
  }
  const certainty = groups.size > 1 ? 'can be' : 'is';
  return { option, alternatives: [...groups.values()].map((group) => ({ ...group, certainty })) };
}

function droppedNote(config: AgentConfiguration, mode: string): { ignored?: string } {
  if (config.entry !== 'settings') return {};
  if (config.tier === 'project' && droppedInProject.has(mode)) return { ignored: 'project settings cannot turn it on' };
  if (config.tier === 'local' && mode === 'auto') return { ignored: 'auto has no effect from a local settings file' };
  return {};
}

/** What the permission mode does to `tool`'s calls, before allow rules. */
export function modeSteps(tool: string, modes: Modes): Step[] {
  const steps: Step[] = [];
  for (const alternative of modes.alternatives) {
    const base = { stage: 'mode' as const, option: modes.option, value: alternative.mode, certainty: alternative.certainty, ...(alternative.span ? { span: alternative.span } : {}) };
    if (alternative.ignored) {
      steps.push(step({ ...base, effect: 'none', calls: 'all', note: alternative.ignored }));
      continue;
    }
    switch (alternative.mode) {
      case 'bypassPermissions':
        steps.push(step({ ...base, effect: 'approve', calls: 'all' }));
        break;
      case 'acceptEdits':
        if (editTools.has(tool)) steps.push(step({ ...base, effect: 'approve', calls: 'some', note: 'edits inside the working directory' }));
        if (shellTools.has(tool)) {
          steps.push(step({ ...base, effect: 'approve', calls: 'some', note: 'filesystem commands (mkdir, touch, rm, rmdir, mv, cp, sed) inside the working directory' }));
        }
        break;
      case 'plan':
        if (editTools.has(tool)) steps.push(step({ ...base, effect: 'prompt', calls: 'all', note: 'edits skip allow rules' }));
        if (shellTools.has(tool)) steps.push(step({ ...base, effect: 'prompt', calls: 'some', note: 'shell writes skip allow rules' }));
        break;
      case 'auto':
        steps.push(step({ ...base, effect: 'decide', calls: 'some' }));
        break;
      case 'unknown':
        steps.push(step({ ...base, value: '', effect: 'unknown', calls: 'all' }));
        break;
    }
  }
  return steps;
}

/** `dontAsk` denies what would prompt: it answers in canUseTool's place. */
export function dontAskSteps(modes: Modes): Step[] {
  return modes.alternatives
    .filter((alternative) => alternative.mode === 'dontAsk' && !alternative.ignored)
    .map((alternative) =>
      step({
        stage: 'mode',
        effect: 'deny',
        calls: 'all',
        certainty: alternative.certainty,
        option: modes.option,
        value: 'dontAsk',
        ...(alternative.span ? { span: alternative.span } : {}),
      }),
    );
}
