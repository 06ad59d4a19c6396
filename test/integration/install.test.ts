import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareRemote, gitEnv, installTimeout, integration, root, tag } from './support.js';

const eslintVersion = (JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> }).packages['node_modules/eslint']!.version;

// Run in the project as an ES module: the ESLint class with a flat config that uses the plugin as imported.
const lintSnippet = `
import toolgate from 'toolgate';
import { ESLint } from 'eslint';
const eslint = new ESLint({ overrideConfigFile: true, overrideConfig: [{ files: ['**/*.js'] }, toolgate.configs.recommended] });
const code = "import { query } from '@anthropic-ai/claude-agent-sdk';\\nquery({ prompt: 'x', options: { permissionMode: 'bypassPermissions' } });\\n";
const [result] = await eslint.lintText(code, { filePath: 'agent.js' });
console.log(JSON.stringify({ rules: Object.keys(toolgate.rules).length, messages: result.messages.map((m) => [m.ruleId, m.line]) }));
`;

/** Installs `spec` into a fresh project and checks the bin, the default export and ESLint. */
function checkInstall(work: string, spec: string): void {
  const project = mkdtempSync(path.join(work, 'project-'));
  const env = gitEnv(project);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'demo', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', spec, `eslint@${eslintVersion}`], { cwd: project, env, stdio: 'pipe' });

  const bin = spawnSync(path.join(project, 'node_modules/.bin/toolgate'), ['--version'], { cwd: project, env, encoding: 'utf8' });
  expect(bin.stderr).toBe('');
  expect(bin.stdout.trim()).toBe(tag.slice(1));

  writeFileSync(path.join(project, 'lint.mjs'), lintSnippet);
  const lint = spawnSync(process.execPath, ['lint.mjs'], { cwd: project, env, encoding: 'utf8' });
  expect(lint.status, lint.stderr).toBe(0);
  const report = JSON.parse(lint.stdout) as { rules: number; messages: Array<[string, number]> };
  expect(report.rules).toBeGreaterThan(6);
  expect(report.messages).toEqual([['toolgate/no-bypass-without-disallowed-tools', 2]]);
}

/** Installs without toolgate on the registry: from a git tag and from a tarball (README, "Install"). */
describe.skipIf(!integration)('installing toolgate without the registry', () => {
  let work = '';
  let remote = '';
  beforeAll(() => ({ work, remote } = bareRemote()));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('from a git URL at the release tag (npm builds it in its clone)', () => checkInstall(work, `git+file://${remote}#${tag}`), installTimeout);

  it('from the tarball of `npm pack`', () => {
    // A clone of the tag, packed as a user would: `npm ci` builds it (prepare), `npm pack` writes the tarball.
    const clone = path.join(work, 'clone');
    execFileSync('git', ['clone', '--quiet', '--branch', tag, remote, clone], { stdio: 'pipe' });
    const env = gitEnv(clone);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: clone, env, stdio: 'pipe' });
    const packed = execFileSync('npm', ['pack', '--pack-destination', work], { cwd: clone, env, encoding: 'utf8' });
    // What pre-commit 3 reads: the tarball's name and nothing else (the repository's .npmrc).
    expect(packed).toBe(`toolgate-${tag.slice(1)}.tgz\n`);
    expect(readdirSync(work)).toContain(packed.trim());
    checkInstall(work, path.join(work, packed.trim()));
  }, installTimeout);
});
