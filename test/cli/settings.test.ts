import { describe, expect, it } from 'vitest';
import { runCli } from './support.js';

interface JsonReport {
  findings: Array<{ ruleId: string; messageId: string; path: string; line: number; column: number }>;
  problems: Array<{ path: string; kind: string; line?: number; column?: number; message: string }>;
  summary: { files: number };
}

async function scanJson(...paths: string[]): Promise<{ code: number; report: JsonReport; stderr: string }> {
  const { code, stdout, stderr } = await runCli(['scan', ...paths, '--format', 'json']);
  return { code, report: JSON.parse(stdout) as JsonReport, stderr };
}

const where = ({ ruleId, messageId, path, line, column }: JsonReport['findings'][number]) => ({ ruleId, messageId, path, line, column });

describe('toolgate scan on settings files', () => {
  it('finds .claude/settings.json and .claude/settings.local.json in a project and reports them, exit 1', async () => {
    const { code, report } = await scanJson('fixtures/settings/project');
    expect(code).toBe(1);
    expect(report.summary.files).toBe(2);
    const project = 'fixtures/settings/project/.claude/settings.json';
    const local = 'fixtures/settings/project/.claude/settings.local.json';
    expect(report.findings.map(where)).toEqual([
      { ruleId: 'no-bypass-without-disallowed-tools', messageId: 'allowRulesIgnored', path: project, line: 4, column: 5 },
      { ruleId: 'no-bare-allowed-tools', messageId: 'bareTool', path: project, line: 6, column: 7 },
      { ruleId: 'no-bare-allowed-tools', messageId: 'wholeServer', path: project, line: 8, column: 7 },
      { ruleId: 'no-bypass-without-disallowed-tools', messageId: 'bypassInProjectSettings', path: project, line: 10, column: 20 },
      { ruleId: 'no-bypass-without-disallowed-tools', messageId: 'bypassWithoutDenyRules', path: local, line: 3, column: 20 },
      { ruleId: 'no-bypass-without-disallowed-tools', messageId: 'allowRulesIgnored', path: local, line: 4, column: 5 },
      // The local file's mode is always bypass: allowRulesIgnored covers its entries (src/engine/dedupe.ts).
    ]);
  });

  it('prints the settings wording in the pretty format', async () => {
    const { code, stdout } = await runCli(['scan', 'fixtures/settings/project']);
    expect(code).toBe(1);
    expect(stdout).toContain('fixtures/settings/project/.claude/settings.json\n');
    expect(stdout).toContain('permissions.defaultMode is "bypassPermissions" with no permissions.deny rules. Claude Code ignores an escalating defaultMode in project settings');
  });

  it('reads managed settings and managed-settings.d drop-ins', async () => {
    const { code, report } = await scanJson('fixtures/settings/managed');
    expect(code).toBe(1);
    expect(report.summary.files).toBe(2);
    expect(report.findings.map(where)).toEqual([
      { ruleId: 'no-bare-allowed-tools', messageId: 'bareTool', path: 'fixtures/settings/managed/managed-settings.d/10-tools.json', line: 3, column: 15 },
    ]);
  });

  it('exits 0 on the near misses: scoped allow rules, bypass with deny rules, hooks', async () => {
    const { code, stdout, stderr } = await runCli(['scan', 'fixtures/settings/clean']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toContain('✔ No problems found');
    // The hook scripts are shell scripts too: read, and passed over by the prefilter (they run no claude command).
    expect(stdout).toMatch(/^4 files checked \(2 analysed, 2 skipped by prefilter, 0 failed\), \d+ ignored$/m);
  });

  it('leaves a settings.json outside .claude alone, even when named', async () => {
    const { code, stdout } = await runCli(['scan', 'fixtures/settings/not-settings', 'fixtures/settings/not-settings/settings.json']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^0 files checked/m);
  });

  it('exits 2 on invalid JSON, naming file:line:column', async () => {
    const { code, stdout, stderr } = await runCli(['scan', 'fixtures/settings/invalid']);
    expect(code).toBe(2);
    expect(stderr).toBe(
      "fixtures/settings/invalid/.claude/settings.json:4:5: Syntax error: Expected ',' or '}' after property value. Claude Code reads settings as plain JSON and ignores a file it cannot parse.\n",
    );
    expect(stdout).toContain('✖ 1 file could not be checked');
  });

  it('exits 2 on comments and trailing commas, which Claude Code rejects', async () => {
    const { code, report } = await scanJson('fixtures/settings/jsonc');
    expect(code).toBe(2);
    expect(report.problems).toEqual([
      {
        path: 'fixtures/settings/jsonc/.claude/settings.json',
        kind: 'parse',
        line: 2,
        column: 3,
        message: 'Syntax error: Comments are not allowed in a settings file. Claude Code reads settings as plain JSON and ignores a file it cannot parse. (and 1 more)',
      },
    ]);
  });

  it('scans settings next to code in one run', async () => {
    const { code, report } = await scanJson('fixtures/settings/project', 'fixtures/cli/violations');
    expect(code).toBe(1);
    expect(new Set(report.findings.map((finding) => finding.path))).toEqual(
      new Set(['fixtures/cli/violations/agent.ts', 'fixtures/settings/project/.claude/settings.json', 'fixtures/settings/project/.claude/settings.local.json']),
    );
  });
});
