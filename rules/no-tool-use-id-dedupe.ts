import { defineRule } from '../src/model/rule.js';
import { agentFunctions } from '../src/model/agent-code.js';
import { isIdempotencyKeyName } from '../src/model/idempotency.js';
import type { IdLookup } from '../src/model/types.js';

type MessageIds = 'dedupeByToolUseId' | 'toolUseIdAsKey';

const operations: Record<IdLookup['operation'], string> = {
  has: 'membership test',
  get: 'lookup',
  add: 'insert',
  set: 'insert',
  includes: 'membership test',
  in: 'membership test',
  index: 'lookup',
};

export default defineRule<Record<string, never>, MessageIds>({
  id: 'no-tool-use-id-dedupe',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow recognising repeated tool calls by their tool use id',
      config: 'recommended',
    },
    severity: 'error',
    messages: {
      dedupeByToolUseId:
        'This {{operation}} keyed by the tool use id cannot recognise a retry: a retried call arrives with a new tool_use_id, so the check never fires when it matters. Key it on the tool name and its canonical arguments instead.',
      toolUseIdAsKey:
        "The idempotency key '{{key}}' is the tool use id, which changes when a call is retried, so the retry makes the write a second time. Derive the key from the tool name and the canonical business inputs, hashed.",
    },
    schema: [],
    defaultOptions: [{}],
  },
  check(model, _options, report) {
    for (const facts of agentFunctions(model)) {
      for (const lookup of facts.idLookups) {
        if (lookup.gatesCall) report({ messageId: 'dedupeByToolUseId', span: lookup.span, data: { operation: operations[lookup.operation] } });
      }
      for (const { source, sink } of facts.flows) {
        if (source.kind === 'toolUseId' && isIdempotencyKeyName(sink.name)) {
          report({ messageId: 'toolUseIdAsKey', span: sink.span, data: { key: sink.name } });
        }
      }
    }
  },
});
