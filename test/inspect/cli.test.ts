import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/support.js';

interface JsonReport {
  version: number;
  report: string;
  summary: { files: number; analysed: number; skipped: number; failed: number; configurations: number };
  configurations: Array<{
    path: string;
    line: number;
    column: number;
    entry: string;
    tier: string | null;
    tools: Array<{
      tool: string;
      decision: { kind: string; summary: string; by: string; location: { path: string; line: number; column: number } | null };
      steps: Array<{ stage: string; location: unknown }>;
    }>;
  }>;
  problems: unknown[];
}

/** The pinned reports should not change with toolgate's own version. */
function withoutToolVersion(json: string): string {
  return json.replace(/("name": "toolgate",\s+"version": )"[^"]+"/, '$1"<version>"');
}

async function inspectJson(path: string): Promise<{ stdout: string; report: JsonReport }> {
  const { code, stdout, stderr } = await runCli(['inspect', path, '--format', 'json']);
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  return { stdout, report: JSON.parse(stdout) as JsonReport };
}

/** `kind | by @ line:column` for every row of the only configuration. */
function rows(report: JsonReport): Record<string, string> {
  expect(report.configurations).toHaveLength(1);
  return Object.fromEntries(
    report.configurations[0]!.tools.map(({ tool, decision }) => {
      const at = decision.location ? ` @ ${decision.location.line}:${decision.location.column}` : '';
      return [tool, `${decision.kind} | ${decision.by}${at}`];
    }),
  );
}

describe('toolgate inspect --format json: the three configurations of the issue', () => {
  it('bypassPermissions with disallowedTools', async () => {
    const { stdout, report } = await inspectJson('fixtures/inspect/bypass-disallowed.ts');
    expect(rows(report)).toEqual({
      Bash: "some | disallowedTools 'Bash(rm *)' @ 10:37",
      Edit: "approved | permissionMode 'bypassPermissions' @ 8:23",
      Read: 'approved | SDK default',
      WebFetch: "denied | disallowedTools 'WebFetch' @ 10:25",
      Write: "approved | permissionMode 'bypassPermissions' @ 8:23",
    });
    await expect(withoutToolVersion(stdout)).toMatchFileSnapshot('./__snapshots__/bypass-disallowed.json');
  });

  it('canUseTool with a bare allowedTools entry', async () => {
    const { stdout, report } = await inspectJson('fixtures/inspect/can-use-tool-bare.ts');
    expect(rows(report)).toEqual({
      Bash: "approved | allowedTools 'Bash' @ 13:22",
      Edit: "reaches canUseTool | canUseTool 'review' @ 14:19",
      Read: 'some | SDK default',
      WebFetch: "some | allowedTools 'WebFetch(domain:docs.example.com)' @ 13:30",
      Write: "reaches canUseTool | canUseTool 'review' @ 14:19",
    });
    await expect(withoutToolVersion(stdout)).toMatchFileSnapshot('./__snapshots__/can-use-tool-bare.json');
  });

  it('dontAsk with scoped allow rules', async () => {
    const { stdout, report } = await inspectJson('fixtures/inspect/dont-ask-scoped.ts');
    expect(rows(report)).toEqual({
      Bash: "some | allowedTools 'Bash(npm test *)' @ 9:22",
      Edit: "some | allowedTools 'Edit(./src/**)' @ 9:42",
      Read: 'some | SDK default',
      WebFetch: "denied | permissionMode 'dontAsk' @ 8:23",
      Write: "some | allowedTools 'Edit(./src/**)' @ 9:42",
      mcp__github: "some | allowedTools 'mcp__github__get_issue' @ 9:60",
      mcp__github__get_issue: "approved | allowedTools 'mcp__github__get_issue' @ 9:60",
    });
    await expect(withoutToolVersion(stdout)).toMatchFileSnapshot('./__snapshots__/dont-ask-scoped.json');
  });
});

