import { defineRule } from '../../src/model/rule.js';

/** Reports every configuration whose entry point is listed; exercises options, data and spans. */
export const reportConfigurations = defineRule<{ entries: string[] }, 'configuration'>({
  id: 'report-configurations',
  meta: {
    type: 'problem',
    docs: { description: 'Report agent configurations (harness self-test).', config: 'recommended' },
    severity: 'error',
    messages: { configuration: 'Agent configuration from {{entry}}.' },
    schema: [
      {
        type: 'object',
        properties: { entries: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ entries: ['query'] }],
  },
  check(model, { entries }, report) {
    for (const { entry, span } of model.configurations) {
      if (entries.includes(entry)) report({ messageId: 'configuration', data: { entry }, span });
    }
  },
});

/** Reports the key of every option written on a configuration: needs a real front end to mean anything. */
export const reportOptionKeys = defineRule<Record<string, never>, 'option'>({
  id: 'report-option-keys',
  meta: {
    type: 'suggestion',
    docs: { description: 'Report option keys (harness self-test).', config: 'strict' },
    severity: 'warn',
    messages: { option: 'Option {{key}} is set.' },
    schema: [],
    defaultOptions: [{}],
  },
  check(model, _options, report) {
    for (const configuration of model.configurations) {
      for (const options of configuration.options.alternatives) {
        if (options.kind !== 'object') continue;
        for (const { spelling, keySpan } of options.properties.values()) {
          report({ messageId: 'option', data: { key: spelling }, span: keySpan });
        }
      }
    }
  },
});
