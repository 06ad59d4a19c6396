import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareRemote, gitEnv, installTimeout, integration, root, tag } from './support.js';

/** A `pre-commit` executable and its version, or why it cannot be had. */
function find(command: string, major: string): { command: string } | { missing: string } {
  const result = spawnSync(command, ['--version'], { encoding: 'utf8' });
  if (result.status !== 0) return { missing: `${command} is not installed` };
  if (!result.stdout.startsWith(`pre-commit ${major}.`)) return { missing: `${command} is ${result.stdout.trim()}, not ${major}.x` };
  return { command };
}

// Debian's package (3.0.4) and a virtualenv with the current 4.x; .ci/run installs both.
const versions = [
  ['3 (Debian)', find(process.env.TOOLGATE_PRE_COMMIT_3 ?? '/usr/bin/pre-commit', '3')],
  ['4 (virtualenv)', find(process.env.TOOLGATE_PRE_COMMIT_4 ?? path.join(root, '.cache/pre-commit-4/bin/pre-commit'), '4')],
] as const;
for (const [name, found] of versions) {
  if (integration && 'missing' in found) console.warn(`Skipping the pre-commit ${name} test: ${found.missing} (see .ci/run).`);
}

/**
 * The README's set-up: `repo:` a git URL, `rev:` the release tag, a fresh
 * pre-commit cache; the framework clones the tag and npm builds it.
 */
describe.skipIf(!integration)('the pre-commit framework, from a git tag', () => {
  let work = '';
  let remote = '';
  beforeAll(() => ({ work, remote } = bareRemote()));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it.each(versions)('pre-commit %s blocks a bad commit and passes a good one', (name, found) => {
    if ('missing' in found) return;
    const project = mkdtempSync(path.join(work, 'project-'));
    const env = { ...gitEnv(project), PRE_COMMIT_HOME: path.join(project, '.pre-commit-home') };
    const git = (...args: string[]) => spawnSync('git', args, { cwd: project, env, encoding: 'utf8' });
    git('init', '--quiet', '--initial-branch=main');
    writeFileSync(path.join(project, '.gitignore'), '.pre-commit-home/\n');
    writeFileSync(
      path.join(project, '.pre-commit-config.yaml'),
      `repos:\n  - repo: file://${remote}\n    rev: ${tag}\n    hooks:\n      - id: toolgate\n`,
    );
    git('add', '.');
    execFileSync(found.command, ['install', '--install-hooks'], { cwd: project, env, stdio: 'pipe' });

    mkdirSync(path.join(project, '.claude'));
    writeFileSync(path.join(project, '.claude/settings.json'), '{ "permissions": { "allow": ["Bash"] } }\n');
    git('add', '.');
    const blocked = git('commit', '-m', 'bad');
    expect(blocked.stdout + blocked.stderr).toMatch(/toolgate\.*Failed/);
    expect(blocked.stdout + blocked.stderr).toMatch(/no-bare-allowed-tools/);
    expect(blocked.status, name).not.toBe(0);

    writeFileSync(path.join(project, '.claude/settings.json'), '{ "permissions": { "allow": ["Bash(npm test *)"] } }\n');
    git('add', '.');
    const passed = git('commit', '-m', 'good');
    expect(passed.stdout + passed.stderr).toMatch(/toolgate\.*Passed/);
    expect(passed.status, passed.stderr).toBe(0);
    expect(existsSync(path.join(project, '.git/hooks/pre-commit'))).toBe(true);
  }, installTimeout);
});
