import { defineRule } from '../src/model/rule.js';
import { agentFunctions } from '../src/model/agent-code.js';
import { isAttemptIdName, isIdempotencyKeyName, isServerIdempotencyKeyName, isUpdatedInput } from '../src/model/idempotency.js';

type Options = { keyNames: string[] };
type MessageIds = 'randomKey' | 'randomUpdatedInput';

export default defineRule<Options, MessageIds>({
  id: 'no-random-idempotency-key',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow idempotency keys made from random or time-based values in agent code',
      config: 'recommended',
    },
    severity: 'error',
    messages: {
      randomKey:
        "The idempotency key '{{key}}' comes from {{source}}, which is new on every attempt, so a retried tool call makes the write a second time. Derive the key from the tool name and the canonical business inputs (sorted keys, volatile fields dropped), hashed.",
      randomUpdatedInput:
        "'{{key}}' in updatedInput comes from {{source}}, which is new on every attempt, so a retried call is rewritten differently and is no longer the same request. Derive it from the tool input, hashed.",
    },
    schema: [
      {
        type: 'object',
        properties: {
          keyNames: {
            type: 'array',
            items: { type: 'string' },
            description: 'More names of idempotency keys (compared without case or separators), added to idempotencyKey, dedupeKey and requestKey.',
          },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ keyNames: [] }],
  },
  check(model, options, report) {
    for (const facts of agentFunctions(model)) {
      const reported = new Set<number>();
      // A value the code keeps as a request id (`const requestId = randomUUID()`) names one request on purpose:
      // a dedupe key built from it (a notification's) dedupes that request, not retries; an idempotency key proper still does.
      const requestIds = new Set(facts.flows.filter(({ sink }) => isAttemptIdName(sink.name)).map(({ source }) => source.span.start));
      for (const { source, sink } of facts.flows) {
        if (source.kind !== 'random' || reported.has(source.span.start)) continue;
        if (requestIds.has(source.span.start) && !isServerIdempotencyKeyName(sink.name) && !sink.path.some(isUpdatedInput)) continue;
        const data = { key: sink.name, source: source.name };
        if (sink.path.some((name) => isUpdatedInput(name)) && !isAttemptIdName(sink.name)) {
          report({ messageId: 'randomUpdatedInput', span: sink.span, data });
        } else if (isIdempotencyKeyName(sink.name, options.keyNames)) {
          report({ messageId: 'randomKey', span: sink.span, data });
        } else continue;
        reported.add(source.span.start);
      }
    }
  },
});
