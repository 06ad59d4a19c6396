import { Linter } from 'eslint';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { analyzeText } from '../../src/engine/analyze.js';
import { defineRule } from '../../src/engine/rule.js';
import { analysisCount, toEslintRule } from '../../src/eslint/adapter.js';
import { reportConfigurations, reportOptionKeys } from './dummy-rules.js';

vi.mock('../../src/engine/analyze.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/engine/analyze.js')>()),
  analyzeText: vi.fn((await import('./fake-front-end.js')).fakeAnalyze),
}));

const spanPastTheEnd = defineRule<Record<string, never>, 'far'>({
  id: 'span-past-the-end',
  meta: {
    type: 'problem',
    docs: { description: 'Reports beyond the text.', config: 'recommended' },
    severity: 'error',
    messages: { far: 'Far.' },
    schema: [],
    defaultOptions: [{}],
  },
  check(model, _options, report) {
    report({ messageId: 'far', span: { start: -5, end: model.configurations.length * 1_000_000 } });
  },
});

const reportsTwice = defineRule<Record<string, never>, 'twice'>({
  id: 'reports-twice',
  meta: {
    type: 'problem',
    docs: { description: 'Reaches each configuration twice, as a shared base object would.', config: 'recommended' },
    severity: 'error',
    messages: { twice: 'Twice.' },
    schema: [],
    defaultOptions: [{}],
  },
  check(model, _options, report) {
    for (const { span } of [...model.configurations, ...model.configurations]) report({ messageId: 'twice', span });
  },
});

const rules = [reportConfigurations, reportOptionKeys, spanPastTheEnd, reportsTwice];
const config: Linter.Config[] = [
  {
    files: ['**/*.js', '**/*.vue'],
    plugins: { t: { rules: Object.fromEntries(rules.map((rule) => [rule.id, toEslintRule(rule)])) } },
    rules: Object.fromEntries(rules.map((rule) => [`t/${rule.id}`, 'error'])),
  },
];
const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';\n";

function lint(code: string, filename = 'agent.js'): Linter.LintMessage[] {
  return new Linter().verify(code, config, filename);
}

describe('toEslintRule', () => {
  beforeEach(() => {
    vi.mocked(analyzeText).mockClear();
  });

  it('analyses a file once for all rules', () => {
    const before = analysisCount();
    lint(`${sdk}query({});`);
    expect(analysisCount() - before).toBe(1);
    expect(analyzeText).toHaveBeenCalledOnce();
    expect(analyzeText).toHaveBeenCalledWith(`${sdk}query({});`, 'agent.js');
  });

  it('analyses each file afresh', () => {
    lint(`${sdk}query({});`);
    lint(`${sdk}query({});`);
    expect(analyzeText).toHaveBeenCalledTimes(2);
  });

  it('does not analyse a file no front end reads', () => {
    expect(lint(`${sdk}query({});`, 'agent.vue')).toEqual([]);
    expect(analyzeText).not.toHaveBeenCalled();
  });

  it('does nothing more when the prefilter finds no SDK use', () => {
    expect(lint('query({});')).toEqual([]);
    expect(analyzeText).toHaveBeenCalledOnce();
  });

  it('clamps a span outside the text instead of crashing', () => {
    const code = `${sdk}query({});`;
    const far = lint(code).filter((message) => message.ruleId === 't/span-past-the-end');
    expect(far).toMatchObject([{ line: 1, column: 1, endLine: 2, endColumn: 11 }]);
  });

  it('reports a finding reached twice once, as scan does', () => {
    const twice = lint(`${sdk}query({});`).filter((message) => message.ruleId === 't/reports-twice');
    expect(twice).toMatchObject([{ line: 2, column: 1 }]);
  });

  it('ignores syntax errors from its own parse', () => {
    const messages = lint(`${sdk}/* broken */ query({});`);
    expect(messages.some((message) => message.fatal)).toBe(false);
    expect(messages.map((message) => message.ruleId)).toContain('t/report-configurations');
  });

  it('carries meta over from the toolgate rule', () => {
    expect(toEslintRule(reportConfigurations).meta).toEqual({
      type: 'problem',
      docs: {
        description: 'Report agent configurations (harness self-test).',
        url: 'https://github.com/toolgate-dev/toolgate/blob/main/docs/rules/report-configurations.md',
        recommended: true,
      },
      messages: { configuration: 'Agent configuration from {{entry}}.' },
      schema: reportConfigurations.meta.schema,
      defaultOptions: [{ entries: ['query'] }],
    });
    expect(toEslintRule(reportOptionKeys).meta.docs?.recommended).toBe(false);
    // ESLint would validate `[{}]` against `schema: []` and reject the config.
    expect(toEslintRule(reportOptionKeys).meta.defaultOptions).toEqual([]);
  });
});
