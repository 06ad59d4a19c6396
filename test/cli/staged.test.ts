import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { gitEnv } from '../support/git-env.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = path.join(root, 'dist/bin/toolgate.js');
const bad = ["import { query } from '@anthropic-ai/claude-agent-sdk';", "query({ prompt: 'x', options: { allowedTools: ['Bash'] } });", ''].join('\n');
const clean = ["import { query } from '@anthropic-ai/claude-agent-sdk';", "query({ prompt: 'x', options: { allowedTools: ['Read'] } });", ''].join('\n');

let repo: string;
const env = (): NodeJS.ProcessEnv => gitEnv(repo);
const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, env: env(), encoding: 'utf8' });
const commit = (message: string) => spawnSync('git', ['commit', '-m', message], { cwd: repo, env: env(), encoding: 'utf8' });

beforeEach(async () => {
  repo = await mkdtemp(path.join(tmpdir(), 'toolgate-staged-repo-'));
  git('init', '--quiet', '--initial-branch=main');
  await writeFile(path.join(repo, 'README.md'), 'x\n');
  git('add', 'README.md');
  git('commit', '--quiet', '-m', 'init');
});
afterEach(async () => {
  await rm(repo, { recursive: true, force: true });
});

async function scanStaged(): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await run(['node', 'toolgate', 'scan', '--staged', '--format', 'json'], {
    cwd: repo,
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    env: {},
    isTTY: false,
  });
  return { code, stdout, stderr };
}

describe('scan --staged in a real git repository', () => {
  it('checks the index, not the working tree', async () => {
    expect(await scanStaged()).toMatchObject({ code: 0, stderr: 'No staged files to check.\n' });

    await writeFile(path.join(repo, 'agent.ts'), bad);
    git('add', 'agent.ts');
    await writeFile(path.join(repo, 'agent.ts'), clean); // fixed in the tree, not staged
    const staged = await scanStaged();
    expect(staged.code).toBe(1);
    expect((JSON.parse(staged.stdout) as { findings: Array<{ path: string; ruleId: string }> }).findings).toEqual([
      expect.objectContaining({ path: 'agent.ts', ruleId: 'no-bare-allowed-tools' }),
    ]);

    git('add', 'agent.ts');
    await writeFile(path.join(repo, 'agent.ts'), bad); // broken in the tree, clean in the index
    expect((await scanStaged()).code).toBe(0);
  });

  it('outside a git repository it is a usage error (exit 2)', async () => {
    const outside = await mkdtemp(path.join(tmpdir(), 'toolgate-not-git-'));
    try {
      const code = await run(['node', 'toolgate', 'scan', '--staged'], { cwd: outside, stdout: () => {}, stderr: () => {}, env: {}, isTTY: false });
      expect(code).toBe(2);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it.skipIf(!existsSync(bin))('a plain git pre-commit hook blocks a commit that adds a finding and passes a clean one', async () => {
    const hook = path.join(repo, '.git/hooks/pre-commit');
    await writeFile(hook, `#!/bin/sh\nexec "${process.execPath}" "${bin}" scan --staged\n`, { mode: 0o755 });
    await writeFile(path.join(repo, 'agent.ts'), bad);
    git('add', 'agent.ts');
    const blocked = commit('bad');
    expect(blocked.status).not.toBe(0);
    expect(blocked.stdout + blocked.stderr).toMatch(/no-bare-allowed-tools/);
    await writeFile(path.join(repo, 'agent.ts'), clean);
    git('add', 'agent.ts');
    expect(commit('clean').status).toBe(0);
  });
});
