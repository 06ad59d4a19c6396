import { fileURLToPath } from 'node:url';
import json from '@eslint/json';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { configNames, type ConfigName } from '../../src/engine/configs.js';
import { plugin } from '../../src/index.js';

const cwd = fileURLToPath(new URL('../../fixtures/settings/', import.meta.url));

/** The files block of the README's "Settings files" snippet. */
const settingsFiles = ['**/.claude/settings*.json', '**/managed-settings.json', '**/managed-settings.d/*.json'];

/** Lint as the README tells users to: toolgate's config, and settings files parsed by ESLint's JSON language. */
async function lint(file: string, config: ConfigName, language = 'json/json'): Promise<Linter.LintMessage[]> {
  const eslint = new ESLint({
    cwd,
    overrideConfigFile: true,
    overrideConfig: [
      plugin.configs[config],
      { files: [...settingsFiles, '**/*.json'], plugins: { json }, language },
    ],
  });
  const [result] = await eslint.lintFiles([file]);
  return result!.messages;
}

const summary = (messages: Linter.LintMessage[]) =>
  messages.map(({ ruleId, messageId, line, column, endLine, endColumn }) => ({ ruleId, messageId, line, column, endLine, endColumn }));

describe.each(configNames)('settings files in ESLint with the %s config', (config) => {
  it('reports project settings at the same places as scan', async () => {
    expect(summary(await lint('project/.claude/settings.json', config))).toEqual([
      { ruleId: 'toolgate/no-bypass-without-disallowed-tools', messageId: 'allowRulesIgnored', line: 4, column: 5, endLine: 4, endColumn: 12 },
      { ruleId: 'toolgate/no-bare-allowed-tools', messageId: 'bareTool', line: 6, column: 7, endLine: 6, endColumn: 13 },
      { ruleId: 'toolgate/no-bare-allowed-tools', messageId: 'wholeServer', line: 8, column: 7, endLine: 8, endColumn: 20 },
      { ruleId: 'toolgate/no-bypass-without-disallowed-tools', messageId: 'bypassInProjectSettings', line: 10, column: 20, endLine: 10, endColumn: 39 },
    ]);
  });

  it('reports local settings with the local message', async () => {
    const messages = await lint('project/.claude/settings.local.json', config);
    expect(summary(messages).map(({ messageId, line, column }) => ({ messageId, line, column }))).toEqual([
      { messageId: 'bypassWithoutDenyRules', line: 3, column: 20 },
      { messageId: 'allowRulesIgnored', line: 4, column: 5 },
      { messageId: 'commandRunner', line: 4, column: 33 },
    ]);
    expect(messages[0]!.message).toContain('permissions.defaultMode is "bypassPermissions" with no permissions.deny rules');
  });

  it('reports managed settings, including files in managed-settings.d', async () => {
    expect(await lint('managed/managed-settings.json', config)).toEqual([]);
    expect(summary(await lint('managed/managed-settings.d/10-tools.json', config))).toEqual([
      { ruleId: 'toolgate/no-bare-allowed-tools', messageId: 'bareTool', line: 3, column: 15, endLine: 3, endColumn: 25 },
    ]);
  });

  it.each(['clean/.claude/settings.json', 'clean/.claude/settings.local.json'])('reports nothing on the near miss %s', async (file) => {
    expect(await lint(file, config)).toEqual([]);
  });

  it('leaves a settings.json outside .claude alone, though it is linted as JSON', async () => {
    expect(await lint('not-settings/settings.json', config)).toEqual([]);
  });
});

describe('settings files ESLint cannot parse', () => {
  it('are reported by ESLint itself, with no toolgate findings', async () => {
    const messages = await lint('invalid/.claude/settings.json', 'recommended');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ ruleId: null, fatal: true, line: 4, column: 5 });
  });

  it('under json/json, a comment is a parse error, as it is for Claude Code', async () => {
    const messages = await lint('jsonc/.claude/settings.json', 'recommended');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ ruleId: null, fatal: true, line: 2, column: 3 });
  });

  it('under json/jsonc, the rules still run (Claude Code would reject the file: use json/json)', async () => {
    const eslint = new ESLint({
      cwd,
      overrideConfigFile: true,
      overrideConfig: [
        plugin.configs.recommended,
        { files: settingsFiles, plugins: { json }, language: 'json/jsonc', languageOptions: { allowTrailingCommas: true } },
      ],
    });
    const [result] = await eslint.lintFiles(['jsonc/.claude/settings.json']);
    expect(summary(result!.messages).map(({ messageId, line, column }) => ({ messageId, line, column }))).toEqual([
      { messageId: 'bareTool', line: 4, column: 15 },
    ]);
  });
});

describe('hook scripts in ESLint', () => {
  // The adapter reads the scripts a settings file's hooks name from disk, as import plugins read sibling modules.
  it('reports at the command what scan reports, without a suggestion: its edit is in the script', async () => {
    const messages = (await lint('hook-scripts/.claude/settings.json', 'recommended')).filter(({ ruleId }) => ruleId === 'toolgate/hook-script-must-block');
    expect(summary(messages)).toEqual([
      { ruleId: 'toolgate/hook-script-must-block', messageId: 'exitOne', line: 4, column: 70, endLine: 4, endColumn: 121 },
      { ruleId: 'toolgate/hook-script-must-block', messageId: 'missingScript', line: 6, column: 74, endLine: 6, endColumn: 102 },
    ]);
    expect(messages.map(({ suggestions }) => suggestions)).toEqual([undefined, undefined]);
  });
});