describe('toolgate inspect --format json: the report', () => {
  it('has a stable header, relative paths, configurations sorted by path and null for absent values', async () => {
    const { report } = await inspectJson('fixtures/inspect');
    expect(report).toMatchObject({ version: 1, report: 'inspect', problems: [] });
    expect(report.summary).toMatchObject({ failed: 0, configurations: report.configurations.length });
    const paths = report.configurations.map((configuration) => configuration.path);
    expect(paths).toEqual([...paths].sort());
    expect(paths.every((path) => path.startsWith('fixtures/inspect/'))).toBe(true);
    const read = report.configurations[0]!.tools.find((tool) => tool.tool === 'Read')!;
    expect(read.steps[0]).toMatchObject({ stage: 'default', location: null });
    expect(report.configurations.find((configuration) => configuration.entry === 'query')!.tier).toBeNull();
  });

  it('shows a settings file as its own configuration, with its tier', async () => {
    const { report } = await inspectJson('fixtures/inspect/settings');
    expect(report.configurations).toHaveLength(1);
    expect(report.configurations[0]).toMatchObject({ path: 'fixtures/inspect/settings/.claude/settings.json', entry: 'settings', tier: 'project' });
    expect(rows(report)).toMatchObject({
      Bash: "some | permissions.ask 'Bash(git push *)' @ 5:13",
      WebFetch: "denied | permissions.deny 'WebFetch' @ 4:14",
    });
  });

  it('is the same JSON on every run', async () => {
    const first = await inspectJson('fixtures/inspect');
    const second = await inspectJson('fixtures/inspect');
    expect(second.stdout).toBe(first.stdout);
  });
});

