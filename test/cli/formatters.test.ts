import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createColors } from '../../src/cli/color.js';
import { loadFormatter } from '../../src/cli/formatters/index.js';
import { fakeRule, finding, problem, repoRoot, scanResult, suggestion } from './support.js';

const formatters = { json: await loadFormatter('json'), pretty: await loadFormatter('pretty') };

const plain = { colors: createColors(false), cwd: repoRoot };

const mixed = scanResult({
  findings: [
    finding({ path: 'src/b.ts', line: 12, column: 3, severity: 'warning', ruleId: 'require-deny-reason', message: 'No reason.' }),
    finding({ path: 'src/a.ts', line: 10, column: 15 }),
    finding({ path: 'src/a.ts', line: 2, column: 1, ruleId: 'no-bypass-without-disallowed-tools', message: 'Bypass mode with nothing denied.' }),
  ],
  stats: { files: 5, analysed: 3, skipped: 2, failed: 0, ignored: 4 },
  rules: [fakeRule('no-bare-allowed-tools'), fakeRule('no-bypass-without-disallowed-tools')],
});

describe('pretty', () => {
  it('groups by file, aligns positions and severities, and summarises', () => {
    expect(formatters.pretty(mixed, plain)).toBe(
      [
        'src/a.ts',
        '  2:1    error  Bypass mode with nothing denied.  no-bypass-without-disallowed-tools',
        "  10:15  error  'Bash' is approved for every input.  no-bare-allowed-tools",
        '',
        'src/b.ts',
        '  12:3  warning  No reason.  require-deny-reason',
        '',
        'Rules (`toolgate explain <rule>` shows why and how to fix):',
        '  1  no-bare-allowed-tools               https://example.test/no-bare-allowed-tools.md',
        '  1  no-bypass-without-disallowed-tools  https://example.test/no-bypass-without-disallowed-tools.md',
        '  1  require-deny-reason',
        '',
        '✖ 3 problems (2 errors, 1 warning)',
        '5 files checked (3 analysed, 2 skipped by prefilter, 0 failed), 4 ignored',
        '',
      ].join('\n'),
    );
  });

  it('prints a clean line when nothing was found', () => {
    const text = formatters.pretty(scanResult({ stats: { files: 1, analysed: 1, skipped: 0, failed: 0 } }), plain);
    expect(text).toBe('✔ No problems found\n1 file checked (1 analysed, 0 skipped by prefilter, 0 failed), 0 ignored\n');
  });

  it('never prints the clean line when a file could not be checked', () => {
    const result = scanResult({
      problems: [problem(), problem({ kind: 'internal', message: 'boom' })],
      stats: { files: 3, analysed: 2, skipped: 0, failed: 1 },
    });
    const text = formatters.pretty(result, plain);
    expect(text).not.toContain('No problems found');
    expect(text).toContain('✖ 1 file could not be checked (listed on stderr)\n');
  });

  it('escapes control characters from file names and messages', () => {
    const result = scanResult({ findings: [finding({ path: 'src/\u001b[2Jevil.ts', message: 'a\nb\u202e' })] });
    const text = formatters.pretty(result, plain);
    expect(text).not.toMatch(/\u001b|\u202e/);
    expect(text).toContain('src/\\x1b[2Jevil.ts');
    expect(text).toContain('a\\x0ab\\u202e');
  });

  it('prints each suggestion under its finding with the exact edits, escaped', () => {
    const edits = [{}, { line: 9, column: 1, endLine: 9, endColumn: 1, before: '', text: 'onFailure: \'block\',\n' }, { path: 'hooks/\u001b.sh', before: 'exit 1', text: 'exit 2\u202e' }];
    const result = scanResult({ findings: [finding({ suggestions: [suggestion(edits)] })] });
    expect(formatters.pretty(result, plain).split('\n').slice(0, 6)).toEqual([
      'src/agent.ts',
      "  3:5  error  'Bash' is approved for every input.  no-bare-allowed-tools",
      "       suggestion: Remove 'Bash' from the list.",
      '         src/agent.ts:3:5  delete "\'Bash\', "',
      '         src/agent.ts:9:1  insert "onFailure: \'block\',\\n"',
      '         hooks/\\x1b.sh:3:5  replace "exit 1" with "exit 2\\u202e"',
    ]);
  });

  it('colours only when asked', () => {
    expect(formatters.pretty(mixed, plain)).not.toContain('\u001b[');
    expect(formatters.pretty(mixed, { ...plain, colors: createColors(true) })).toContain('\u001b[31merror');
  });
});

