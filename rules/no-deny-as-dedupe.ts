import { defineRule } from '../src/model/rule.js';
import { decisionOf } from '../src/model/decisions.js';
import { gateFunctions, isPermissionGate } from '../src/model/permission-gates.js';

type MessageIds = 'denyAsDedupe';

export default defineRule<Record<string, never>, MessageIds>({
  id: 'no-deny-as-dedupe',
  meta: {
    type: 'problem',
    docs: { description: 'Disallow denying a repeated call in place of returning the first result', config: 'recommended' },
    severity: 'warn',
    messages: {
      denyAsDedupe:
        '{{gate}} denies the call when this test finds it was seen before. A deny is not dedupe: the model gets a refusal, not the result of the first call, and retries or gives up. Let the repeat through to a tool that is idempotent (or returns the stored first result), and deny only for a policy reason.',
    },
    schema: [],
    defaultOptions: [{}],
  },
  check(model, _options, report, write) {
    for (const { gate, facts } of gateFunctions(model)) {
      if (!isPermissionGate(gate, facts)) continue;
      const name = facts.name ? `'${facts.name}'` : gate.kind === 'canUseTool' ? write.optionName('canUseTool') : 'This hook';
      for (const test of facts.seenTests) {
        const denies = test.returnsWhenSeen.some((set) => set.alternatives.some((value) => decisionOf(value) === 'deny'));
        if (denies) report({ messageId: 'denyAsDedupe', span: test.span, data: { gate: name } });
      }
    }
  },
});
