import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'toolgate-shipped-'));
const project = path.join(work, 'project');

/**
 * The package as users get it: `npm pack` of the built tree, installed into a
 * fresh project from the npm cache that `npm ci` filled (no network).
 */
describe('the packed package', () => {
  beforeAll(() => {
    // `npm test` has just built dist/; skip prepack's second build.
    execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', work], { cwd: root, stdio: 'pipe' });
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'))!;
    cpSync(path.join(root, 'fixtures/example'), project, { recursive: true });
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'demo', private: true, type: 'module' }));
    const install = ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', path.join(work, tarball), 'eslint@10'];
    execFileSync('npm', install, { cwd: project, stdio: 'pipe' });
  }, 180_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('runs as `npx toolgate scan` and exits 1 on the example', () => {
    const result = spawnSync('npx', ['--no-install', 'toolgate', 'scan', 'src', '--format', 'json'], { cwd: project, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(1);
    const report = JSON.parse(result.stdout) as { findings: Array<{ ruleId: string }> };
    expect(report.findings.length).toBeGreaterThan(0);
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
});
