import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './support.js';

interface JsonReport {
  findings: Array<{ ruleId: string; messageId: string; path: string; line: number; column: number }>;
  problems: Array<{ path: string; kind: string; message: string }>;
}

/** `scan .` run inside a fixture folder: a relative settings path is resolved against the folder scan runs in. */
async function scanIn(folder: string): Promise<{ code: number; report: JsonReport }> {
  const { code, stdout } = await runCli(['scan', '.', '--format', 'json'], { cwd: path.join(repoRoot, 'fixtures/surfaces', folder) });
  return { code, report: JSON.parse(stdout) as JsonReport };
}

const where = ({ ruleId, messageId, path: file, line, column }: JsonReport['findings'][number]) => ({ ruleId, messageId, path: file, line, column });

describe('the settings option naming a file', () => {
  it("reads the file in the option's place: its allow rules shadow canUseTool, its defaultMode is the mode", async () => {
    const { code, report } = await scanIn('settings-file');
    expect(code).toBe(1);
    const file = 'config/agent-settings.json';
    // agent.py loads the same file with disallowed_tools: its bare Bash is the same mistake, reported once.
    expect(report.findings.map(where)).toEqual([
      { ruleId: 'no-shadowed-can-use-tool', messageId: 'wholeToolAllowed', path: file, line: 3, column: 15 },
      { ruleId: 'no-shadowed-can-use-tool', messageId: 'wholeToolAllowed', path: file, line: 3, column: 23 },
      { ruleId: 'no-bypass-without-disallowed-tools', messageId: 'bypassWithoutDeny', path: file, line: 4, column: 20 },
      { ruleId: 'no-shadowed-can-use-tool', messageId: 'bypassMode', path: file, line: 4, column: 20 },
    ]);
  });

  it('exits 2 on a settings file that does not parse or is not there, naming how the path was resolved', async () => {
    const { code, report } = await scanIn('settings-broken');
    expect(code).toBe(2);
    expect(report.problems.map(({ path: file, kind }) => ({ path: file, kind }))).toEqual([
      { path: 'broken.json', kind: 'parse' },
      { path: 'missing.json', kind: 'read' },
    ]);
    expect(report.problems[1]!.message).toContain("The settings option names this file ('missing.json', resolved against the folder scan runs in)");
  });
});

describe('hooks of the settings option', () => {
  it('are checked like settings file hooks: scripts that exit 1, or are missing where the literal cwd says they run', async () => {
    const { code, report } = await scanIn('settings-hooks');
    expect(code).toBe(1);
    // agent.py names no cwd: hooks/elsewhere.sh, not found in the folder scan runs in, is not claimed missing.
    expect(report.findings.map(where)).toEqual([
      { ruleId: 'hook-script-must-block', messageId: 'exitOne', path: 'agent.mjs', line: 4, column: 143 },
      { ruleId: 'hook-script-must-block', messageId: 'exitOne', path: 'agent.ts', line: 11, column: 79 },
      { ruleId: 'hook-script-must-block', messageId: 'missingScript', path: 'agent.ts', line: 11, column: 142 },
      { ruleId: 'hook-script-must-block', messageId: 'exitOne', path: 'config/hook-settings.json', line: 4, column: 70 },
    ]);
  });
});
