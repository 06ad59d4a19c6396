import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run, type CliIo } from '../../src/cli/run.js';
import type { FileProblem, Finding, FindingSuggestion, SuggestedEdit } from '../../src/engine/findings.js';
import type { AnyRule } from '../../src/model/rule.js';
import type { ScanResult, ScanStats } from '../../src/engine/scan.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run the CLI in-process with captured output; colour off unless the test turns it on. */
export async function runCli(args: string[], io: Partial<CliIo> = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await run(['node', 'toolgate', ...args], {
    cwd: repoRoot,
    env: {},
    isTTY: false,
    ...io,
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
  });
  return { code, stdout, stderr };
}

let fingerprints = 0;

/** A finding; each gets its own fingerprint unless the test gives one. */
export function finding(overrides: Partial<Finding> = {}): Finding {
  return {
    fingerprint: (++fingerprints).toString(16).padStart(32, '0'),
    ruleId: 'no-bare-allowed-tools',
    messageId: 'bare',
    message: "'Bash' is approved for every input.",
    data: { tool: 'Bash' },
    severity: 'error',
    path: 'src/agent.ts',
    line: 3,
    column: 5,
    endLine: 3,
    endColumn: 11,
    span: { start: 40, end: 46 },
    ...overrides,
  };
}

/** A finding's suggestion: remove `'Bash', ` at 3:5, or the edits given. */
export function suggestion(edits: Array<Partial<SuggestedEdit>> = [{}]): FindingSuggestion {
  return {
    messageId: 'removeEntry',
    message: "Remove 'Bash' from the list.",
    edits: edits.map((edit) => ({ path: 'src/agent.ts', line: 3, column: 5, endLine: 3, endColumn: 13, span: { start: 40, end: 48 }, before: "'Bash', ", text: '', ...edit })),
  };
}

export function problem(overrides: Partial<FileProblem> = {}): FileProblem {
  return { path: 'src/broken.ts', kind: 'parse', message: "Syntax error: ',' expected.", line: 2, column: 7, ...overrides };
}

export function fakeRule(id: string, severity: 'error' | 'warn' = 'error'): AnyRule {
  return {
    id,
    meta: {
      type: 'problem',
      docs: { description: `Description of ${id}.`, config: 'recommended', url: `https://example.test/${id}.md` },
      severity,
      messages: { bare: 'message' },
      schema: [],
      defaultOptions: [{}],
    },
    check() {},
  };
}

/** A scan result; counts the test does not give are 0. */
export function scanResult(overrides: Partial<Omit<ScanResult, 'stats'>> & { stats?: Partial<ScanStats> } = {}): ScanResult {
  const { stats, ...rest } = overrides;
  return {
    root: repoRoot,
    findings: [],
    problems: [],
    rules: [],
    ...rest,
    stats: { files: 0, analysed: 0, skipped: 0, failed: 0, ignored: 0, ...stats },
  };
}
