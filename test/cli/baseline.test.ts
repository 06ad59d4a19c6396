import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';

const agent = (lines: string[]): string => ["import { query } from '@anthropic-ai/claude-agent-sdk';", ...lines, ''].join('\n');
const bash = "query({ prompt: 'x', options: { allowedTools: ['Bash'] } });";
const write = "query({ prompt: 'y', options: { allowedTools: ['Write'] } });";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'toolgate-baseline-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function toolgate(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await run(['node', 'toolgate', 'scan', ...args], {
    cwd: dir,
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    env: {},
    isTTY: false,
  });
  return { code, stdout, stderr };
}

const found = (stdout: string) =>
  (JSON.parse(stdout) as { findings: Array<{ line: number; data: Record<string, string> }> }).findings.map((finding) => ({
    line: finding.line,
    tool: finding.data['tool'],
  }));

describe('scan --baseline', () => {
  it('writes a sorted baseline, then reports only findings not in it, across edits that move lines', async () => {
    await writeFile(path.join(dir, 'agent.ts'), agent([bash]));
    expect((await toolgate('--update-baseline', '--baseline', 'base/toolgate-baseline.json')).code).toBe(0);
    const baseline = JSON.parse(await readFile(path.join(dir, 'base/toolgate-baseline.json'), 'utf8')) as {
      version: number;
      findings: Array<{ fingerprint: string; ruleId: string; path: string }>;
    };
    expect(baseline.version).toBe(1);
    expect(baseline.findings.map(({ ruleId, path: file }) => ({ ruleId, path: file }))).toEqual(
      expect.arrayContaining([{ ruleId: 'no-bare-allowed-tools', path: 'agent.ts' }]),
    );

    expect((await toolgate()).code).toBe(1);
    expect(await toolgate('--baseline', 'base/toolgate-baseline.json')).toMatchObject({ code: 0 });

    // Unrelated lines above move the baselined finding: still accepted.
    await writeFile(path.join(dir, 'agent.ts'), agent(['', '// a comment', 'const unrelated = 1;', bash]));
    expect((await toolgate('--baseline', 'base/toolgate-baseline.json')).code).toBe(0);

    // A new finding is reported, the old one still not.
    await writeFile(path.join(dir, 'agent.ts'), agent(['', '// a comment', bash, write]));
    const after = await toolgate('--baseline', 'base/toolgate-baseline.json', '--format', 'json');
    expect(after.code).toBe(1);
    expect(found(after.stdout).filter((finding) => finding.tool !== undefined)).toEqual([{ line: 5, tool: 'Write' }]);
  });

  it('defaults to toolgate-baseline.json, and a missing or malformed baseline exits 2', async () => {
    await writeFile(path.join(dir, 'agent.ts'), agent([bash]));
    expect((await toolgate('--baseline', 'toolgate-baseline.json')).code).toBe(2);
    expect((await toolgate('--baseline', 'toolgate-baseline.json')).stderr).toMatch(/Baseline file not found/);
    expect((await toolgate('--update-baseline')).code).toBe(0);
    expect((await toolgate('--baseline', 'toolgate-baseline.json')).code).toBe(0);
    await writeFile(path.join(dir, 'bad.json'), '{"findings": 3}');
    expect(await toolgate('--baseline', 'bad.json')).toMatchObject({ code: 2, stderr: expect.stringMatching(/not a toolgate baseline/) });
  });
});
