import { defineRule } from '../src/model/rule.js';
import { rerunOf } from '../src/model/requests.js';
import type { AgentModel, CallSite } from '../src/model/types.js';
import { gateFunctions } from '../src/model/permission-gates.js';

type MessageIds = 'retry';

export default defineRule<Record<string, never>, MessageIds>({
  id: 'no-retry-in-failure-hook',
  meta: {
    type: 'problem',
    docs: { description: 'Disallow running a tool again from a PostToolUseFailure hook', config: 'recommended' },
    severity: 'warn',
    messages: {
      retry:
        "{{hook}} {{action}} after the tool failed. A failure can be a timeout whose write already reached the server, so this can apply it twice, and the agent may retry the call as well. Record the failure instead (log it, queue it for a person, or return additionalContext) and leave the retry to the agent.",
    },
    schema: [],
    defaultOptions: [{}],
  },
  check(model, _options, report) {
    const work = new ToolWork(model);
    for (const { gate, facts } of gateFunctions(model)) {
      if (gate.kind !== 'hook' || !gate.events.includes('PostToolUseFailure')) continue;
      const hook = facts.name ? `The PostToolUseFailure hook '${facts.name}'` : 'This PostToolUseFailure hook';
      for (const site of facts.callSites) {
        const action = work.actionOf(site, new Set([gate.functionId]), true);
        if (action) report({ messageId: 'retry', span: site.span, data: { hook, action } });
      }
    }
  },
});

/**
 * What a call does again: a request, a tool handler, or the tool's own work;
 * and a new agent query the hook starts itself, which hands the failed call to
 * another agent. A query reached through another function is that function's
 * own task (a session title, a summary): it neither runs the tool nor sends its
 * request. The tool's own work is an `async` function of the file
 * that a tool handler calls: synchronous helpers both share (formatting,
 * logging) are not reported.
 */
class ToolWork {
  private readonly handlers: Set<number>;
  private readonly shared = new Set<number>();

  constructor(private readonly model: AgentModel) {
    this.handlers = new Set(model.gates.filter((gate) => gate.kind === 'tool').map((gate) => gate.functionId));
    for (const handler of this.handlers) {
      for (const callee of model.functions[handler]?.calls ?? []) if (model.functions[callee]?.async) this.shared.add(callee);
    }
  }

  /**
   * Why this call is a retry, as a phrase; undefined when it is not one.
   * `seen`: functions on the path, against cycles; `inHook`: the call is the hook's own.
   */
  actionOf(site: CallSite, seen: Set<number>, inHook: boolean): string | undefined {
    const rerun = rerunOf(site.callee);
    if (rerun?.kind === 'query') return inHook ? 'starts a new agent query' : undefined;
    if (rerun) return `sends the request again (${rerun.callee})`;
    for (const id of site.functionIds) {
      const name = this.model.functions[id]?.name;
      const called = name ? `'${name}'` : 'a function';
      if (this.handlers.has(id)) return name ? `runs the tool handler '${name}' again` : 'runs a tool handler again';
      if (this.shared.has(id)) return `runs ${called}, the tool's own work, again`;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const inner of this.model.functions[id]?.callSites ?? []) {
        const action = this.actionOf(inner, seen, false);
        if (action) return `calls ${called}, which ${action}`;
      }
    }
    return undefined;
  }
}
