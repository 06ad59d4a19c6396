import { defineRule, type Suggestion, type TextEdit } from '../src/model/rule.js';
import { exitDecisions, failsOpen, type ResultShape } from '../src/model/decisions.js';
import { hookMatchers } from '../src/model/hooks.js';
import { denyShapeOf, failedCheckReason } from '../src/model/deny-result.js';
import { decides, decidesOutsideCatches, gateFunctions, isPermissionGate } from '../src/model/permission-gates.js';
import { sdkFacts } from '../src/model/sdk-facts.js';
import { canThrowUnder } from '../src/model/tool-input-fields.js';
import type { SourceWriter } from '../src/model/source-writer.js';
import type { CatchFacts, Exit, FunctionFacts, Gate, Span, Value } from '../src/model/types.js';
import { isNotSet } from '../src/model/values.js';

type MessageIds = 'catchAllows' | 'throwsOpen' | 'denyOnFailure' | 'blockOnFailure';

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
      denyOnFailure: 'Deny the call when the check fails, with a reason for the model.',
      blockOnFailure: "Set onFailure: 'block', so a throw blocks the call.",
    },
    hasSuggestions: true,
    schema: [],
    defaultOptions: [{}],
  },
  check(model, _options, report, write) {
    for (const { gate, facts } of gateFunctions(model)) {
      if (!isPermissionGate(gate, facts)) continue;
      // Each gate's result read as its caller reads it: a PermissionRequest hook's permissionDecision is no decision.
      const shape = denyShapeOf(gate, facts);
      // A hook that never decides is no check, so its failing turns none off.
      if (!decidesOutsideCatches(gate, facts)) continue;
      for (const handler of facts.catches) {
        const open = handler.exits.filter((exit) => exitDecisions(exit, shape).some(failsOpen));
        // A block that decides nothing on any path when it works turns no check off when it fails into no decision either.
        if (open.length === 0 || (handler.tried && decidesNothing(handler.tried, shape) && decidesNothing(open, shape))) continue;
        const deny = denyInstead(write, gate, facts, handler, open);
        report({
          messageId: 'catchAllows',
          span: handler.span,
          data: { gate: gateName(write, gate, facts), result: describe(write, open[0]!, shape) },
          ...(deny ? { suggestions: [deny] } : {}),
        });
      }
    }
    // Where the SDK has no onFailure, only the catch clause applies.
    if (!sdkFacts(model).hasOnFailure) return;
    for (const config of model.configurations) {
      for (const matcher of hookMatchers(config)) {
        if (matcher.event !== 'PreToolUse') continue;
        // Only a matcher that certainly does not block: an unknown or possibly 'block' onFailure is not reported.
        if (!matcher.onFailure.every((value) => isNotSet(value) || (value.kind === 'string' && value.value !== 'block'))) continue;
        for (const hook of matcher.callbacks) {
          const facts = hook.functionId === undefined ? undefined : model.functions[hook.functionId];
          if (!facts || !canThrowUnder(facts.mayThrow, matcher.matcher) || !decides(facts, 'deny')) continue;
          const block = blockOnFailure(write, matcher.span, matcher.onFailure);
          report({
            messageId: 'throwsOpen',
            span: hook.span,
            data: { hook: facts.name ? `'${facts.name}'` : 'This hook', what: facts.mayThrow!.description },
            ...(block ? { suggestions: [block] } : {}),
          });
        }
      }
    }
  },
});

/** Every way out is a return or end with no decision (none throws, exits, allows or denies). */
function decidesNothing(exits: readonly Exit[], shape: ResultShape | undefined): boolean {
  return exits.length > 0 && exits.every((exit) => {
    const decisions = exitDecisions(exit, shape);
    return decisions.length > 0 && decisions.every((decision) => decision === 'none');
  });
}

/**
 * Each fail-open return in the handler becomes a deny. Offered only when every
 * way the handler lets the call through is such a return inside it: a handler
 * that falls through to code after the try, or to the end, has no one place
 * to edit that changes only the failure path.
 */
function denyInstead(write: SourceWriter, gate: Gate, facts: FunctionFacts, handler: CatchFacts, open: Exit[]): Suggestion<MessageIds> | undefined {
  const { body } = handler;
  const shape = denyShapeOf(gate, facts);
  const deny = shape && write.denyResult(shape, facts, failedCheckReason);
  if (!body || !deny) return undefined;
  const edits: TextEdit[] = [];
  for (const exit of new Set(open)) {
    if (exit.kind !== 'return' || exit.span.file !== body.file || exit.span.start < body.start || exit.span.end > body.end) return undefined;
    edits.push(write.returnInstead(exit, deny));
  }
  return { messageId: 'denyOnFailure', edits };
}

/** `onFailure: 'block'` in place of a written 'continue', or added to a matcher that has none. */
function blockOnFailure(write: SourceWriter, matcher: Span, onFailure: Value[]): Suggestion<MessageIds> | undefined {
  if (onFailure.length !== 1) return undefined;
  const [value] = onFailure;
  const block = write.string('block');
  if (value!.kind === 'string') return { messageId: 'blockOnFailure', edits: [{ span: value!.span, text: block }] };
  if (value!.kind !== 'absent') return undefined;
  const inside = { ...matcher, start: matcher.start + 1, end: matcher.start + 1 };
  return { messageId: 'blockOnFailure', edits: [{ span: inside, text: ` ${write.option('onFailure', block)},` }] };
}

function gateName(write: SourceWriter, gate: Gate, facts: FunctionFacts): string {
  const name = facts.name ? `'${facts.name}'` : gate.kind === 'canUseTool' ? write.optionName('canUseTool') : 'the hook';
  return name;
}

function describe(write: SourceWriter, exit: Exit, shape: ResultShape | undefined): string {
  if (exit.kind === 'end') return 'returns nothing';
  const decisions = exitDecisions(exit, shape);
  const [decision] = decisions.filter(failsOpen);
  if (exit.kind === 'return' && exit.value.alternatives.every((value) => value.kind === 'undefined')) {
    return `returns ${write.nothing('undefined')}`;
  }
  // A return that may also deny (a helper that blocks or continues as a setting says) only can let the call through.
  const verb = decisions.every(failsOpen) ? 'returns' : 'can return';
  return `${verb} ${decision === 'allow' ? 'allow' : 'no decision'}`;
}
