import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gitCommands } from '../../src/engine/staged/git-batch.js';
import { gitEnv } from '../support/git-env.js';

// The staged check's first git commands, started by one shell on POSIX: each
// answer must be its own command's, with git's exit status judged and its
// error text kept, as when Node.js starts each command itself.
const work = mkdtempSync(path.join(tmpdir(), 'toolgate-git-batch-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const repo = mkdtempSync(path.join(work, 'repo-'));
const env = gitEnv(repo);
execFileSync('git', ['init', '--quiet', '--initial-branch=main'], { cwd: repo, env });
writeFileSync(path.join(repo, "it's a file.ts"), 'claude\n');
writeFileSync(path.join(repo, 'other.ts'), 'nothing\n');
execFileSync('git', ['add', '-A'], { cwd: repo, env });

const settle = (answers: Promise<string>[]): Promise<string[]> => Promise.all(answers.map((answer) => answer.catch((error: Error) => `error: ${error.message}`)));

describe('git commands started side by side', () => {
  it("gives each command its own output, quoting included, and judges each exit status by the command's own list", async () => {
    const { answers } = gitCommands(
      [
        { args: ['grep', '-l', '-z', '-F', '-e', 'claude', '--', '*.ts'], okStatuses: [0, 1], globs: true },
        { args: ['grep', '-l', '-F', '-e', 'absent', '--', '*.ts'], okStatuses: [0, 1], globs: true },
        { args: ['grep', '-l', '-F', '-e', 'absent', '--', '*.ts'], globs: true },
        { args: ['ls-files', '--', "it's a file.ts"] },
        { args: ['rev-parse', '--show-toplevel'] },
      ],
      repo,
    );
    const [found, nothing, refused, listed, top] = await settle(answers);
    expect(found).toBe("it's a file.ts\0");
    expect(nothing).toBe('');
    expect(refused).toBe('error: --staged needs a git repository: git grep failed');
    expect(listed).toBe("it's a file.ts\n");
    expect(top!.trim()).toBe(execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: repo, encoding: 'utf8' }).trim());
  });

  it("keeps git's error text in the usage error (outside a repository)", async () => {
    const outside = mkdtempSync(path.join(work, 'outside-'));
    const { answers } = gitCommands([{ args: ['rev-parse', '--show-toplevel'] }, { args: ['diff', '--cached', '--name-only'] }], outside);
    const [top, staged] = await settle(answers);
    expect(top).toMatch(/^error: --staged needs a git repository: git rev-parse failed: fatal: not a git repository/);
    expect(staged).toMatch(/^error: --staged needs a git repository: git diff failed: /);
  });

  it('answers alike past the commands one shell can take', async () => {
    const { answers } = gitCommands(
      Array.from({ length: 8 }, () => ({ args: ['ls-files', '--', 'other.ts'] })),
      repo,
    );
    expect(await settle(answers)).toEqual(Array.from({ length: 8 }, () => 'other.ts\n'));
  });
});
