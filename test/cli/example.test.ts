import { describe, expect, it } from 'vitest';
import { allRules } from '../../rules/index.js';
import { runCli } from './support.js';

// Every bare entry of the example sits next to canUseTool, so no-shadowed-can-use-tool is its one
// finding (src/engine/dedupe.ts) and no-bare-allowed-tools has nothing left to say there.
const speaks = (rule: { id: string }): boolean => rule.id !== 'no-bare-allowed-tools';

describe('the bundled example projects (the README demo)', () => {
  it('finds every rule in fixtures/example and exits 1', async () => {
    const { code, stdout } = await runCli(['scan', 'fixtures/example', '--format', 'json']);
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as { findings: Array<{ ruleId: string; path: string; line: number }> };
    const recommended = allRules.filter((rule) => rule.meta.docs.config === 'recommended');
    expect(new Set(report.findings.map((finding) => finding.ruleId))).toEqual(new Set(recommended.filter(speaks).map((rule) => rule.id)));
    // Each mistake is reported where it is written.
    expect(report.findings).toContainEqual(expect.objectContaining({ ruleId: 'no-random-idempotency-key', path: 'fixtures/example/src/refund-tool.ts', line: 11 }));
    expect(report.findings).toContainEqual(expect.objectContaining({ ruleId: 'no-fail-open-hook', path: 'fixtures/example/src/guard-hook.ts', line: 22 }));
    expect(report.findings).toContainEqual(expect.objectContaining({ ruleId: 'no-tool-use-id-dedupe', path: 'fixtures/example/src/guard-hook.ts', line: 9 }));
    expect(report.findings).toContainEqual(expect.objectContaining({ ruleId: 'no-persisted-whole-tool-allow', path: 'fixtures/example/src/approvals.ts', line: 12 }));
    expect(report.findings).toContainEqual(expect.objectContaining({ ruleId: 'no-persisted-whole-tool-allow', path: 'fixtures/example/src/approvals.ts', line: 15 }));
    // The Python agent: the options in agent.py, the hook it imports from refund_guard.py.
    const python = report.findings.filter((finding) => finding.path.startsWith('fixtures/example/python/'));
    expect(python.map(({ path, line, ruleId }) => `${path}:${line} ${ruleId}`)).toEqual([
      'fixtures/example/python/agent.py:20 no-random-idempotency-key',
      'fixtures/example/python/agent.py:32 no-shadowed-can-use-tool',
      'fixtures/example/python/agent.py:33 no-shadowed-can-use-tool',
      'fixtures/example/python/agent.py:33 no-shadowed-can-use-tool',
      'fixtures/example/python/agent.py:33 no-shadowed-can-use-tool',
      'fixtures/example/python/refund_guard.py:18 no-fail-open-hook',
    ]);
  });

  it('prints the findings grouped by file with a summary in the pretty format', async () => {
    const { code, stdout } = await runCli(['scan', 'fixtures/example']);
    expect(code).toBe(1);
    expect(stdout).toContain('fixtures/example/src/agent.ts\n');
    expect(stdout).toContain('fixtures/example/python/agent.py\n');
    expect(stdout).toMatch(/✖ \d+ problems \(\d+ errors, \d+ warnings\)/);
    for (const rule of allRules.filter((rule) => rule.meta.docs.config === 'recommended' && speaks(rule))) expect(stdout).toContain(rule.id);
  });

  it('finds the strict-only rules too under --preset strict', async () => {
    const { code, stdout } = await runCli(['scan', 'fixtures/example', '--preset', 'strict', '--format', 'json']);
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as { findings: Array<{ ruleId: string; severity: string }> };
    expect(new Set(report.findings.map((finding) => finding.ruleId))).toEqual(new Set(allRules.filter(speaks).map((rule) => rule.id)));
    expect(report.findings.every((finding) => finding.severity === 'error')).toBe(true);
  });

  it('reports the JavaScript agent and the settings hook script where their mistakes are written', async () => {
    const { stdout } = await runCli(['scan', 'fixtures/example', '--format', 'json']);
    const report = JSON.parse(stdout) as { findings: Array<{ ruleId: string; path: string; line: number }> };
    const located = report.findings
      .filter((finding) => finding.path.endsWith('.mjs') || finding.path.includes('.claude/'))
      .map(({ path, line, ruleId }) => `${path}:${line} ${ruleId}`);
    expect(located).toEqual([
      'fixtures/example/.claude/settings.json:6 hook-script-must-block',
      'fixtures/example/src/ops-agent.mjs:10 no-deny-as-dedupe',
      'fixtures/example/src/ops-agent.mjs:19 can-use-tool-must-decide',
      'fixtures/example/src/ops-agent.mjs:26 require-deny-reason',
      'fixtures/example/src/ops-agent.mjs:29 updated-input-needs-allow',
      'fixtures/example/src/ops-agent.mjs:34 no-retry-in-failure-hook',
      'fixtures/example/src/ops-agent.mjs:42 no-bash-bypass-of-file-guard',
      'fixtures/example/src/ops-agent.mjs:42 valid-permission-rule',
    ]);
  });

  it('finds nothing in the fixed agent and exits 0', async () => {
    const { code, stdout, stderr } = await runCli(['scan', 'fixtures/clean-example']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toContain('No problems found');
  });
});
