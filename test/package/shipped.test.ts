import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'toolgate-shipped-'));
const project = path.join(work, 'project');
type LockEntry = Record<string, unknown> & { version?: string };
const repoLock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
const repoPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown> & { version: string };

/** A project that depends on the tarball, ESLint and oxlint, with a lockfile taken from the repository's. */
function writeProjectWithLock(tarball: string): void {
  const dependencies = {
    toolgate: `file:${tarball}`,
    eslint: repoLock.packages['node_modules/eslint']!.version!,
    oxlint: repoLock.packages['node_modules/oxlint']!.version!,
  };
  const { version, bin, license, engines, peerDependencies, peerDependenciesMeta } = repoPackage;
  const packages: Record<string, LockEntry> = {
    '': { name: 'demo', dependencies },
    'node_modules/toolgate': { version, resolved: `file:${tarball}`, dependencies: repoPackage.dependencies, bin, license, engines, peerDependencies, peerDependenciesMeta },
  };
  // Every installed package of the repository; npm ci keeps the ones this project reaches.
  for (const [key, entry] of Object.entries(repoLock.packages)) {
    if (!key.startsWith('node_modules/')) continue;
    // The project installs them as its own dependencies, not as development ones.
    packages[key] = Object.fromEntries(Object.entries(entry).filter(([field]) => field !== 'dev' && field !== 'devOptional'));
  }
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'demo', private: true, type: 'module', dependencies }));
  writeFileSync(path.join(project, 'package-lock.json'), JSON.stringify({ name: 'demo', lockfileVersion: 3, requires: true, packages }));
}
const npx = (args: string[]) => spawnSync('npx', ['--no-install', ...args], { cwd: project, encoding: 'utf8' });

/**
 * The package as users get it: `npm pack` of the built tree, installed into a
 * fresh project with `npm ci --offline`. The project's lockfile pins toolgate's
 * dependencies (and ESLint, oxlint) to the versions of this repository's own
 * lockfile, so every tarball is in the npm cache that this repository's
 * `npm ci` filled: no network, and no package metadata needed.
 */
describe('the packed package', () => {
  beforeAll(() => {
    // `npm test` has just built dist/; skip prepack's second build.
    execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', work], { cwd: root, stdio: 'pipe' });
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'))!;
    cpSync(path.join(root, 'fixtures/example'), project, { recursive: true });
    cpSync(path.join(work, tarball), path.join(project, tarball));
    writeProjectWithLock(tarball);
    execFileSync('npm', ['ci', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: project, stdio: 'pipe' });
  });

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('runs as `npx toolgate scan` and exits 1 on the example', () => {
    const result = spawnSync('npx', ['--no-install', 'toolgate', 'scan', 'src', '--format', 'json'], { cwd: project, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(1);
    const report = JSON.parse(result.stdout) as { findings: Array<{ ruleId: string }> };
    expect(report.findings.length).toBeGreaterThan(0);
  });

  it('checks the Python agent, with the parser loaded from the installed packages', () => {
    const result = spawnSync('npx', ['--no-install', 'toolgate', 'scan', 'python', '--format', 'json'], { cwd: project, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(1);
    const report = JSON.parse(result.stdout) as { findings: Array<{ ruleId: string; path: string }> };
    expect(new Set(report.findings.map((finding) => finding.path))).toEqual(new Set(['python/agent.py', 'python/refund_guard.py']));
  });

  it('loads as an ESLint plugin from a flat config', () => {
    writeFileSync(path.join(project, 'eslint.config.js'), "import toolgate from 'toolgate';\nexport default [{ files: ['**/*.js'] }, toolgate.configs.recommended];\n");
    writeFileSync(
      path.join(project, 'agent.js'),
      "import { query } from '@anthropic-ai/claude-agent-sdk';\nquery({ prompt: 'x', options: { permissionMode: 'bypassPermissions' } });\n",
    );
    const result = spawnSync('npx', ['--no-install', 'eslint', '--format', 'json', 'agent.js'], { cwd: project, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(1);
    const [file] = JSON.parse(result.stdout) as Array<{ messages: Array<{ ruleId: string; line: number }> }>;
    expect(file!.messages.map((message) => [message.ruleId, message.line])).toEqual([['toolgate/no-bypass-without-disallowed-tools', 2]]);
  });

  it('lists its rules as `npx toolgate rules`', () => {
    const result = npx(['toolgate', 'rules', '--format', 'json']);
    expect(result.status, result.stderr).toBe(0);
    const { rules } = JSON.parse(result.stdout) as { rules: Array<{ id: string }> };
    expect(rules.map((rule) => rule.id)).toContain('no-bare-allowed-tools');
  });

  it('prints a rule\'s shipped docs page as `npx toolgate explain`', () => {
    const result = npx(['toolgate', 'explain', 'no-bare-allowed-tools']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^no-bare-allowed-tools\n=+\n/);
    expect(result.stdout).toContain('\nWhy\n---\n');
  });

  it('writes SARIF whose rules carry their shipped docs as help', () => {
    const result = npx(['toolgate', 'scan', 'src', '--format', 'sarif']);
    expect(result.status, result.stderr).toBe(1);
    const log = JSON.parse(result.stdout) as { runs: Array<{ tool: { driver: { rules: Array<{ help: { markdown?: string } }> } } }> };
    for (const rule of log.runs[0]!.tool.driver.rules) expect(rule.help.markdown).toContain('## Why');
  });

  it('runs in oxlint through `jsPlugins: ["toolgate/oxlint"]`', () => {
    writeFileSync(
      path.join(project, '.oxlintrc.json'),
      JSON.stringify({ plugins: [], categories: { correctness: 'off' }, jsPlugins: ['toolgate/oxlint'], rules: { 'toolgate/no-bypass-without-disallowed-tools': 'error' } }),
    );
    writeFileSync(
      path.join(project, 'oxlint-agent.js'),
      "import { query } from '@anthropic-ai/claude-agent-sdk';\nquery({ prompt: 'x', options: { permissionMode: 'bypassPermissions' } });\n",
    );
    const result = npx(['oxlint', '--format', 'json', 'oxlint-agent.js']);
    expect(result.status, result.stderr).toBe(1);
    const { diagnostics } = JSON.parse(result.stdout) as { diagnostics: Array<{ code: string; labels: Array<{ span: { line: number } }> }> };
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.labels[0]!.span.line])).toEqual([['toolgate(no-bypass-without-disallowed-tools)', 2]]);
  });
});
