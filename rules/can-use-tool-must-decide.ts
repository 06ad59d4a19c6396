import { defineRule, type Suggestion } from '../src/model/rule.js';
import { sdkFacts } from '../src/model/sdk-facts.js';
import type { SourceWriter } from '../src/model/source-writer.js';
import type { AgentModel, Exit, FunctionFacts, Value } from '../src/model/types.js';
import { certaintyOf, isNotSet, optionOf, refusesTogether } from '../src/model/values.js';
import { gateFunctions, within } from '../src/model/permission-gates.js';

type MessageIds = 'noDecision' | 'withPromptTool' | 'denyHere';

/** The message a suggested deny gives the model; the author is expected to make it specific. */
const denyMessage = 'This tool call is not allowed here.';

/** What the SDK does with a canUseTool that answers nothing (`undecidedCanUseTool`). */
const consequences = {
  raises: 'the SDK raises an error and the tool call fails',
  waits: 'the tool call waits for an answer that never comes',
};

export default defineRule<Record<string, never>, MessageIds>({
  id: 'can-use-tool-must-decide',
  meta: {
    type: 'problem',
    docs: { description: 'Require canUseTool to return a decision on every path', config: 'recommended' },
    severity: 'error',
    messages: {
      noDecision:
        '{{callback}} {{how}}, so {{consequence}}. Return an allow or a deny (with a message) on every path.',
      withPromptTool:
        '{{callback}} and {{promptTool}} {{certainty}} set together, and the SDK refuses to start with both: {{callback}} already answers the permission prompts. Keep one of them.',
      denyHere: 'Deny the call on this path, with a message for the model.',
    },
    hasSuggestions: true,
    schema: [],
    defaultOptions: [{}],
  },
  check(model, _options, report, write) {
    const callback = write.optionName('canUseTool');
    const undecided = sdkFacts(model).undecidedCanUseTool;
    for (const { gate, facts: callbackFacts } of gateFunctions(model)) {
      // A function whose result the callback returns is reached through the callback's returns (below).
      if (gate.kind !== 'canUseTool' || !undecided || gate.returnedBy !== undefined) continue;
      const consequence = consequences[undecided];
      for (const { facts, exit, how } of undecidedExits(model, callbackFacts, write)) {
        const name = facts.name ? `'${facts.name}'` : callback;
        const deny = exit.kind === 'return' ? denyHere(write, facts, exit) : undefined;
        report({
          messageId: 'noDecision',
          span: exit.kind === 'end' ? facts.headSpan : exit.span,
          data: { callback: name, how, consequence },
          ...(deny ? { suggestions: [deny] } : {}),
        });
      }
    }
    const promptTool = write.optionName('permissionPromptToolName');
    for (const config of model.configurations) {
      const callbacks = certaintyOf(optionOf(config, 'canUseTool').values, isKnownSet);
      const tools = callbacks && certaintyOf(optionOf(config, 'permissionPromptToolName').values, isKnownSet);
      // A check before the entry that throws when both are set (a wrapper's own validation) keeps them apart.
      if (!callbacks || !tools || refusesTogether(config, ['canUseTool', 'permissionPromptToolName'])) continue;
      const certainty = callbacks.certainty === 'is' && tools.certainty === 'is' ? 'are' : 'can be';
      for (const value of tools.matching) report({ messageId: 'withPromptTool', span: value.span, data: { callback, promptTool, certainty } });
    }
  },
});

/**
 * The exits of a callback that answer nothing. A return of another
 * function's result (`(n, i, o) => this.review(n, i, o)`) that is only
 * sometimes nothing is followed into that function, whose own returns then
 * say which path answers nothing; one that is always nothing is reported
 * where it is, once.
 */
function* undecidedExits(model: AgentModel, facts: FunctionFacts, write: SourceWriter, seen = new Set([facts.id])): Generator<{ facts: FunctionFacts; exit: Exit; how: string }> {
  for (const exit of facts.exits) {
    const how = nothingReturned(exit, write);
    if (how) {
      yield { facts, exit, how };
      continue;
    }
    for (const call of facts.callSites) {
      if (!call.returned || !within(call.span, exit.span)) continue;
      for (const id of call.functionIds) {
        const callee = model.functions[id];
        if (!callee || seen.has(id)) continue;
        seen.add(id);
        yield* undecidedExits(model, callee, write, seen);
      }
    }
  }
}

/**
 * How an exit ends without a decision: it falls off the end, or every value it
 * can return is nothing (a return whose value is only sometimes nothing, or
 * unknown, is not reported).
 */
function nothingReturned(exit: Exit, write: SourceWriter): string | undefined {
  if (exit.kind === 'end') return 'can reach its end without returning a decision';
  if (exit.kind !== 'return' || exit.value.alternatives.length === 0 || !exit.value.alternatives.every(isNotSet)) return undefined;
  const nothing = write.nothing(exit.value.alternatives.every((value) => value.kind === 'null') ? 'null' : 'undefined');
  return `returns ${nothing} instead of a decision`;
}

/**
 * A return of nothing becomes a deny. Falling off the end gets no edit: where
 * the new return goes depends on indentation the model does not hold. In
 * Python the deny is offered only where the module already names
 * `PermissionResultDeny` (see its front end's `denyResult`).
 */
function denyHere(write: SourceWriter, facts: FunctionFacts, exit: Extract<Exit, { kind: 'return' }>): Suggestion<MessageIds> | undefined {
  const deny = write.denyResult('canUseTool', facts, denyMessage);
  return deny ? { messageId: 'denyHere', edits: [write.returnInstead(exit, deny)] } : undefined;
}

function isKnownSet(value: Value): boolean {
  return !isNotSet(value) && value.kind !== 'unknown';
}
