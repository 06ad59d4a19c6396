import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Analysis } from '../../src/engine/analyse.js';
import type { AnyRule } from '../../src/model/rule.js';
import { scan as scanWith, type ScanOptions, type ScanResult } from '../../src/engine/scan.js';
import type { FrontEnd } from '../../src/frontends/contract.js';
import { typeScriptWriter } from '../../src/frontends/typescript/writer.js';
import type { AgentModel, Span } from '../../src/model/types.js';

// The engine's bookkeeping (locations, severities, rule selection, failures)
// is tested with a fake front end and fake rules, handed to it as arguments,
// so it holds whatever the real ones do. Markers in the text drive the fake front end:
//   AGENT  the file holds agent code (otherwise the prefilter skips it)
//   BAD    a configuration the fake rules report
//   SYNTAX a syntax error there;  THROW  the front end crashes
//   DEFER  the model depends on other modules (analysed again in the project pass)
//   PROJECT_THROW  the project pass crashes on it
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  const openSync = ((...args: Parameters<typeof actual.openSync>) => {
    if (String(args[0]).endsWith('unreadable.ts')) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    return actual.openSync(...args);
  }) as typeof actual.openSync;
  const readdirSync = ((...args: Parameters<typeof actual.readdirSync>) => {
    if (String(args[0]).endsWith('locked')) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    return actual.readdirSync(...args);
  }) as typeof actual.readdirSync;
  return { ...actual, default: { ...actual, openSync, readdirSync }, openSync, readdirSync };
});

const spansOf = (text: string, marker: string): Span[] =>
  [...text.matchAll(new RegExp(marker, 'g'))].map((match) => ({ start: match.index, end: match.index + marker.length }));
const modelOf = (text: string, filePath: string): AgentModel => ({
  path: filePath,
  language: 'typescript',
  configurations: spansOf(text, 'BAD').map((span) => ({ span, entry: 'query', options: { alternatives: [] } })),
  functions: [],
  gates: [],
});

/** Reads `.ts` files; its marker passes the engine's byte prefilter as the SDK's name would. */
const fakeFrontEnd: FrontEnd = {
  id: 'fake',
  handles: (file) => file.endsWith('.ts'),
  prefilter: { markers: ['AGENT'], mentionsSdk: () => true },
  inEslint: false,
  writers: { typescript: () => typeScriptWriter },
  load: async () => ({
    analyse(text, filePath): Analysis {
      if (/(?<!PROJECT_)THROW/.test(text)) throw new Error('front end broke');
      const syntaxErrors = spansOf(text, 'SYNTAX').map((span) => ({ span, message: 'Unexpected token.' }));
      return { model: modelOf(text, filePath), syntaxErrors, crossesModules: text.includes('DEFER') };
    },
    project: ({ readFile }) => ({
      analyse(paths) {
        const analyses = new Map<string, Analysis>();
        for (const file of paths) {
          const text = readFile(file)!;
          if (text.includes('PROJECT_THROW')) throw new Error('project pass broke');
          analyses.set(file, { model: modelOf(text, file), syntaxErrors: [] });
        }
        return analyses;
      },
      importedFiles: () => [],
    }),
  }),
};

const rule = (id: string, severity: 'error' | 'warn', config: 'recommended' | 'strict', check: AnyRule['check']): AnyRule => ({
  id,
  meta: {
    type: 'problem',
    docs: { description: id, config, url: `https://example.test/${id}` },
    severity,
    messages: { found: '{{what}} found here.' },
    schema: [],
    defaultOptions: [{}],
  },
  check,
});

const fakeRules: AnyRule[] = [
  rule('fake-error', 'error', 'recommended', (model, _options, report) => {
    for (const { span } of model.configurations) report({ messageId: 'found', data: { what: 'BAD' }, span });
  }),
  rule('fake-warn', 'warn', 'recommended', (model, _options, report) => {
    const [first] = model.configurations;
    if (first) report({ messageId: 'found', data: { what: 'First' }, span: first.span });
  }),
  rule('fake-strict', 'warn', 'strict', (model, _options, report) => {
    const [first] = model.configurations;
    if (first) report({ messageId: 'found', data: { what: 'Strict' }, span: first.span });
  }),
  rule('fake-crash', 'error', 'recommended', (model) => {
    if (model.path.endsWith('rule-crash.ts')) throw new RangeError('Maximum call stack size exceeded');
  }),
];

/** The engine with only the fakes: handed in, as src/index.ts hands in the real ones. */
const scan = (options: ScanOptions): Promise<ScanResult> => scanWith(options, { rules: fakeRules, frontEnds: [fakeFrontEnd] });