describe('json', () => {
  const report = JSON.parse(formatters.json(mixed, plain));

  it('has a fixed key order, 2-space indentation and a trailing newline', () => {
    const text = formatters.json(mixed, plain);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.split('\n')[1]).toBe('  "version": 1,');
    expect(Object.keys(report)).toEqual(['version', 'tool', 'summary', 'findings', 'suppressed', 'problems']);
    expect(Object.keys(report.summary)).toEqual(['files', 'analysed', 'cached', 'skipped', 'failed', 'failedReferenced', 'ignored', 'errors', 'warnings', 'baselined', 'shard']);
    expect(Object.keys(report.findings[0])).toEqual([
      'ruleId', 'messageId', 'severity', 'message', 'path', 'line', 'column', 'endLine', 'endColumn', 'data', 'suggestions', 'related',
    ]);
  });

  it('sorts findings by path and position', () => {
    expect(report.findings.map((f: { path: string; line: number }) => `${f.path}:${f.line}`)).toEqual([
      'src/a.ts:2',
      'src/a.ts:10',
      'src/b.ts:12',
    ]);
    expect(report.summary).toEqual({ files: 5, analysed: 3, cached: 0, skipped: 2, failed: 0, failedReferenced: 0, ignored: 4, errors: 2, warnings: 1, baselined: 0, shard: null });
  });

  it('gives problems one shape, with null for a missing position', () => {
    const text = formatters.json(scanResult({ problems: [problem({ kind: 'read', line: undefined, column: undefined })] }), plain);
    expect(JSON.parse(text).problems).toEqual([
      { path: 'src/broken.ts', kind: 'read', message: "Syntax error: ',' expected.", line: null, column: null },
    ]);
  });

  it('matches the example in docs/json-format.md, key for key', () => {
    const doc = readFileSync(path.join(repoRoot, 'docs/json-format.md'), 'utf8');
    const example = JSON.parse(/```json\n([\s\S]*?)```/.exec(doc)![1]!);
    const shape = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.slice(0, 1).map(shape)
        : value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, key === 'data' ? {} : shape(inner)]))
          : typeof value;
    const actual = JSON.parse(formatters.json(scanResult({ findings: [finding({ suggestions: [suggestion()] })], problems: [problem()] }), plain));
    expect(shape(actual)).toEqual(shape(example));
  });

  it('gives each suggestion its message and exact edits, and an empty list where there is none', () => {
    const text = formatters.json(scanResult({ findings: [finding({ suggestions: [suggestion()] }), finding({ line: 4 })] }), plain);
    expect(JSON.parse(text).findings.map((record: { suggestions: unknown }) => record.suggestions)).toEqual([
      [
        {
          messageId: 'removeEntry',
          message: "Remove 'Bash' from the list.",
          edits: [{ path: 'src/agent.ts', line: 3, column: 5, endLine: 3, endColumn: 13, before: "'Bash', ", text: '' }],
        },
      ],
      [],
    ]);
  });

  it('does not depend on the order findings arrive in', () => {
    const reversed = { ...mixed, findings: [...mixed.findings].reverse() };
    expect(formatters.json(reversed, plain)).toBe(formatters.json(mixed, plain));
  });
});
