import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { allRules } from '../../rules/index.js';
import { createColors } from '../../src/cli/color.js';
import { loadFormatter } from '../../src/cli/formatters/index.js';
import { fakeRule, finding, problem, repoRoot, runCli, scanResult, suggestion } from './support.js';

const formatters = { sarif: await loadFormatter('sarif') };

// The schema declares draft 2020-12, so it needs Ajv's 2020 build. Its
// formats are checked here rather than through ajv-formats, which the
// project does not depend on directly.
const schemaPath = path.join(repoRoot, 'node_modules/@microsoft/sarif-multitool-linux/sarif-2.1.0.json');
const ajv = new Ajv2020({ allErrors: true });
ajv.addFormat('uri', (value: string) => URL.canParse(value));
ajv.addFormat('uri-reference', (value: string) => URL.canParse(value, 'file:///base/') && !/[\s%](?![0-9A-Fa-f]{2})/.test(value));
ajv.addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)));
ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8')));

const context = { colors: createColors(false), cwd: repoRoot };

interface SarifRule {
  id: string;
  fullDescription: { text: string };
  help: { text: string; markdown?: string };
}

function expectValid(log: unknown): void {
  const valid = validate(log);
  expect(validate.errors ?? []).toEqual([]);
  expect(valid).toBe(true);
}

const result = scanResult({
  root: '/work/my project',
  findings: [
    finding({ path: 'src/b c#1.ts', line: 4, column: 2, endLine: 5, endColumn: 1 }),
    finding({ severity: 'warning', ruleId: 'no-bypass-without-disallowed-tools' }),
    finding({ ruleId: 'not-in-rules' }),
  ],
  problems: [problem(), problem({ path: 'lib/unreadable.ts', kind: 'read', message: 'EACCES', line: undefined, column: undefined })],
  rules: [fakeRule('no-bare-allowed-tools'), fakeRule('no-bypass-without-disallowed-tools', 'warn')],
});