let root: string;
const files: Record<string, string> = {
  'agent.ts': 'AGENT\r\nx BAD\r\ny  BAD\n',
  'bom.ts': '\uFEFFAGENT BAD',
  'plain.ts': 'export const x = 1;',
  'broken.ts': 'AGENT BAD\n  SYNTAX SYNTAX',
  'crash.ts': 'AGENT THROW',
  'rule-crash.ts': 'AGENT BAD',
  'unreadable.ts': 'AGENT BAD',
};

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'toolgate-scan-'));
  mkdirSync(path.join(root, 'src'));
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(root, 'src', file), text);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('scan bookkeeping', () => {
  it('locates findings in 1-based lines and columns, after a BOM and across CRLF', async () => {
    const result = await scan({ cwd: root, paths: ['src/agent.ts', 'src/bom.ts'], rules: ['fake-error', 'fake-warn'] });
    expect(result.findings.map(({ path: file, line, column, endLine, endColumn, ruleId, severity, message }) => ({
      at: `${file}:${line}:${column}-${endLine}:${endColumn}`,
      ruleId,
      severity,
      message,
    }))).toEqual([
      { at: 'src/agent.ts:2:3-2:6', ruleId: 'fake-error', severity: 'error', message: 'BAD found here.' },
      { at: 'src/agent.ts:2:3-2:6', ruleId: 'fake-warn', severity: 'warning', message: 'First found here.' },
      { at: 'src/agent.ts:3:4-3:7', ruleId: 'fake-error', severity: 'error', message: 'BAD found here.' },
      { at: 'src/bom.ts:1:7-1:10', ruleId: 'fake-error', severity: 'error', message: 'BAD found here.' },
      { at: 'src/bom.ts:1:7-1:10', ruleId: 'fake-warn', severity: 'warning', message: 'First found here.' },
    ]);
    expect(result.findings[0]).toMatchObject({ messageId: 'found', data: { what: 'BAD' }, span: { start: 9, end: 12 } });
  });

  it('reports every file it could not check, and keeps going', async () => {
    const result = await scan({ cwd: root });
    expect(result.problems).toEqual([
      { path: 'src/broken.ts', kind: 'parse', message: 'Syntax error: Unexpected token. (and 1 more)', line: 2, column: 3 },
      { path: 'src/crash.ts', kind: 'internal', message: 'Internal error while analysing the file: front end broke' },
      { path: 'src/rule-crash.ts', kind: 'internal', message: 'Internal error while analysing the file: Maximum call stack size exceeded' },
      { path: 'src/unreadable.ts', kind: 'read', message: 'Cannot read file: EACCES: permission denied' },
    ]);
    expect(result.findings.some((finding) => finding.path === 'src/broken.ts')).toBe(false);
    expect(result.stats).toEqual({ files: 7, analysed: 2, skipped: 1, failed: 4, ignored: 0 });
  });

  it('reports a directory it cannot list, since what it holds went unchecked', async () => {
    mkdirSync(path.join(root, 'locked'), { recursive: true });
    const result = await scan({ cwd: root, paths: ['locked', 'src/agent.ts'] });
    expect(result.problems).toEqual([{ path: 'locked', kind: 'read', message: 'Cannot list directory: EACCES: permission denied' }]);
    expect(result.stats).toEqual({ files: 2, analysed: 1, skipped: 0, failed: 1, ignored: 0 });
  });

  it('runs the config’s rules in catalogue order', async () => {
    expect((await scan({ cwd: root, paths: ['src/plain.ts'] })).rules.map((rule) => rule.id)).toEqual([
      'fake-error',
      'fake-warn',
      'fake-crash',
    ]);
    expect((await scan({ cwd: root, paths: ['src/plain.ts'], config: 'strict' })).rules.map((rule) => rule.id)).toEqual([
      'fake-error',
      'fake-warn',
      'fake-strict',
      'fake-crash',
    ]);
  });

  it('runs only the named rules; a rule outside the config runs at its own severity', async () => {
    const result = await scan({ cwd: root, paths: ['src/agent.ts'], rules: ['fake-strict', 'fake-warn'] });
    expect(result.rules.map((rule) => rule.id)).toEqual(['fake-warn', 'fake-strict']);
    expect(result.findings.map((finding) => [finding.ruleId, finding.severity])).toEqual([
      ['fake-strict', 'warning'],
      ['fake-warn', 'warning'],
    ]);
  });

  it('turns warnings into errors under the strict config', async () => {
    const result = await scan({ cwd: root, paths: ['src/agent.ts'], config: 'strict', rules: ['fake-warn'] });
    expect(result.findings.map((finding) => finding.severity)).toEqual(['error']);
  });

  it('isolates a crash in the project pass to its file: the others are still checked', async () => {
    mkdirSync(path.join(root, 'project'));
    writeFileSync(path.join(root, 'project/a.ts'), 'AGENT DEFER BAD');
    writeFileSync(path.join(root, 'project/b.ts'), 'AGENT DEFER BAD');
    writeFileSync(path.join(root, 'project/crash.ts'), 'AGENT DEFER PROJECT_THROW BAD');
    const result = await scan({ cwd: root, paths: ['project'], rules: ['fake-error'] });
    expect(result.problems).toEqual([
      { path: 'project/crash.ts', kind: 'internal', message: 'Internal error while analysing the file: project pass broke' },
    ]);
    expect(result.findings.map((finding) => finding.path)).toEqual(['project/a.ts', 'project/b.ts']);
    expect(result.stats).toEqual({ files: 3, analysed: 2, skipped: 0, failed: 1, ignored: 0 });
  });
});
