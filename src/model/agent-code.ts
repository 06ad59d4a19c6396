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
