import { defineRule } from '../src/engine/rule.js';
import { optionName } from '../src/model/agent-code.js';
import { exitDecisions, failsOpen, type Decision } from '../src/model/decisions.js';
import { hookMatchers } from '../src/model/hooks.js';
import type { AgentModel, Exit, FunctionFacts, Gate } from '../src/model/types.js';
import { isNotSet } from '../src/model/values.js';

type MessageIds = 'catchAllows' | 'throwsOpen';

/** Hook events whose callbacks decide whether a tool call may run. */
const permissionEvents = ['PreToolUse', 'PermissionRequest'];

export default defineRule<Record<string, never>, MessageIds>({
  id: 'no-fail-open-hook',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow permission gates that let the call through when they fail',
      config: 'recommended',
    },
    severity: 'error',
    messages: {
      catchAllows:
        'When {{gate}} fails, this handler {{result}}, so the tool call goes ahead unchecked: an error turns the permission check off. Return a deny with a reason instead.',
      throwsOpen:
        "{{hook}} can deny, but it can also throw outside a try block ({{what}}), and this matcher has no onFailure: 'block', so a throw lets the call through. Add onFailure: 'block' to the matcher, or catch errors and deny.",
    },
    schema: [],
    defaultOptions: [{}],
  },
  check(model, _options, report) {
    for (const gate of model.gates) {
      const facts = model.functions[gate.functionId];
      if (!facts || !isPermissionGate(gate, facts)) continue;
      for (const handler of facts.catches) {
        const open = handler.exits.find((exit) => exitDecisions(exit).some(failsOpen));
        if (open) report({ messageId: 'catchAllows', span: handler.span, data: { gate: gateName(model, gate, facts), result: describe(model, open) } });
      }
    }
    // The Python SDK has no onFailure; there only the catch clause applies.
    if (model.language === 'python') return;
    for (const config of model.configurations) {
      for (const matcher of hookMatchers(config)) {
        if (matcher.event !== 'PreToolUse') continue;
        // Only a matcher that certainly does not block: an unknown or possibly 'block' onFailure is not reported.
        if (!matcher.onFailure.every((value) => isNotSet(value) || (value.kind === 'string' && value.value !== 'block'))) continue;
        for (const hook of matcher.callbacks) {
          const facts = hook.functionId === undefined ? undefined : model.functions[hook.functionId];
          if (!facts?.mayThrow || !decides(facts, 'deny')) continue;
          report({ messageId: 'throwsOpen', span: hook.span, data: { hook: facts.name ? `'${facts.name}'` : 'This hook', what: facts.mayThrow.description } });
        }
      }
    }
  },
});

/** canUseTool, PreToolUse and PermissionRequest hooks, and SDK-typed hooks that return a permission decision. */
function isPermissionGate(gate: Gate, facts: FunctionFacts): boolean {
  if (gate.kind === 'canUseTool') return true;
  if (gate.kind !== 'hook') return false;
  if (gate.events.length > 0) return gate.events.some((event) => permissionEvents.includes(event));
  return decides(facts, 'allow', 'deny', 'ask');
}

function decides(facts: FunctionFacts, ...decisions: Decision[]): boolean {
  return facts.exits.some((exit) => exitDecisions(exit).some((decision) => decisions.includes(decision)));
}

function gateName(model: AgentModel, gate: Gate, facts: FunctionFacts): string {
  const name = facts.name ? `'${facts.name}'` : gate.kind === 'canUseTool' ? optionName(model, 'canUseTool') : 'the hook';
  return name;
}

function describe(model: AgentModel, exit: Exit): string {
  if (exit.kind === 'end') return 'returns nothing';
  const [decision] = exitDecisions(exit).filter(failsOpen);
  if (exit.kind === 'return' && exit.value.alternatives.every((value) => value.kind === 'undefined')) {
    return model.language === 'python' ? 'returns None' : 'returns undefined';
  }
  return decision === 'allow' ? 'returns allow' : 'returns no decision';
}
