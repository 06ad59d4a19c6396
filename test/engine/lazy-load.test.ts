import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../cli/support.js';

// The parsers load when the first file passes the prefilter: a tree without
// agent code never pays for them. Checked in a fresh process on the built
// engine, where a CommonJS module that was loaded shows in `require.cache`
// (the compiler is the one ts-morph bundles, under @ts-morph/common).
const built = path.join(repoRoot, 'dist/src/engine/scan.js');
const defaults = path.join(repoRoot, 'dist/src/defaults.js');
// The CLI's toolkit: the same rules, imported when a file first reaches one.
const lazyRules = path.join(repoRoot, 'dist/src/cli/toolkit.js');
const work = mkdtempSync(path.join(tmpdir(), 'toolgate-lazy-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Loaded {
  files: number;
  parsersLoaded: boolean;
  yamlLoaded: boolean;
  /** With the CLI's toolkit: how many rules the scan says were in force (none until a file reaches them). */
  rules?: number;
}

function treeOf(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(work, 'tree-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

function scanInFreshProcess(files: Record<string, string> | string, { cache = false, lazy = false } = {}): Loaded {
  const root = typeof files === 'string' ? files : treeOf(files);
  const toolkit = lazy
    ? `(await import(${JSON.stringify(pathToFileURL(lazyRules).href)})).cliToolkit`
    : `(await import(${JSON.stringify(pathToFileURL(defaults).href)})).defaultToolkit`;
  const script = `
    import { createRequire } from 'node:module';
    const { scan } = await import(${JSON.stringify(pathToFileURL(built).href)});
    const { stats, rules } = await scan({ cwd: process.argv[1], configFile: false, cache: ${cache}, cacheLocation: 'cache' }, ${toolkit});
    const cached = Object.keys(createRequire(import.meta.url).cache);
    const loaded = (pattern) => cached.some((file) => pattern.test(file));
    console.log(JSON.stringify({ files: stats.files, parsersLoaded: loaded(/[\\\\/]@?ts-morph[\\\\/]/), yamlLoaded: loaded(/[\\\\/]yaml[\\\\/]dist[\\\\/]/), ${lazy ? 'rules: rules.length' : ''} }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, root], { encoding: 'utf8', timeout: 900_000 });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as Loaded;
}

describe('loading the front ends lazily', () => {
  it('scans a tree without agent code, settings files included, without loading the TypeScript parser', () => {
    expect(existsSync(built), `${built} is missing: run \`npm run build\` first`).toBe(true);
    const plain = {
      'src/app.ts': "import { readFile } from 'node:fs/promises';\nexport const load = () => readFile('x');\n",
      'tools/job.py': 'import json\nprint(json.dumps({}))\n',
      '.claude/settings.json': '{ "permissions": { "allow": ["Read"] } }\n',
      // Names the SDK in a comment only: past the byte prefilter, stopped by the TypeScript front end's own check.
      'src/notes.js': '// see @anthropic-ai/claude-agent-sdk\nexport {};\n',
    };
    expect(scanInFreshProcess(plain)).toEqual({ files: 4, parsersLoaded: false, yamlLoaded: false });
  });

  it('with the rules loaded lazily (the CLI), a tree without agent code reports no rule in force; one with agent code the preset', () => {
    const plain = { 'src/app.ts': 'export const x = 1;\n', '.claude/settings.json': '{ "permissions": { "allow": ["Read"] } }\n' };
    // The settings file has a model, so it reaches the rules; the plain file alone does not.
    expect(scanInFreshProcess({ 'src/app.ts': plain['src/app.ts'] }, { lazy: true })).toEqual({ files: 1, parsersLoaded: false, yamlLoaded: false, rules: 0 });
    const withSettings = scanInFreshProcess(plain, { lazy: true });
    expect(withSettings).toMatchObject({ files: 2, parsersLoaded: false });
    expect(withSettings.rules).toBeGreaterThan(0);
  });

  it('loads it once a file uses the SDK', () => {
    const agent = { 'src/agent.ts': "import { query } from '@anthropic-ai/claude-agent-sdk';\nquery({ prompt: 'x' });\n" };
    expect(scanInFreshProcess(agent)).toMatchObject({ files: 1, parsersLoaded: true });
  });

  it('loads the YAML parser, and no language parser, for a skill file', () => {
    const skill = { '.claude/skills/deploy/SKILL.md': '---\nname: deploy\nallowed-tools: Read\n---\nDeploy.\n' };
    expect(scanInFreshProcess(skill)).toEqual({ files: 1, parsersLoaded: false, yamlLoaded: true });
  });

  it('a warm --cache run of an unchanged tree does not load the TypeScript compiler, a group of files that cross modules included', () => {
    const root = treeOf({
      'src/consts.ts': "export const TOOLS = ['Read'];\n",
      'src/options.ts': "import { query } from '@anthropic-ai/claude-agent-sdk';\nimport { TOOLS } from './consts';\nquery({ prompt: 'x', options: { allowedTools: TOOLS } });\n",
      'agent.py': 'from claude_agent_sdk import ClaudeAgentOptions\nfrom tools import TOOLS\noptions = ClaudeAgentOptions(allowed_tools=TOOLS)\n',
      'tools.py': 'TOOLS = ["Read"]\n',
    });
    expect(scanInFreshProcess(root, { cache: true })).toMatchObject({ files: 4, parsersLoaded: true });
    expect(scanInFreshProcess(root, { cache: true })).toMatchObject({ files: 4, parsersLoaded: false });
  });
});
