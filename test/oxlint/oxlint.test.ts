import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { allRules } from '../../rules/index.js';
import { configNames } from '../../src/engine/configs.js';
import { plugin } from '../../src/index.js';
import oxlintPlugin, { toOxlintRule, type OxlintRuleContext } from '../../src/oxlint/plugin.js';
import { registeredReading } from '../../src/eslint/registered.js';
import { repoRoot } from '../cli/support.js';

/**
 * The rules through the real oxlint (its JavaScript plugins), compared with
 * ESLint on the same files. oxlint loads plugins with Node's own loader, so it
 * runs the built entry point, `dist/src/oxlint/plugin.js` (`npm test` builds
 * first), the file the package's `toolgate/oxlint` export names.
 */
const builtPlugin = path.join(repoRoot, 'dist/src/oxlint/plugin.js');
const oxlintBin = path.join(repoRoot, 'node_modules/oxlint/bin/oxlint');
const work = mkdtempSync(path.join(tmpdir(), 'toolgate-oxlint-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const typescriptFiles = ['fixtures/example/src/agent.ts', 'fixtures/example/src/guard-hook.ts', 'fixtures/example/src/refund-tool.ts', 'fixtures/eslint/agent.ts', 'fixtures/eslint/no-sdk.ts'];
const javascriptFiles = ['fixtures/eslint/agent.js', 'fixtures/eslint/agent.mjs', 'fixtures/eslint/agent.cjs', 'fixtures/eslint/no-sdk.js', 'fixtures/eslint/mode-from-caller.js'];

type Reported = [file: string, ruleId: string, line: number, column: number];

interface Diagnostic {
  code: string;
  message: string;
  filename: string;
  labels: Array<{ span: { line: number; column: number } }>;
}

function oxlint(files: readonly string[], rules: Record<string, unknown>): Reported[] {
  return oxlintDiagnostics(files, rules)
    .map((diagnostic): Reported => {
      const ruleId = diagnostic.code.replace(/^toolgate\((.*)\)$/, 'toolgate/$1');
      const { line, column } = diagnostic.labels[0]!.span;
      return [diagnostic.filename, ruleId, line, column];
    })
    .sort(compare);
}

function oxlintDiagnostics(files: readonly string[], rules: Record<string, unknown>): Diagnostic[] {
  expect(existsSync(builtPlugin), `${builtPlugin} is missing: run \`npm run build\` first`).toBe(true);
  const config = path.join(work, `${Object.keys(rules).length}-${files.length}.oxlintrc.json`);
  // `plugins: []` and `categories` off leave oxlint's own rules out.
  writeFileSync(config, JSON.stringify({ plugins: [], categories: { correctness: 'off' }, jsPlugins: [builtPlugin], rules }));
  const run = spawnSync(process.execPath, [oxlintBin, '--config', config, '--format', 'json', ...files], { cwd: repoRoot, encoding: 'utf8', timeout: 900_000 });
  expect(run.error).toBeUndefined();
  expect(run.stderr).toBe('');
  return (JSON.parse(run.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
}

async function eslint(files: readonly string[]): Promise<Reported[]> {
  const linter = new ESLint({
    cwd: repoRoot,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tsParser } }, plugin.configs.strict],
  });
  const results = await linter.lintFiles([...files]);
  return results
    .flatMap((result) =>
      result.messages.map((message): Reported => [path.relative(repoRoot, result.filePath), message.ruleId ?? '(parse error)', message.line, message.column]),
    )
    .sort(compare);
}

function compare(a: Reported, b: Reported): number {
  return a.join('\0') < b.join('\0') ? -1 : a.join('\0') > b.join('\0') ? 1 : 0;
}

const strictRules = Object.fromEntries(allRules.map((rule) => [`toolgate/${rule.id}`, 'error']));

describe('toolgate/oxlint in the real oxlint', () => {
  it.each([
    ['TypeScript', typescriptFiles],
    ['JavaScript (.js, .mjs, .cjs)', javascriptFiles],
  ])('reports the same rules at the same places as ESLint on %s', async (_, files) => {
    const fromOxlint = oxlint(files, strictRules);
    expect(fromOxlint.length).toBeGreaterThan(0);
    expect(fromOxlint).toEqual(await eslint(files));
  });

  it('passes rule options through, validated against the rule schema', () => {
    const bare = (rules: Record<string, unknown>) => oxlint(['fixtures/example/src/agent.ts'], rules).filter(([, rule]) => rule === 'toolgate/no-bare-allowed-tools');
    expect(bare({ 'toolgate/no-bare-allowed-tools': 'error' }).length).toBe(2);
    expect(bare({ 'toolgate/no-bare-allowed-tools': ['error', { allow: ['Bash'] }] }).length).toBe(1);
  });
});

describe('related places in the real oxlint', () => {
  it("end a finding's message, as in ESLint, and other messages stay as ESLint writes them", async () => {
    const files = ['fixtures/eslint/mode-from-caller.js', 'fixtures/eslint/agent.js'];
    const fromOxlint = oxlintDiagnostics(files, { 'toolgate/no-bypass-without-disallowed-tools': 'error' })
      .map(({ filename, labels, message }) => `${filename}:${labels[0]!.span.line} ${message}`)
      .sort();
    const linter = new ESLint({ cwd: repoRoot, overrideConfigFile: true, overrideConfig: [plugin.configs.recommended] });
    const fromEslint = (await linter.lintFiles(files))
      .flatMap((result) => result.messages.filter(({ ruleId }) => ruleId === 'toolgate/no-bypass-without-disallowed-tools').map(({ line, message }) => `${path.relative(repoRoot, result.filePath)}:${line} ${message}`))
      .sort();
    expect(fromOxlint).toEqual(fromEslint);
    // The call that passes the "can be" value, in the linted file; agent.js's findings have no related place.
    expect(fromOxlint.filter((line) => line.endsWith(' (See also line 8.)')).map((line) => line.split(' ')[0])).toEqual(['fixtures/eslint/mode-from-caller.js:7']);
    expect(fromOxlint.filter((line) => line.startsWith('fixtures/eslint/agent.js')).some((line) => /See also|\{\{/.test(line))).toBe(false);
  });
});

describe('the oxlint plugin object', () => {
  it('names itself toolgate and holds every rule, with the ESLint rule meta', () => {
    expect(oxlintPlugin.meta.name).toBe('toolgate');
    expect(Object.keys(oxlintPlugin.rules)).toEqual(allRules.map((rule) => rule.id));
    for (const [id, rule] of Object.entries(oxlintPlugin.rules)) expect(rule.meta).toEqual(plugin.rules[id]!.meta);
  });

  it('has the rule entries of the ESLint configs', () => {
    for (const name of configNames) expect(oxlintPlugin.configs[name].rules).toEqual(plugin.configs[name].rules);
  });

  it('gives each file its own findings although oxlint hands every file the same sourceCode object', () => {
    const rule = toOxlintRule(allRules.find((candidate) => candidate.id === 'no-bypass-without-disallowed-tools')!, registeredReading);
    const file = { filename: '', text: '' };
    const reports: Array<[string, number]> = [];
    const sourceCode = {
      get text() {
        return file.text;
      },
      getLocFromIndex: (index: number) => ({ line: file.text.slice(0, index).split('\n').length, column: 0 }),
    };
    const context: OxlintRuleContext = {
      get filename() {
        return file.filename;
      },
      options: [],
      sourceCode,
      report: (descriptor) => void reports.push([file.filename, descriptor.loc.start.line]),
    };
    const visitor = rule.createOnce(context);
    const agent = (blank: number) =>
      `import { query } from '@anthropic-ai/claude-agent-sdk';\n${'\n'.repeat(blank)}query({ prompt: 'x', options: { permissionMode: 'bypassPermissions' } });\n`;
    for (const [filename, text] of [['/a.ts', agent(0)], ['/b.ts', agent(3)], ['/c.ts', 'export const nothing = 1;\n'], ['/a.ts', agent(1)]] as const) {
      Object.assign(file, { filename, text });
      // false: oxlint need not build its AST for toolgate's rules.
      expect(visitor.before()).toBe(false);
    }
    expect(reports).toEqual([['/a.ts', 2], ['/b.ts', 5], ['/a.ts', 3]]);
  });

  it("fills each message's related places, named from oxlint's working folder, and leaves them empty without any", () => {
    const rule = toOxlintRule(allRules.find((candidate) => candidate.id === 'no-bypass-without-disallowed-tools')!, registeredReading);
    const reports: Array<Record<string, string | number> | undefined> = [];
    const context = (filename: string): OxlintRuleContext => ({
      filename,
      cwd: repoRoot,
      options: [],
      sourceCode: { text: readFileSync(filename, 'utf8'), getLocFromIndex: () => ({ line: 1, column: 0 }) },
      report: ({ data }) => void reports.push(data),
    });
    for (const file of ['fixtures/eslint/mode-from-caller.js', 'fixtures/eslint/agent.js']) rule.createOnce(context(path.join(repoRoot, file))).before();
    expect(reports.map((data) => data?.related)).toEqual([' (See also line 8.)', '', '']);
  });
});
