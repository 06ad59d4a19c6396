import type { AgentModel, FunctionFacts, Gate } from './types.js';

/**
 * Agent code: the gates (hooks, `canUseTool`, tool handlers) and every
 * same-file function they call, each once.
 */
export function agentFunctions(model: AgentModel, gates: readonly Gate[] = model.gates): FunctionFacts[] {
  const reached = new Set<number>();
  const pending = gates.map((gate) => gate.functionId);
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (reached.has(id)) continue;
    reached.add(id);
    for (const callee of model.functions[id]?.calls ?? []) pending.push(callee);
  }
  return [...reached].sort((a, b) => a - b).flatMap((id) => (model.functions[id] ? [model.functions[id]] : []));
}

/** Where a settings file keeps what the SDK takes as an option. */
const settingsNames: Readonly<Record<string, string>> = {
  allowedTools: 'permissions.allow',
  disallowedTools: 'permissions.deny',
  askTools: 'permissions.ask',
  permissionMode: 'permissions.defaultMode',
};

/**
 * The name an option has in the file's language: `allowedTools`,
 * `allowed_tools` in Python, `permissions.allow` in a settings file.
 */
export function optionName(model: AgentModel, canonical: string): string {
  if (model.language === 'settings') return settingsNames[canonical] ?? canonical;
  const own = model.optionNames?.[canonical];
  if (own) return own;
  return model.language === 'python' ? canonical.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`) : canonical;
}
