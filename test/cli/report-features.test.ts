import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './support.js';

const agent = "import { query } from '@anthropic-ai/claude-agent-sdk';\nquery({ prompt: 'x', options: { allowedTools: ['Bash'] } });\n";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'toolgate-report-'));
  writeFileSync(path.join(dir, 'agent.ts'), agent);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('scan output', () => {
  it('--format compact: path:line:column: severity rule message, one line each, then a summary', async () => {
    const { code, stdout } = await runCli(['scan', '--format', 'compact'], { cwd: dir });
    expect(code).toBe(1);
    expect(stdout.split('\n')).toEqual([
      expect.stringMatching(/^agent\.ts:2:48: error no-bare-allowed-tools 'Bash' approves every Bash call/),
      'toolgate: 1 problem (1 error, 0 warnings) in 1 file',
      '',
    ]);
  });

  it('--code-frame shows the line with carets under the reported text', async () => {
    const { stdout } = await runCli(['scan', '--code-frame'], { cwd: dir });
    const lines = stdout.split('\n');
    const at = lines.findIndex((line) => line.includes('2 | query('));
    expect(lines[at]).toBe("        2 | query({ prompt: 'x', options: { allowedTools: ['Bash'] } });");
    expect(lines[at + 1]).toBe(`          | ${' '.repeat(47)}^^^^^^`);
  });

  it('lists each rule that reported with its count and a docs page that ships in the package', async () => {
    const { stdout } = await runCli(['scan'], { cwd: dir });
    const line = stdout.split('\n').find((text) => text.includes('  1  no-bare-allowed-tools  '));
    const url = /https:\S+\/docs\/rules\/(no-bare-allowed-tools\.md)$/.exec(line ?? '');
    expect(url).not.toBeNull();
    expect(existsSync(path.join(repoRoot, 'docs/rules', url![1]!))).toBe(true);
    expect(stdout).toContain('`toolgate explain <rule>`');
  });

  it('the baseline: its hidden findings are counted, in pretty and compact', async () => {
    expect((await runCli(['scan', '--update-baseline'], { cwd: dir })).code).toBe(0);
    const pretty = await runCli(['scan', '--baseline', 'toolgate-baseline.json'], { cwd: dir });
    expect(pretty.code).toBe(0);
    expect(pretty.stdout).toContain('✔ No problems found\n1 finding hidden by the baseline\n');
    const compact = await runCli(['scan', '--baseline', 'toolgate-baseline.json', '--format', 'compact'], { cwd: dir });
    expect(compact.stdout).toBe('toolgate: 0 problems (0 errors, 0 warnings) in 1 file; 1 finding hidden by the baseline\n');
  });

  it('a settings file the agent loads that does not parse is counted the same everywhere', async () => {
    mkdirSync(path.join(dir, 'src/.claude'), { recursive: true });
    writeFileSync(path.join(dir, 'src/.claude/settings.json'), '{"permissions": {"allow": ["Bash"');
    writeFileSync(path.join(dir, 'src/agent.ts'), agent.replace("['Bash']", "['Read'], settingSources: ['project']"));
    const { code, stdout } = await runCli(['scan', 'src/agent.ts'], { cwd: dir });
    expect(code).toBe(2);
    expect(stdout).toContain('✖ 1 file could not be checked (listed on stderr)\n1 file checked (1 analysed, 0 skipped by prefilter, 0 failed), 1 file they read failed, 0 ignored\n');
    const json = JSON.parse((await runCli(['scan', 'src/agent.ts', '--format', 'json'], { cwd: dir })).stdout) as { summary: Record<string, number> };
    expect(json.summary).toMatchObject({ files: 1, failed: 0, failedReferenced: 1 });
  });
});

describe('paths that hold nothing to check', () => {
  it('a folder without a file toolgate reads: a warning and exit 2, never "No problems found"', async () => {
    mkdirSync(path.join(dir, 'docs'));
    writeFileSync(path.join(dir, 'docs/readme.md'), '# x');
    const { code, stdout, stderr } = await runCli(['scan', 'docs'], { cwd: dir });
    expect(code).toBe(2);
    expect(stdout).toContain('⚠ No files were checked\n0 files checked');
    expect(stdout).not.toContain('No problems found');
    expect(stderr).toBe('warning: no files to check in docs: toolgate reads .ts, .js, .py, Claude Code settings, skill, command and agent files, shell scripts, Makefiles, package.json and GitHub workflows. Pass --no-error-on-unmatched-pattern to allow this.\n');
    expect((await runCli(['scan', 'docs', '--no-error-on-unmatched-pattern'], { cwd: dir })).code).toBe(0);
  });

  it('a file named on the command line is a match even when no front end reads it (pre-commit passes every staged .json)', async () => {
    writeFileSync(path.join(dir, 'tsconfig.json'), '{}');
    const { code, stdout, stderr } = await runCli(['scan', 'tsconfig.json'], { cwd: dir });
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toContain('⚠ No files were checked');
  });
});

describe('progress', () => {
  // The clock moves a second a call: the line is due at every file, whatever the machine's speed.
  const ticking = () => {
    let time = 0;
    return () => (time += 1000);
  };

  it('is drawn on stderr on a terminal, then cleared, and never reaches stdout', async () => {
    const { stdout, stderr } = await runCli(['scan', '--format', 'json'], { cwd: dir, stderrIsTTY: true, now: ticking() });
    expect(stderr).toContain('\r\u001b[KChecking: 1 file (1 analysed, 0 skipped by prefilter)');
    expect(stderr.endsWith('\r\u001b[K')).toBe(true);
    expect(() => JSON.parse(stdout) as unknown).not.toThrow();
  });

  it.each([
    ['stderr is not a terminal', { stderrIsTTY: false, env: {} }],
    ['in CI', { stderrIsTTY: true, env: { CI: 'true' } }],
    ['TERM=dumb', { stderrIsTTY: true, env: { TERM: 'dumb' } }],
  ])('is never drawn when %s', async (_, io) => {
    const { stderr } = await runCli(['scan'], { cwd: dir, now: ticking(), ...io });
    expect(stderr).toBe('');
  });
});
