import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { scan } from '../support/scan.js';

const agent = (tools: string[]): string =>
  [
    "import { query } from '@anthropic-ai/claude-agent-sdk';",
    `query({ prompt: 'x', options: { allowedTools: ${JSON.stringify(tools)} } });`,
    '',
  ].join('\n');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'toolgate-config-'));
  await mkdir(path.join(dir, 'src/generated'), { recursive: true });
  await writeFile(path.join(dir, 'src/agent.ts'), agent(['Bash', 'WebFetch']));
  await writeFile(path.join(dir, 'src/generated/agent.ts'), agent(['Bash']));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const summary = (result: Awaited<ReturnType<typeof scan>>) =>
  result.findings.map((finding) => `${finding.path} ${finding.ruleId} ${finding.severity} ${String(finding.data['tool'] ?? '')}`);

async function cli(...args: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const code = await run(['node', 'toolgate', 'scan', ...args], { cwd: path.join(dir, 'src'), stdout: () => {}, stderr: (text) => void (stderr += text), env: {}, isTTY: false });
  return { code, stderr };
}

describe('toolgate.config.json', () => {
  it('is found upward from the scanned path: rule options, severity, off, and ignore patterns', async () => {
    const before = await scan({ cwd: dir, paths: ['src'], rules: ['no-bare-allowed-tools'] });
    expect(summary(before)).toEqual(
      expect.arrayContaining(['src/agent.ts no-bare-allowed-tools error Bash', 'src/agent.ts no-bare-allowed-tools error WebFetch']),
    );
    await writeFile(
      path.join(dir, 'toolgate.config.json'),
      JSON.stringify({
        rules: { 'no-bare-allowed-tools': ['warn', { allow: ['WebFetch'] }], 'toolgate/no-fail-open-hook': 'off' },
        ignore: ['src/generated/'],
      }),
    );
    const after = await scan({ cwd: path.join(dir, 'src') });
    expect(after.config).toBe(path.join(dir, 'toolgate.config.json'));
    expect(after.rules.map((rule) => rule.id)).not.toContain('no-fail-open-hook');
    expect(summary(after).filter((line) => line.includes('no-bare-allowed-tools'))).toEqual(['agent.ts no-bare-allowed-tools warning Bash']);
    expect((await scan({ cwd: path.join(dir, 'src'), configFile: false })).config).toBeUndefined();
  });

  it('a toolgate key in package.json counts, and --rule still runs a rule the config turns off', async () => {
    await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'x', toolgate: { rules: { 'no-bare-allowed-tools': 'off' } } }));
    expect(summary(await scan({ cwd: dir })).filter((line) => line.includes('no-bare-allowed-tools'))).toEqual([]);
    expect(summary(await scan({ cwd: dir, rules: ['no-bare-allowed-tools'] })).length).toBeGreaterThan(0);
  });

  it('settingsFiles reads further JSON files as Claude Code settings', async () => {
    await mkdir(path.join(dir, 'deploy'), { recursive: true });
    await writeFile(path.join(dir, 'deploy/agent-settings.json'), JSON.stringify({ permissions: { allow: ['Bash'] } }, null, 2));
    const before = await scan({ cwd: dir, paths: ['deploy'] });
    expect(before.stats.files).toBe(0);
    await writeFile(path.join(dir, 'toolgate.config.json'), JSON.stringify({ settingsFiles: ['deploy/*-settings.json'] }));
    const after = await scan({ cwd: dir, paths: ['deploy'] });
    expect(after.stats.files).toBe(1);
    expect(after.findings.map((finding) => `${finding.path} ${finding.ruleId}`)).toEqual(['deploy/agent-settings.json no-bare-allowed-tools']);
  });

  it.each([
    [{ rulez: {} }, /rulez: unknown key/],
    [{ rules: { 'no-such-rule': 'error' } }, /rules\.no-such-rule: unknown rule/],
    [{ rules: { 'no-bare-allowed-tools': 'loud' } }, /severity must be/],
    [{ rules: { 'no-bare-allowed-tools': ['error', { alow: [] }] } }, /invalid options: .*must NOT have additional properties \('alow'\)/],
    [{ rules: { 'no-bare-allowed-tools': ['error', { allow: 'WebFetch' }] } }, /invalid options: allow must be array/],
    [{ ignore: 'dist' }, /ignore: must be an array of strings/],
    [{ settingsFiles: [1] }, /settingsFiles: must be an array of strings/],
  ])('rejects %j with a clear error and exit 2', async (config, message) => {
    await writeFile(path.join(dir, 'toolgate.config.json'), JSON.stringify(config));
    const { code, stderr } = await cli();
    expect(code).toBe(2);
    expect(stderr).toMatch(/Invalid config .*toolgate\.config\.json/);
    expect(stderr).toMatch(message);
  });

  it('invalid JSON, and --config / --no-config', async () => {
    await writeFile(path.join(dir, 'toolgate.config.json'), '{ rules: }');
    expect(await cli()).toMatchObject({ code: 2, stderr: expect.stringMatching(/not valid JSON/) });
    expect((await cli('--no-config', '--rule', 'no-bare-allowed-tools')).code).toBe(1);
    await writeFile(path.join(dir, 'other.json'), JSON.stringify({ rules: { 'no-bare-allowed-tools': 'off' } }));
    expect((await cli('--config', '../other.json', '--rule', 'no-bypass-without-disallowed-tools')).code).toBe(0);
  });
});