describe('toolgate inspect, pretty', () => {
  it('prints the decision table of the bundled example and exits 0', async () => {
    const { code, stdout, stderr } = await runCli(['inspect', 'fixtures/example']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toContain('fixtures/example/src/agent.ts:22:31  query(...)\n');
    expect(stdout).toMatch(/^ {2}Bash {11}approved: permissionMode 'bypassPermissions'$/m);
    expect(stdout).toMatch(/^ {2}mcp__payments {2}approved: permissionMode 'bypassPermissions'$/m);
    expect(stdout).toMatch(/^ +permissionMode 'bypassPermissions' {2}fixtures\/example\/src\/agent\.ts:13:19$/m);
    // The TypeScript and JavaScript agents in src/ (the operator-approval one in approvals.ts), the Python one in python/, and the project's settings file.
    expect(stdout).toContain('fixtures/example/src/approvals.ts:19:10  query(...)\n');
    expect(stdout).toContain('fixtures/example/python/agent.py:41:16  ClaudeSDKClient(...)\n');
    expect(stdout).toContain('fixtures/example/.claude/settings.json:1:1  settings (project tier)\n');
    // The hook script is a shell script of the tree too (skipped: it runs no claude command).
    expect(stdout).toMatch(/^5 configurations in 11 files \(\d+ analysed, \d+ skipped by prefilter, 0 failed\)$/m);
  });

  it('puts each deciding value and its location under the row', async () => {
    const { code, stdout } = await runCli(['inspect', 'fixtures/inspect/dont-ask-scoped.ts']);
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        'fixtures/inspect/dont-ask-scoped.ts:5:10  query(...)',
        "  Bash                    some calls approved by allow rule Bash(npm test *); the rest denied unless pre-approved: permissionMode 'dontAsk'",
        "                            allowedTools 'Bash(npm test *)'        fixtures/inspect/dont-ask-scoped.ts:9:22",
        "                            permissionMode 'dontAsk'               fixtures/inspect/dont-ask-scoped.ts:8:23",
        "  Edit                    some calls approved by allow rule Edit(./src/**); the rest denied unless pre-approved: permissionMode 'dontAsk'",
        "                            allowedTools 'Edit(./src/**)'          fixtures/inspect/dont-ask-scoped.ts:9:42",
        "                            permissionMode 'dontAsk'               fixtures/inspect/dont-ask-scoped.ts:8:23",
        "  Read                    some calls approved: reads inside the working directory need no permission; the rest denied unless pre-approved: permissionMode 'dontAsk'",
        "                            permissionMode 'dontAsk'               fixtures/inspect/dont-ask-scoped.ts:8:23",
        "  WebFetch                denied unless pre-approved: permissionMode 'dontAsk'",
        "                            permissionMode 'dontAsk'               fixtures/inspect/dont-ask-scoped.ts:8:23",
        "  Write                   some calls approved by allow rule Edit(./src/**); the rest denied unless pre-approved: permissionMode 'dontAsk'",
        "                            allowedTools 'Edit(./src/**)'          fixtures/inspect/dont-ask-scoped.ts:9:42",
        "                            permissionMode 'dontAsk'               fixtures/inspect/dont-ask-scoped.ts:8:23",
        "  mcp__github             some calls approved by allow rule mcp__github__get_issue; the rest denied unless pre-approved: permissionMode 'dontAsk'",
        "                            allowedTools 'mcp__github__get_issue'  fixtures/inspect/dont-ask-scoped.ts:9:60",
        "                            permissionMode 'dontAsk'               fixtures/inspect/dont-ask-scoped.ts:8:23",
        "  mcp__github__get_issue  approved by allow rule mcp__github__get_issue",
        "                            allowedTools 'mcp__github__get_issue'  fixtures/inspect/dont-ask-scoped.ts:9:60",
        '',
        '1 configuration in 1 file (1 analysed, 0 skipped by prefilter, 0 failed)',
        '',
      ].join('\n'),
    );
  });

  it('shows can-be and unknown values honestly', async () => {
    const ternary = await runCli(['inspect', 'fixtures/inspect/ternary-mode.ts']);
    expect(ternary.stdout).toContain("  Bash      permissionMode can be 'bypassPermissions': approved; otherwise reaches canUseTool\n");
    const unknown = await runCli(['inspect', 'fixtures/inspect/unknown-mode.ts']);
    expect(unknown.stdout).toContain('  Bash      unknown: permissionMode is computed at run time; otherwise reaches canUseTool\n');
    expect(unknown.stdout).toMatch(/^ +permissionMode {14}fixtures\/inspect\/unknown-mode\.ts:9:23$/m);
  });

  it('colours decisions only when asked to', async () => {
    const plain = await runCli(['inspect', 'fixtures/inspect/bypass-disallowed.ts']);
    expect(plain.stdout).not.toContain('\u001b[');
    const coloured = await runCli(['inspect', 'fixtures/inspect/bypass-disallowed.ts', '--color']);
    expect(coloured.stdout).toContain('\u001b[');
  });

  it('says when it found no configuration, and exits 0', async () => {
    const { code, stdout } = await runCli(['inspect', 'fixtures/cli/clean/format.ts']);
    expect(code).toBe(0);
    expect(stdout).toContain('No agent configurations found.\n');
  });
});

describe('toolgate inspect exit codes', () => {
  it('exits 2 when a file cannot be parsed, naming it, and still prints what it could', async () => {
    const { code, stdout, stderr } = await runCli(['inspect', 'fixtures/cli/syntax-error', 'fixtures/inspect/hooks.ts']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^fixtures\/cli\/syntax-error\/agent\.ts:\d+:\d+: Syntax error/);
    expect(stdout).toContain('fixtures/inspect/hooks.ts:');
    expect(stdout).toContain('✖ 1 file could not be inspected');
  });

  it.each([
    [['inspect', '--format', 'sarif'], /argument 'sarif' is invalid/],
    [['inspect', '--frobnicate'], /unknown option '--frobnicate'/],
    [['inspect', 'fixtures/inspect/nowhere'], /No such file or directory: fixtures\/inspect\/nowhere/],
  ])('exits 2 on a usage error: %j', async (args, message) => {
    const { code, stdout, stderr } = await runCli(args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stdout).toBe('');
  });

  it('is listed in the help, with its exit codes', async () => {
    expect((await runCli(['--help'])).stdout).toContain('inspect');
    const { code, stdout } = await runCli(['inspect', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('--format <name>');
    expect(stdout).toMatch(/^\s+0\s+the tables were printed/m);
  });
});
