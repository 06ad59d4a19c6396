import { describe, expect, it } from 'vitest';
import { runCli } from './support.js';

interface JsonReport {
  findings: Array<{ ruleId: string; messageId: string; path: string; line: number; column: number; message: string }>;
  problems: Array<{ path: string; kind: string; line?: number; column?: number; message: string }>;
  summary: { files: number; analysed: number; skipped: number };
}

async function scanJson(...paths: string[]): Promise<{ code: number; report: JsonReport; stderr: string }> {
  const { code, stdout, stderr } = await runCli(['scan', ...paths, '--format', 'json']);
  return { code, report: JSON.parse(stdout) as JsonReport, stderr };
}

const where = ({ ruleId, messageId, path, line, column }: JsonReport['findings'][number]) => ({ ruleId, messageId, path, line, column });

describe('toolgate scan on claude commands in scripts, Makefiles, package.json and workflows', () => {
  it('reports each where the flag or rule is written, exit 1', async () => {
    const { code, report, stderr } = await scanJson('fixtures/command-line/agents');
    expect({ code, stderr }).toEqual({ code: 1, stderr: '' });
    expect(report.summary).toMatchObject({ files: 4, analysed: 4, skipped: 0 });
    const root = 'fixtures/command-line/agents';
    expect(report.findings.map(where)).toEqual([
      { ruleId: 'no-bare-allowed-tools', messageId: 'bareTool', path: `${root}/.github/workflows/claude.yml`, line: 15, column: 28 },
      { ruleId: 'no-bare-allowed-tools', messageId: 'bareTool', path: `${root}/.github/workflows/claude.yml`, line: 15, column: 33 },
      { ruleId: 'no-bare-allowed-tools', messageId: 'bareTool', path: `${root}/Makefile`, line: 4, column: 49 },
      // Always bypass: the --allowedTools message speaks for its bare Bash (one finding per mistake).
      { ruleId: 'no-bypass-without-disallowed-tools', messageId: 'bypassWithoutDeny', path: `${root}/package.json`, line: 5, column: 66 },
      { ruleId: 'no-bypass-without-disallowed-tools', messageId: 'allowedToolsIgnored', path: `${root}/package.json`, line: 5, column: 84 },
      { ruleId: 'no-bypass-without-disallowed-tools', messageId: 'bypassWithoutDeny', path: `${root}/scripts/nightly.sh`, line: 6, column: 3 },
    ]);
    // The issue_comment trigger is in the workflow's messages, and only there.
    const exposed = report.findings.filter((finding) => finding.message.includes("This workflow runs on 'issue_comment' events"));
    expect(exposed.map((finding) => finding.path)).toEqual([`${root}/.github/workflows/claude.yml`, `${root}/.github/workflows/claude.yml`]);
  });

  it('exits 0 on the near misses: scoped rules, deny rules with the skip flag, a mode from the environment, quoted text', async () => {
    const { code, stdout, stderr } = await runCli(['scan', 'fixtures/command-line/clean']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(/^3 files checked \(3 analysed, 0 skipped by prefilter, 0 failed\)/m);
  });

  it('exits 2 on a workflow that is not valid YAML and runs claude with a flag, and passes over one that does not', async () => {
    const { code, report } = await scanJson('fixtures/command-line/broken');
    expect(code).toBe(2);
    expect(report.summary).toMatchObject({ files: 2, skipped: 1 });
    expect(report.problems).toEqual([
      expect.objectContaining({ path: 'fixtures/command-line/broken/.github/workflows/claude.yml', kind: 'parse', line: 3, message: expect.stringMatching(/^Syntax error: the workflow is not valid YAML/) }),
    ]);
  });
});
