import { describe, expect, it } from 'vitest';
import { runCli } from './support.js';

describe('Python files in scan', () => {
  it('reports a syntax error in a file that imports the SDK with its position, and exits 2', async () => {
    const { code, stderr } = await runCli(['scan', 'fixtures/python/syntax-error']);
    expect(code).toBe(2);
    // The call left open on line 3 is where the parser's recovery starts.
    expect(stderr).toBe("fixtures/python/syntax-error/agent.py:3:1: Syntax error: Invalid syntax at 'options = ClaudeAgentOptions('.\n");
  });

  it('never parses a file that does not mention the SDK', async () => {
    const { code, stdout, stderr } = await runCli(['scan', 'fixtures/python/no-sdk']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toContain('1 file checked (0 analysed, 1 skipped by prefilter, 0 failed)');
  });

  it('fails closed on a module that options are imported from when it does not parse', async () => {
    const { code, stderr } = await runCli(['scan', 'fixtures/python/broken-import']);
    expect(code).toBe(2);
    expect(stderr).toBe("fixtures/python/broken-import/config.py:1:74: Syntax error: ']' expected.\n");
  });

  it('reports Python findings in every format, with Python spellings', async () => {
    const { code, stdout } = await runCli(['scan', 'fixtures/example/python', '--format', 'json']);
    expect(code).toBe(1);
    const { findings } = JSON.parse(stdout) as { findings: Array<{ ruleId: string; message: string }> };
    const shadowed = findings.find((finding) => finding.ruleId === 'no-shadowed-can-use-tool');
    expect(shadowed?.message).toMatch(/^permission_mode is 'acceptEdits', so can_use_tool is skipped/);
    const sarif = await runCli(['scan', 'fixtures/example/python', '--format', 'sarif']);
    expect(JSON.parse(sarif.stdout).runs[0].results.length).toBe(findings.length);
  });
});
