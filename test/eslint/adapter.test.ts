import { Linter } from 'eslint';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defineRule } from '../../src/model/rule.js';
import { readText } from '../../src/engine/sources.js';
import { analysisCount, toEslintRule, type EslintReading } from '../../src/eslint/adapter.js';
import { frontEnds } from '../../src/frontends/registry.js';
import { reportConfigurations, reportOptionKeys } from './dummy-rules.js';
import { fakeAnalyse } from './fake-front-end.js';

// The registered front ends decide which files are linted; a fake analysis stands in for theirs.
const analyseText = vi.fn(fakeAnalyse);
const reading: EslintReading = { frontEnds, analyse: analyseText };

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

/** Offers to rename each call, plus an edit of another file that ESLint cannot offer. */
const suggestsRename = defineRule<Record<string, never>, 'call' | 'rename' | 'script'>({
  id: 'suggests-rename',
  meta: {
    type: 'problem',
    docs: { description: 'Suggests edits.', config: 'recommended' },
    severity: 'error',
    messages: { call: 'A call.', rename: 'Rename to {{name}}.', script: 'Edit the script.' },
    hasSuggestions: true,
    schema: [],
    defaultOptions: [{}],
  },
  check(model, _options, report) {
    for (const { span } of model.configurations) {
      report({
        messageId: 'call',
        span,
        suggestions: [
          { messageId: 'rename', data: { name: 'startup' }, edits: [{ span, text: 'startup' }, { span: { start: 0, end: 0 }, text: '// renamed\n' }] },
          { messageId: 'script', edits: [{ span: { start: 0, end: 4, file: '/elsewhere/hook.sh' }, text: 'exit 2' }] },
        ],
      });
    }
  },
});

const rules = [reportConfigurations, reportOptionKeys, spanPastTheEnd, reportsTwice, suggestsRename];
const config: Linter.Config[] = [
  {
    files: ['**/*.js', '**/*.vue'],
    plugins: { t: { rules: Object.fromEntries(rules.map((rule) => [rule.id, toEslintRule(rule, reading)])) } },
    rules: Object.fromEntries(rules.map((rule) => [`t/${rule.id}`, 'error'])),
  },
];
const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';\n";

function lint(code: string, filename = 'agent.js'): Linter.LintMessage[] {
  return new Linter().verify(code, config, filename);
}

describe('toEslintRule', () => {
  beforeEach(() => {
    analyseText.mockClear();
  });

  it('analyses a file once for all rules', () => {
    const before = analysisCount();
    lint(`${sdk}query({});`);
    expect(analysisCount() - before).toBe(1);
    expect(analyseText).toHaveBeenCalledOnce();
    // With a reader of the files the model needs (a settings file's hook scripts).
    expect(analyseText).toHaveBeenCalledWith(`${sdk}query({});`, 'agent.js', readText);
  });

  it('analyses each file afresh', () => {
    lint(`${sdk}query({});`);
    lint(`${sdk}query({});`);
    expect(analyseText).toHaveBeenCalledTimes(2);
  });

  it('does not analyse a file no front end reads', () => {
    expect(lint(`${sdk}query({});`, 'agent.vue')).toEqual([]);
    expect(analyseText).not.toHaveBeenCalled();
  });

  it('does nothing more when the prefilter finds no SDK use', () => {
    expect(lint('query({});')).toEqual([]);
    expect(analyseText).toHaveBeenCalledOnce();
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

  it('offers suggestions in the linted file, never as an automatic fix', () => {
    const code = `${sdk}query({});`;
    const [message] = lint(code).filter(({ ruleId }) => ruleId === 't/suggests-rename');
    expect(message!.fix).toBeUndefined();
    expect(message!.suggestions).toEqual([
      { messageId: 'rename', data: { name: 'startup', related: '' }, desc: 'Rename to startup.', fix: { range: [0, sdk.length + 5], text: `// renamed\n${sdk}startup` } },
    ]);
    expect(toEslintRule(suggestsRename, reading).meta).toMatchObject({ hasSuggestions: true });
    expect(toEslintRule(suggestsRename, reading).meta).not.toHaveProperty('fixable');
    const { output } = new Linter().verifyAndFix(code, config, 'agent.js');
    expect(output).toBe(code);
  });

  it('carries meta over from the toolgate rule', () => {
    expect(toEslintRule(reportConfigurations, reading).meta).toEqual({
      type: 'problem',
      docs: {
        description: 'Report agent configurations (harness self-test).',
        url: 'https://github.com/toolgate-dev/toolgate/blob/main/docs/rules/report-configurations.md',
        recommended: true,
      },
      messages: {
        // Ending in the related places, which ESLint shows no other way (src/eslint/related-places.ts).
        configuration: 'Agent configuration from {{entry}}.{{related}}',
        // At an import, for a value written in a file the typed lint run does not lint (src/eslint/program.ts).
        configurationImported: 'Agent configuration from {{entry}}.{{related}} (Imported: the value is written at {{writtenAt}}.)',
      },
      schema: reportConfigurations.meta.schema,
      defaultOptions: [{ entries: ['query'] }],
    });
    expect(toEslintRule(reportOptionKeys, reading).meta.docs?.recommended).toBe(false);
    // ESLint would validate `[{}]` against `schema: []` and reject the config.
    expect(toEslintRule(reportOptionKeys, reading).meta.defaultOptions).toEqual([]);
  });
});
