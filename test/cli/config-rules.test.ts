import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRules } from '../../rules/index.js';
import { applyConfig, validateConfig } from '../../src/engine/config-file.js';
import { configRules } from '../../src/engine/configs.js';
import { UsageError } from '../../src/engine/errors.js';
import { runCli } from './support.js';

// Generated from the rule list: a new rule is covered without a line here.
const settingFor = (rules: Record<string, unknown>) => applyConfig(configRules('recommended', allRules), validateConfig({ rules }, '/repo/toolgate.config.json', '', allRules), [], allRules);
const rejection = (rules: Record<string, unknown>): string => {
  try {
    validateConfig({ rules }, '/repo/toolgate.config.json', '', allRules);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('the config was accepted');
};

describe.each(allRules.map((rule) => [rule.id, rule] as const))('toolgate.config.json and %s', (id, rule) => {
  const takesOptions = rule.meta.schema.length > 0;
  const validOptions = rule.strictOptions ?? {};

  it.each([
    ['warn', 'warn'],
    ['error', 'error'],
    [1, 'warn'],
    [2, 'error'],
    [['warn'], 'warn'],
    [['error'], 'error'],
  ])('%j turns it on at %s, also under its toolgate/ name', (value, severity) => {
    for (const key of [id, `toolgate/${id}`]) {
      const setting = settingFor({ [key]: value }).find((entry) => entry.rule.id === id);
      expect(setting?.severity).toBe(severity);
    }
  });

  it.each(['off', 0, ['off']])('%j turns it off', (value) => {
    expect(settingFor({ [id]: value }).map((entry) => entry.rule.id)).not.toContain(id);
  });

  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', 'Error', '', 3, -1, true, null, {}])(
    'rejects the severity %j',
    (value) => {
      expect(rejection({ [id]: value })).toMatch(new RegExp(`rules\\.${id}: severity must be "off", "warn" or "error"`));
    },
  );

  if (takesOptions) {
    it('takes its options, and rejects one it does not know', () => {
      const setting = settingFor({ [id]: ['error', validOptions] }).find((entry) => entry.rule.id === id);
      expect(setting).toMatchObject({ severity: 'error', options: validOptions });
      expect(rejection({ [id]: ['warn', { noSuchOption: true }] })).toMatch(new RegExp(`rules\\.${id}: invalid options: .*'noSuchOption'`));
      expect(rejection({ [id]: ['warn', validOptions, validOptions, validOptions] })).toMatch(/invalid options/);
    });
  } else {
    it('takes no options', () => {
      expect(rejection({ [id]: ['error', {}] })).toMatch(new RegExp(`rules\\.${id}: takes no options`));
    });
  }
});

describe('the config in a real scan', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'toolgate-config-rules-'));
    await writeFile(path.join(dir, 'agent.ts'), "import { query } from '@anthropic-ai/claude-agent-sdk';\nquery({ prompt: 'x', options: { allowedTools: ['Bash'] } });\n");
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each(allRules.map((rule) => rule.id))('"%s": "warn" runs the scan (no internal error)', async (id) => {
    await writeFile(path.join(dir, 'toolgate.config.json'), JSON.stringify({ rules: { [id]: 'warn' } }));
    const { code, stderr } = await runCli(['scan', '--format', 'json'], { cwd: dir });
    expect(stderr).toBe('');
    expect([0, 1]).toContain(code);
  });

  it('prints a config error one mistake a line, with a key from the file escaped', async () => {
    await writeFile(path.join(dir, 'toolgate.config.json'), JSON.stringify({ rules: { 'no-fail-open-hook': 'toString', 'x\n::add-mask::y\u001b': 1 } }));
    const { code, stderr } = await runCli(['scan'], { cwd: dir });
    expect(code).toBe(2);
    const lines = stderr.split('\n');
    expect(lines[0]).toBe(`error: Invalid config ${path.join(dir, 'toolgate.config.json')}:`);
    expect(lines[1]).toMatch(/^ {2}rules\.no-fail-open-hook: severity must be .*; got "toString"\.$/);
    expect(lines[2]).toMatch(/^ {2}rules\."x\\n::add-mask::y\\u001b": unknown rule\./);
    expect(stderr).not.toContain('\\x0a');
    expect(stderr).not.toContain('\u001b');
  });
});
