import { defineRule, type Suggestion } from '../src/model/rule.js';
import { insideQuotes } from '../src/model/literal-edit.js';
import { gateFunctions } from '../src/model/permission-gates.js';
import { scopedExample } from '../src/model/permission-rules.js';
import { allowsWithUpdates, isSuggestionsRead, persistedWholeTools, persistentDestinations, type PersistedWholeTool } from '../src/model/permission-updates.js';
import type { SourceWriter } from '../src/model/source-writer.js';
import type { FunctionFacts, Gate } from '../src/model/types.js';
import { originClause, originPlaces } from '../src/model/values.js';

type Options = { allow: string[] };
type MessageIds = 'wholeToolPersisted' | 'suggestionsEchoed' | 'keepForSession';

export default defineRule<Options, MessageIds>({
  id: 'no-persisted-whole-tool-allow',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow permission results that write an allow rule for a whole tool to a settings file',
      config: 'recommended',
    },
    severity: 'warn',
    messages: {
      wholeToolPersisted:
        "{{gate}} {{verb}} an allow rule for every {{tool}} call to {{destination}} ({{file}}){{from}}: every later session approves {{tool}} at the allow step, so {{callback}} never sees those calls again. Persist a scoped rule (e.g. {{example}}), or keep this one for the session with destination 'session'.",
      suggestionsEchoed:
        "{{gate}} returns the {{suggestions}} it was given as updatedPermissions, unfiltered: they can hold an allow rule for a whole tool with a settings-file destination, and once it is written every later session approves that tool before {{callback}} runs. Return only the suggestions you mean to keep: scoped rules, or destination 'session'.",
      keepForSession: "Keep the rule for this session only (destination 'session').",
    },
    hasSuggestions: true,
    schema: [
      {
        type: 'object',
        properties: {
          allow: {
            type: 'array',
            items: { type: 'string' },
            description: 'Tool names that may be allowed for good on purpose (e.g. "Read").',
          },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ allow: [] }],
  },
  check(model, options, report, write) {
    const callback = write.optionName('canUseTool');
    // A callback and the function whose result it returns (`(n, i, o) => this.review(n, i, o)`) return the same objects: each is reported once.
    const seen = new Set<string>();
    for (const { gate, facts } of gateFunctions(model)) {
      for (const { updates, suggestions } of allowsWithUpdates(gate, facts)) {
        const key = `${updates.keySpan.file ?? ''}:${updates.keySpan.start}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const name = gateName(write, gate, facts);
        // The suggestions are only known at run time: passing them on whole "can" persist a whole tool.
        if (updates.value.alternatives.some((value) => isSuggestionsRead(value, suggestions))) {
          report({ messageId: 'suggestionsEchoed', span: updates.keySpan, data: { gate: name, suggestions: suggestionsName(suggestions.path), callback } });
        }
        for (const found of persistedWholeTools(updates.value)) {
          if (options.allow.includes(found.rule.tool)) continue;
          const [destination] = found.destinations;
          report({
            messageId: 'wholeToolPersisted',
            span: found.toolName.span,
            data: {
              gate: name,
              verb: found.certainty === 'is' ? 'writes' : 'can write',
              tool: found.rule.tool,
              destination: destination!.value,
              file: persistentDestinations[destination!.value]!,
              from: originClause(destination!),
              callback,
              example: scopedExample(found.rule.tool),
            },
            related: originPlaces(destination!),
            ...sessionInstead(found, model.path),
          });
        }
      }
    }
  },
});

/**
 * `'session'` in place of the destination: the rule then lasts as long as
 * the session, as the SDK's suggestions do. It never grants more than the
 * code did, so it is offered, never applied on its own (the grant is lost at
 * the session's end, which its author may not want). Only for one written
 * destination, edited inside its quotes.
 */
function sessionInstead(found: PersistedWholeTool, path: string): { suggestions?: Suggestion<MessageIds>[] } {
  if (found.destinations.length !== 1) return {};
  const edit = insideQuotes(found.destinations[0]!, 'session', path);
  return edit ? { suggestions: [{ messageId: 'keepForSession', edits: [edit] }] } : {};
}

function gateName(write: SourceWriter, gate: Gate, facts: FunctionFacts): string {
  if (facts.name) return `'${facts.name}'`;
  return gate.kind === 'canUseTool' ? write.optionName('canUseTool') : 'This PermissionRequest hook';
}

/** `suggestions`, `permission_suggestions`: the argument as the SDK names it. */
function suggestionsName(path: readonly string[]): string {
  return path[path.length - 1]!;
}
