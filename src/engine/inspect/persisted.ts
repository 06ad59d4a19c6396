import { gatesOfConfiguration } from '../../model/hooks.js';
import { allowsWithUpdates, isSuggestionsRead, persistedWholeTools, persistentDestinations } from '../../model/permission-updates.js';
import type { AgentConfiguration, AgentModel } from '../../model/types.js';
import { step } from './describe.js';
import type { Step } from './types.js';

/**
 * Allow rules the configuration's own `canUseTool` or PermissionRequest
 * hooks write when they approve (`updatedPermissions` to `localSettings`,
 * `projectSettings` or `userSettings`): after the first such approval the
 * rule approves `tool`'s calls before the callback, in this session and every
 * later one. Suggestions passed on unread can write a rule for any tool.
 */
export function persistedSteps(config: AgentConfiguration, model: AgentModel, tool: string): Step[] {
  const steps: Step[] = [];
  for (const gate of gatesOfConfiguration(config)) {
    if (gate.kind !== 'canUseTool' && !gate.events.includes('PermissionRequest')) continue;
    const facts = model.functions[gate.functionId];
    if (!facts) continue;
    const option = `${gate.kind === 'canUseTool' ? 'canUseTool' : 'PermissionRequest hook'} updatedPermissions`;
    for (const { updates, suggestions } of allowsWithUpdates(gate, facts)) {
      for (const found of persistedWholeTools(updates.value)) {
        if (found.rule.tool !== tool) continue;
        const file = persistentDestinations[found.destinations[0]!.value]!;
        const note = `after the first approval, written to ${file} for this and every later session`;
        steps.push(step({ stage: 'allow', effect: 'approve', calls: 'all', certainty: 'can be', option, value: found.toolName.value, note, span: found.toolName.span }));
      }
      const echoed = updates.value.alternatives.find((value) => isSuggestionsRead(value, suggestions));
      if (echoed) {
        const note = `${option} passes on the suggestions it is given unread: they can write an allow rule for this tool to a settings file`;
        steps.push(step({ stage: 'allow', effect: 'unknown', calls: 'some', certainty: 'is', option, value: '', note, span: updates.keySpan }));
      }
    }
  }
  return steps;
}