describe('sarif', () => {
  const log = JSON.parse(formatters.sarif(result, context));
  const run = log.runs[0];

  it('is valid SARIF 2.1.0', () => {
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    expectValid(log);
  });

  it('names a shard in automationDetails, still valid, and names nothing without one', () => {
    const sharded = JSON.parse(formatters.sarif({ ...result, shard: { index: 2, count: 4 } }, context));
    expectValid(sharded);
    expect(sharded.runs[0].automationDetails).toEqual({ id: 'toolgate/shard-2-of-4/' });
    expect(run.automationDetails).toBeUndefined();
  });

  it('keeps suppressed findings as results marked inSource, still valid', () => {
    const suppressed = scanResult({
      suppressed: [
        finding({ line: 7, suppression: { justification: 'CI sandbox', via: 'toolgate' } }),
        finding({ line: 9, suppression: { via: 'eslint' } }),
      ],
      rules: [fakeRule('no-bare-allowed-tools')],
    });
    const written = JSON.parse(formatters.sarif(suppressed, context));
    expectValid(written);
    expect(written.runs[0].results.map((entry: { suppressions?: unknown }) => entry.suppressions)).toEqual([
      [{ kind: 'inSource', justification: 'CI sandbox' }],
      [{ kind: 'inSource' }],
    ]);
  });

  it('gives a suggestion as a fix: its edits grouped by file, still valid', () => {
    const script = { path: '.claude/hooks/guard.sh', line: 2, column: 3, endLine: 2, endColumn: 9, before: 'exit 1', text: 'exit 2' };
    const suggested = scanResult({ findings: [finding({ suggestions: [suggestion([{}, script, { line: 5, column: 1, endLine: 5, endColumn: 1, text: 'x' }])] })], rules: [fakeRule('no-bare-allowed-tools')] });
    const written = JSON.parse(formatters.sarif(suggested, context));
    expectValid(written);
    const region = (startLine: number, startColumn: number, endLine: number, endColumn: number) => ({ startLine, startColumn, endLine, endColumn });
    expect(written.runs[0].results[0].fixes).toEqual([
      {
        description: { text: "Remove 'Bash' from the list." },
        artifactChanges: [
          {
            artifactLocation: { uri: 'src/agent.ts', uriBaseId: '%SRCROOT%' },
            replacements: [
              { deletedRegion: region(3, 5, 3, 13), insertedContent: { text: '' } },
              { deletedRegion: region(5, 1, 5, 1), insertedContent: { text: 'x' } },
            ],
          },
          {
            artifactLocation: { uri: '.claude/hooks/guard.sh', uriBaseId: '%SRCROOT%' },
            replacements: [{ deletedRegion: region(2, 3, 2, 9), insertedContent: { text: 'exit 2' } }],
          },
        ],
      },
    ]);
    expect(run.results[0]).not.toHaveProperty('fixes');
  });

  it('is checked by a validator that rejects a broken log', () => {
    const broken = structuredClone(log);
    broken.runs[0].results[0].level = 'fatal';
    delete broken.runs[0].tool.driver.name;
    expect(validate(broken)).toBe(false);
  });

  it('is valid for an empty scan', () => {
    expectValid(JSON.parse(formatters.sarif(scanResult(), context)));
  });

  it('describes every rule that ran', () => {
    expect(run.tool.driver).toMatchObject({ name: 'toolgate', informationUri: expect.stringMatching(/^https:/) });
    expect(run.tool.driver.rules.map((rule: { id: string }) => rule.id)).toEqual(['no-bare-allowed-tools', 'no-bypass-without-disallowed-tools']);
    expect(run.tool.driver.rules[1]).toMatchObject({
      id: 'no-bypass-without-disallowed-tools',
      // The SARIF convention for a friendly name; the Multitool rejects a name equal to the id.
      name: 'NoBypassWithoutDisallowedTools',
      shortDescription: { text: 'Description of no-bypass-without-disallowed-tools.' },
      helpUri: 'https://example.test/no-bypass-without-disallowed-tools.md',
      defaultConfiguration: { level: 'warning' },
      properties: { tags: ['security', 'problem'] },
    });
  });

  it("takes a rule's full description and help from its docs page", () => {
    const log = JSON.parse(formatters.sarif(scanResult({ rules: allRules }), context));
    const byId = new Map<string, SarifRule>(log.runs[0].tool.driver.rules.map((rule: SarifRule) => [rule.id, rule]));
    expect(byId.size).toBe(allRules.length);
    for (const rule of allRules) {
      const descriptor = byId.get(rule.id)!;
      const page = readFileSync(path.join(repoRoot, 'docs/rules', `${rule.id}.md`), 'utf8');
      // One paragraph of prose from "## Why", with link syntax gone.
      expect(descriptor.fullDescription.text).toMatch(/^[A-Z`][^\n]+[.)]$/);
      expect(descriptor.fullDescription.text).not.toMatch(/\]\(|\]\[/);
      expect(page.replace(/\s+/g, ' ')).toContain(descriptor.fullDescription.text.slice(0, 40));
      expect(descriptor.help.text).toContain(rule.meta.docs.url);
      expect(descriptor.help.markdown).toContain('## Examples');
      // Shown away from the repository, so links to sibling pages are absolute.
      expect(descriptor.help.markdown).not.toMatch(/\]\((?!https?:|#)/);
    }
    // A "Why" that opens by leading into a list keeps only the sentence before it.
    expect(byId.get('no-fail-open-hook')!.fullDescription.text).toBe(
      'A permission gate that fails must block, or the failure turns the check off.',
    );
    expect(byId.get('no-bare-allowed-tools')!.help.markdown).toContain(
      '](https://github.com/toolgate-dev/toolgate/blob/main/docs/rules/no-shadowed-can-use-tool.md)',
    );
  });

  it('falls back to the description for a rule without a docs page', () => {
    const log = JSON.parse(formatters.sarif(scanResult({ rules: [fakeRule('not-a-shipped-rule')] }), context));
    expect(log.runs[0].tool.driver.rules[0]).toMatchObject({
      name: 'NotAShippedRule',
      fullDescription: { text: 'Description of not-a-shipped-rule.' },
      help: { text: 'Description of not-a-shipped-rule.\n\nExamples and options: https://example.test/not-a-shipped-rule.md' },
    });
    expect(log.runs[0].tool.driver.rules[0].help.markdown).toBeUndefined();
    expectValid(log);
  });

  it('locates results relative to %SRCROOT%, percent-encoded', () => {
    expect(run.originalUriBaseIds['%SRCROOT%'].uri).toBe(`${pathToFileURL('/work/my project').href}/`);
    expect(run.results.map((r: { locations: [{ physicalLocation: { artifactLocation: unknown } }] }) =>
      r.locations[0].physicalLocation.artifactLocation)).toEqual([
      { uri: 'src/agent.ts', uriBaseId: '%SRCROOT%' },
      { uri: 'src/agent.ts', uriBaseId: '%SRCROOT%' },
      { uri: 'src/b%20c%231.ts', uriBaseId: '%SRCROOT%' },
    ]);
    expect(run.results[2].locations[0].physicalLocation.region).toEqual({ startLine: 4, startColumn: 2, endLine: 5, endColumn: 1 });
  });

  it('links results to rules by index and gives each a level and a fingerprint', () => {
    const byRule = Object.fromEntries(run.results.map((r: { ruleId: string }) => [r.ruleId, r]));
    expect(byRule['no-bare-allowed-tools']).toMatchObject({ ruleIndex: 0, level: 'error' });
    expect(byRule['no-bypass-without-disallowed-tools']).toMatchObject({ ruleIndex: 1, level: 'warning' });
    expect(byRule['not-in-rules'].ruleIndex).toBeUndefined();
    const prints = run.results.map((r: { partialFingerprints: Record<string, string> }) => r.partialFingerprints['toolgate/v1']);
    expect(new Set(prints).size).toBe(prints.length);
  });

  it("carries each finding's engine-made fingerprint (no line numbers in it: test/engine/fingerprint.test.ts)", () => {
    const found = finding({ fingerprint: 'ab'.repeat(16) });
    const log = JSON.parse(formatters.sarif(scanResult({ findings: [found] }), context));
    expect(log.runs[0].results[0].partialFingerprints).toEqual({ 'toolgate/v1': 'ab'.repeat(16) });
  });

  it('reports files that could not be checked as failed execution', () => {
    const [invocation] = run.invocations;
    expect(invocation.executionSuccessful).toBe(false);
    expect(invocation.toolExecutionNotifications).toEqual([
      {
        level: 'error',
        message: { text: 'EACCES' },
        locations: [{ physicalLocation: { artifactLocation: { uri: 'lib/unreadable.ts', uriBaseId: '%SRCROOT%' } } }],
        properties: { kind: 'read' },
      },
      {
        level: 'error',
        message: { text: "Syntax error: ',' expected." },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: 'src/broken.ts', uriBaseId: '%SRCROOT%' },
              region: { startLine: 2, startColumn: 7 },
            },
          },
        ],
        properties: { kind: 'parse' },
      },
    ]);
    expect(JSON.parse(formatters.sarif(scanResult(), context)).runs[0].invocations[0].executionSuccessful).toBe(true);
  });

  it('is what `scan --format sarif` prints', async () => {
    const { code, stdout } = await runCli(['scan', 'fixtures/cli/clean', '--format', 'sarif']);
    expect(code).toBe(0);
    const printed = JSON.parse(stdout);
    expectValid(printed);
    expect(printed.runs[0].originalUriBaseIds['%SRCROOT%'].uri).toBe(`${pathToFileURL(repoRoot).href}/`);
  });
});
