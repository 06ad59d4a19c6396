import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tsParser from '@typescript-eslint/parser';
import type { TSESLint } from '@typescript-eslint/utils';
import { ESLint, type Linter } from 'eslint';
import { defineConfig } from 'eslint/config';
import { describe, expect, it } from 'vitest';
import { allRules } from '../../rules/index.js';
import { configNames, type ConfigName } from '../../src/engine/configs.js';
import { docsBase } from '../../src/model/rule.js';
import { analysisCount, toEslintRule } from '../../src/eslint/adapter.js';
import { registeredReading } from '../../src/eslint/registered.js';
import toolgate, { plugin } from '../../src/index.js';
import { reportConfigurations, reportOptionKeys } from './dummy-rules.js';

const cwd = fileURLToPath(new URL('../../fixtures/eslint/', import.meta.url));
const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// Compile-time checks: users load the plugin through ESLint's types and typescript-eslint's.
defineConfig([toolgate.configs.recommended, toolgate.configs.strict]);
export const asEslintPlugin: ESLint.Plugin = toolgate;
export const asTypeScriptEslintPlugin: TSESLint.FlatConfig.Plugin = toolgate;
export const asTypeScriptEslintConfig: TSESLint.FlatConfig.Config = toolgate.configs.recommended;

/** Lint fixtures as a user would: a flat config with typescript-eslint's parser for `.ts` only. */
async function lint(file: string, extra: Linter.Config[]): Promise<Linter.LintMessage[]> {
  const eslint = new ESLint({
    cwd,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tsParser } }, ...extra],
  });
  const [result] = await eslint.lintFiles([file]);
  return result!.messages;
}

const lintWith = (config: ConfigName, file: string) => lint(file, [plugin.configs[config]]);

describe('plugin shape', () => {
  it('is the default export and names itself', () => {
    expect(toolgate).toBe(plugin);
    expect(plugin.meta).toEqual({ name: 'toolgate', version: packageJson.version });
  });

  it('exposes every rule under its id, with docs, messages and schema', () => {
    expect(Object.keys(plugin.rules).sort()).toEqual(allRules.map((rule) => rule.id).sort());
    for (const [id, module] of Object.entries(plugin.rules)) {
      expect(module.meta.docs?.url).toBe(`${docsBase}${id}.md`);
      expect(module.meta.docs?.description).toMatch(/\S/);
      expect(Object.keys(module.meta.messages).length).toBeGreaterThan(0);
      expect(Array.isArray(module.meta.schema)).toBe(true);
    }
  });

  it('exports the recommended and strict configs as named flat configs', () => {
    expect(Object.keys(plugin.configs).sort()).toEqual(['recommended', 'strict']);
    for (const name of configNames) {
      const config = plugin.configs[name];
      expect(config.name).toBe(`toolgate/${name}`);
      expect(config.plugins.toolgate).toBe(plugin);
      expect(Object.keys(config).sort()).toEqual(['name', 'plugins', 'rules']);
    }
  });

  it('derives config entries from rule metadata', () => {
    const recommended = allRules.filter((rule) => rule.meta.docs.config === 'recommended');
    expect(plugin.configs.recommended.rules).toEqual(
      Object.fromEntries(recommended.map((rule) => [`toolgate/${rule.id}`, rule.meta.severity])),
    );
    expect(plugin.configs.strict.rules).toEqual(
      Object.fromEntries(
        allRules.map((rule) => [`toolgate/${rule.id}`, rule.strictOptions ? ['error', rule.strictOptions] : 'error']),
      ),
    );
    for (const [id, module] of Object.entries(plugin.rules)) {
      expect(module.meta.docs?.recommended, id).toBe(`toolgate/${id}` in plugin.configs.recommended.rules);
    }
  });
});

describe.each(configNames)('linting fixtures with the %s config', (config) => {
  it.each(['no-sdk.ts', 'no-sdk.js'])('reports nothing on %s, which does not use the SDK', async (file) => {
    expect(await lintWith(config, file)).toEqual([]);
  });

  it.each(['safe-agent.ts'])('reports nothing on the near miss %s', async (file) => {
    expect(await lintWith(config, file)).toEqual([]);
  });

  // The agent fixtures share one layout: `permissionMode` on line 8, `allowedTools: ['Bash']` on line 9.
  it.each(['agent.ts', 'agent.js', 'agent.mjs', 'agent.cjs'])('reports the violations in %s', async (file) => {
    const messages = await lintWith(config, file);
    expect(messages.map(({ ruleId, messageId, line, column }) => ({ ruleId, messageId, line, column }))).toEqual([
      { ruleId: 'toolgate/no-bypass-without-disallowed-tools', messageId: 'bypassWithoutDeny', line: 8, column: 23 },
      { ruleId: 'toolgate/no-bypass-without-disallowed-tools', messageId: 'allowedToolsIgnored', line: 9, column: 7 },
      { ruleId: 'toolgate/no-bare-allowed-tools', messageId: 'bareTool', line: 9, column: 22 },
    ]);
  });
});

describe('the strict config', () => {
  it("reports permissionMode 'auto' beside canUseTool, which recommended leaves alone", async () => {
    expect(await lintWith('recommended', 'auto-mode.ts')).toEqual([]);
    const messages = await lintWith('strict', 'auto-mode.ts');
    expect(messages.map(({ ruleId, messageId, line, column }) => ({ ruleId, messageId, line, column }))).toEqual([
      { ruleId: 'toolgate/no-shadowed-can-use-tool', messageId: 'autoMode', line: 5, column: 89 },
    ]);
  });
});

describe('one extraction per file', () => {
  it('runs the front end once for all rules of a file', async () => {
    // Every toolgate rule plus two rules of another plugin built with the same
    // adapter: all share the one cached analysis.
    const extra: Linter.Config = {
      plugins: {
        dummy: {
          rules: {
            configurations: toEslintRule(reportConfigurations, registeredReading),
            keys: toEslintRule(reportOptionKeys, registeredReading),
          },
        },
      },
      rules: { 'dummy/configurations': 'error', 'dummy/keys': 'error' },
    };
    const before = analysisCount();
    const messages = await lint('agent.ts', [plugin.configs.strict, extra]);
    expect(analysisCount() - before).toBe(1);
    expect(messages.map(({ ruleId, line }) => ({ ruleId, line }))).toEqual(
      expect.arrayContaining([
        { ruleId: 'toolgate/no-bare-allowed-tools', line: 9 },
        { ruleId: 'dummy/configurations', line: 5 },
        { ruleId: 'dummy/keys', line: 8 },
        { ruleId: 'dummy/keys', line: 9 },
      ]),
    );
  });
});
