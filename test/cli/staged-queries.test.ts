import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sdkMarkers } from '../../src/engine/prefilter.js';
import { searchMarkers, searchPathspecs } from '../../src/engine/staged/search-terms.js';
import { frontEnds } from '../../src/frontends/registry.js';
import { gitEnv } from '../support/git-env.js';
import { repoRoot } from './support.js';

// The built CLI asks git its first questions before it loads its modules
// (src/engine/staged/queries.ts): from wherever the hook runs, the answers
// must be the repository's, and an answer not needed must not hold the run.
const bin = path.join(repoRoot, 'dist/bin/toolgate.js');
const work = mkdtempSync(path.join(tmpdir(), 'toolgate-staged-queries-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";

function repository(files: Record<string, string>): { repo: string; git: (...args: string[]) => string } {
  const repo = mkdtempSync(path.join(work, 'repo-'));
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, env: gitEnv(repo), encoding: 'utf8' });
  git('init', '--quiet', '--initial-branch=main');
  for (const [file, text] of Object.entries(files)) write(repo, file, text);
  git('add', '-A');
  git('commit', '--quiet', '-m', 'base');
  return { repo, git };
}

function write(repo: string, file: string, text: string): void {
  mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  writeFileSync(path.join(repo, file), text);
}

function stagedCheck(cwd: string, repo: string): { status: number | null; findings: Array<{ path: string; ruleId: string }>; stderr: string } {
  const run = spawnSync(process.execPath, [bin, 'scan', '--staged', '--no-config', '--format', 'json'], { cwd, env: gitEnv(repo), encoding: 'utf8' });
  return { status: run.status, findings: run.stdout.startsWith('{') ? (JSON.parse(run.stdout) as { findings: Array<{ path: string; ruleId: string }> }).findings : [], stderr: run.stderr };
}

describe('the staged check asks git early', () => {
  it('searches for the markers and pathspecs the registry gives', () => {
    expect(searchMarkers).toEqual(sdkMarkers(frontEnds));
    expect(searchPathspecs).toEqual(frontEnds.flatMap((frontEnd) => frontEnd.pathspecs ?? []));
  });

  it.skipIf(!existsSync(bin))('from a sub-folder finds what it finds from the top, an agent file elsewhere and one changed in the working tree included', () => {
    const { repo, git } = repository({
      'agent/options.ts': `${sdk}\nimport { TOOLS } from '../shared/consts';\nquery({ prompt: 'x', options: { allowedTools: TOOLS } });\n`,
      'other/run.ts': `${sdk}\nimport { TOOLS } from '../shared/consts';\nquery({ prompt: 'y', options: { allowedTools: TOOLS } });\n`,
      'shared/consts.ts': "export const TOOLS = ['Read'];\n",
      'web/app.ts': 'export const x = 1;\n',
    });
    write(repo, 'shared/consts.ts', "export const TOOLS = ['Bash'];\n");
    git('add', 'shared/consts.ts');
    // Changed in the working tree only: the search must take the index's copy, which still imports the module.
    write(repo, 'other/run.ts', 'export const nothing = 0;\n');
    const fromTop = stagedCheck(repo, repo);
    expect(fromTop.status).toBe(1);
    expect(fromTop.findings.map((finding) => finding.ruleId)).toContain('no-bare-allowed-tools');
    const fromWeb = stagedCheck(path.join(repo, 'web'), repo);
    expect(fromWeb).toEqual(fromTop);
  });

  it.skipIf(!existsSync(bin))('a change of nothing toolgate reads ends without waiting for the search', () => {
    const { repo, git } = repository({ 'agent.ts': `${sdk}\nquery({ prompt: 'x', options: { allowedTools: ['Bash'] } });\n`, 'README.md': 'x\n' });
    write(repo, 'README.md', 'y\n');
    git('add', 'README.md');
    const run = spawnSync(process.execPath, [bin, 'scan', '--staged'], { cwd: repo, env: gitEnv(repo), encoding: 'utf8' });
    expect([run.status, run.stderr]).toEqual([0, 'No staged files to check.\n']);
  });

  it.skipIf(!existsSync(bin))('outside a repository is a usage error, not a crash on an answer no one awaited', () => {
    const outside = mkdtempSync(path.join(work, 'outside-'));
    const run = stagedCheck(outside, outside);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^error: --staged needs a git repository: git rev-parse failed/);
  });
});
