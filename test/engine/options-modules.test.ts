import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scan } from '../support/scan.js';

// Modules that only build the options and name no SDK package (issue 16): the
// prefilter skips them on their own, so their object is checked only where
// it provably reaches the SDK: an entry point of a scanned module receives
// it through an import, or its type is the SDK's `Options` (imported from the
// SDK or from a local module that re-exports the type). The same object
// literal with no such connection is some other tool's configuration.

let dir: string;
beforeEach(() => void (dir = mkdtempSync(path.join(tmpdir(), 'toolgate-options-modules-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}

async function findings(files: Record<string, string>) {
  write(files);
  const result = await scan({ cwd: dir, configFile: false, rules: ['no-bypass-without-disallowed-tools', 'no-bare-allowed-tools'] });
  expect(result.problems).toEqual([]);
  return { skipped: result.stats.skipped, at: result.findings.map((finding) => `${finding.path}:${finding.line}:${finding.column} ${finding.ruleId}`) };
}

const sdk = "'@anthropic-ai/claude-agent-sdk'";
const bypass = "export const options = { permissionMode: 'bypassPermissions' as const };\n";
const bypassAt = (file: string) => [`${file}:1:42 no-bypass-without-disallowed-tools`];

describe('TypeScript and JavaScript', () => {
  it.each([
    ['a static import', { 'src/config.ts': bypass, 'src/agent.ts': `import { query } from ${sdk};\nimport { options } from './config';\nquery({ prompt: 'x', options });\n` }],
    ['a module that loads the SDK with import()', { 'src/config.ts': bypass, 'src/agent.ts': `import { options } from './config';\nexport async function main() {\n  const sdk = await import(${sdk});\n  sdk.query({ prompt: 'x', options });\n}\n` }],
    ['an SDK handed in typed as its module', { 'src/config.ts': bypass, 'src/agent.ts': `import { options } from './config';\nexport function main(sdk: typeof import(${sdk})) {\n  return sdk.query({ prompt: 'x', options });\n}\n` }],
    ['a module between, spreading it', { 'src/config.ts': bypass, 'src/merged.ts': "import { options } from './config';\nexport const merged = { ...options, model: 'x' };\n", 'src/agent.ts': `import { query } from ${sdk};\nimport { merged } from './merged';\nquery({ prompt: 'x', options: merged });\n` }],
    ['the config loaded with import() by the agent', { 'src/config.ts': bypass, 'src/agent.ts': `import { query } from ${sdk};\nexport async function main() {\n  const { options } = await import('./config');\n  query({ prompt: 'x', options });\n}\n` }],
  ])('checks an options module that reaches query() through %s', async (_, files) => {
    const { at, skipped } = await findings(files);
    expect(at).toEqual(bypassAt('src/config.ts'));
    // On its own the options module costs a text check.
    expect(skipped).toBeGreaterThan(0);
  });

  it('checks plain JavaScript options modules the same way', async () => {
    const { at } = await findings({
      'lib/config.mjs': "export const options = { permissionMode: 'bypassPermissions' };\n",
      'lib/agent.mjs': `import { query } from ${sdk};\nimport { options } from './config.mjs';\nquery({ prompt: 'x', options });\n`,
    });
    expect(at).toEqual(['lib/config.mjs:1:42 no-bypass-without-disallowed-tools']);
  });

  it('checks a plain JavaScript options module that reaches an SDK loaded with import()', async () => {
    const { at } = await findings({
      'lib/config.mjs': "export const options = { permissionMode: 'bypassPermissions' };\n",
      'lib/agent.mjs': `import { options } from './config.mjs';\nexport async function main() {\n  const sdk = await import(${sdk});\n  return sdk.query({ prompt: 'x', options });\n}\n`,
    });
    expect(at).toEqual(['lib/config.mjs:1:42 no-bypass-without-disallowed-tools']);
  });

  it('stays silent on a plain JavaScript options module whose object reaches only a query that is not the SDK', async () => {
    const { at } = await findings({
      'lib/config.mjs': "export const options = { permissionMode: 'bypassPermissions' };\n",
      'lib/db.mjs': 'export function query(input) { return input; }\n',
      'lib/agent.mjs': `import { query } from './db.mjs';\nimport { options } from './config.mjs';\nquery({ prompt: 'x', options });\nexport const sdk = import(${sdk});\n`,
    });
    expect(at).toEqual([]);
  });

  it("checks an object typed as the SDK's Options re-exported by a local types module", async () => {
    const { at } = await findings({
      'src/types.ts': `export type { Options } from ${sdk};\n`,
      'src/config.ts': "import type { Options } from './types';\nexport const options: Options = { permissionMode: 'bypassPermissions' };\n",
    });
    expect(at).toEqual(['src/config.ts:2:51 no-bypass-without-disallowed-tools']);
  });

  it('stays silent on, and skips, the same objects where nothing connects them to the SDK', async () => {
    const { at, skipped } = await findings({
      // A UI state with the same value, and another tool's configuration with the same key.
      'src/ui.ts': "export const modes = { permissionMode: 'bypassPermissions' };\nexport const config = { allowedTools: ['Bash'] };\n",
      'src/settings.js': "module.exports = { permissionMode: 'bypassPermissions', allowedTools: ['Bash'] };\n",
    });
    expect(at).toEqual([]);
    expect(skipped).toBe(2);
  });

  it('stays silent on an options module whose object reaches only a query that is not the SDK', async () => {
    const { at } = await findings({
      'src/config.ts': bypass,
      'src/db.ts': 'export function query(input: unknown) { return input; }\n',
      'src/agent.ts': `import type { Options } from ${sdk};\nimport { query } from './db';\nimport { options } from './config';\nquery({ prompt: 'x', options });\nexport const none: Options = {};\n`,
    });
    expect(at).toEqual([]);
  });

  // TypeScript missed it (a base of the same file was read).
  it('reads the fields of a class another module exports through a subclass of it, which may replace them', async () => {
    const config = "export class Settings {\n  mode = 'bypassPermissions';\n}\n";
    const agent = (own: string) => `import { query } from ${sdk};\nimport { Settings } from './config';\nclass Local extends Settings {${own}}\nquery({ prompt: 'x', options: { permissionMode: new Local().mode } });\n`;
    expect((await findings({ 'src/config.ts': config, 'src/agent.ts': agent('') })).at).toEqual(['src/config.ts:2:10 no-bypass-without-disallowed-tools']);
    expect((await findings({ 'src/config.ts': config, 'src/agent.ts': agent("\n  mode = 'default';\n") })).at).toEqual([]);
  });

  it('stays silent on an object typed by an Options of its own', async () => {
    const { at } = await findings({
      'src/types.ts': `export interface Options { permissionMode: string }\nexport type { SDKMessage } from ${sdk};\n`,
      'src/config.ts': "import type { Options } from './types';\nexport const options: Options = { permissionMode: 'bypassPermissions' };\n",
    });
    expect(at).toEqual([]);
  });
});

describe('Python', () => {
  const entry = 'from claude_agent_sdk import ClaudeAgentOptions, query\n';
  it.each([
    ['an absolute import', { 'settings.py': 'OPTIONS = dict(permission_mode="bypassPermissions")\n', 'agent.py': `${entry}from settings import OPTIONS\nquery(prompt="x", options=ClaudeAgentOptions(**OPTIONS))\n` }, 'settings.py:1:32'],
    ['a relative import of a constant', { 'pkg/__init__.py': '', 'pkg/settings.py': 'MODE = "bypassPermissions"\n', 'pkg/agent.py': `${entry}from .settings import MODE\nquery(prompt="x", options=ClaudeAgentOptions(permission_mode=MODE))\n` }, 'pkg/settings.py:1:8'],
    [
      'an agent that loads the SDK with importlib',
      { 'settings.py': 'OPTIONS = dict(permission_mode="bypassPermissions")\n', 'agent.py': 'import importlib\nfrom settings import OPTIONS\nsdk = importlib.import_module("claude_agent_sdk")\nsdk.query(prompt="x", options=sdk.ClaudeAgentOptions(**OPTIONS))\n' },
      'settings.py:1:32',
    ],
    // `from settings import SETTINGS` names a variable of the module, not a submodule: its attribute is the instance's (Python missed both).
    ['an instance the module builds, read by field', { 'settings.py': 'class Settings:\n    mode = "bypassPermissions"\n\n\nSETTINGS = Settings()\n', 'agent.py': `${entry}from settings import SETTINGS\nquery(prompt="x", options=ClaudeAgentOptions(permission_mode=SETTINGS.mode))\n` }, 'settings.py:2:12'],
    [
      'an instance the module builds, read by method',
      { 'settings.py': 'class _Settings:\n    def options(self):\n        return dict(permission_mode="bypassPermissions")\n\n\nSETTINGS = _Settings()\n', 'agent.py': `${entry}from settings import SETTINGS\nquery(prompt="x", options=ClaudeAgentOptions(**SETTINGS.options()))\n` },
      'settings.py:3:37',
    ],
    // A package that re-exports its module's names with a star import (Python missed it; TypeScript follows `export *`).
    ['a star import of the package', { 'app/__init__.py': 'from .settings import *\n', 'app/settings.py': 'MODE = "bypassPermissions"\n', 'agent.py': `${entry}from app import MODE\nquery(prompt="x", options=ClaudeAgentOptions(permission_mode=MODE))\n` }, 'app/settings.py:1:8'],
    // A submodule of the package imported by name is still read as the module.
    ['a submodule imported from its package', { 'app/__init__.py': '', 'app/settings.py': 'MODE = "bypassPermissions"\n', 'agent.py': `${entry}from app import settings\nquery(prompt="x", options=ClaudeAgentOptions(permission_mode=settings.MODE))\n` }, 'app/settings.py:1:8'],
  ])('checks a settings module that reaches query() through %s', async (_, files, at) => {
    const found = await findings(files);
    expect(found.at).toEqual([`${at} no-bypass-without-disallowed-tools`]);
    expect(found.skipped).toBeGreaterThan(0);
  });

  it('stays silent on, and skips, a settings module no SDK call is seen to receive', async () => {
    const { at, skipped } = await findings({
      'settings.py': 'OPTIONS = dict(permission_mode="bypassPermissions", allowed_tools=["Bash"])\n',
      'ui.py': 'MODES = {"permission_mode": "bypassPermissions"}\n',
    });
    expect(at).toEqual([]);
    expect(skipped).toBe(2);
  });

  // Python missed it (a base of the same module was read).
  it('reads the attributes of a class another module defines through a subclass of it, which may replace them', async () => {
    const settings = 'class Settings:\n    mode = "bypassPermissions"\n';
    const agent = (own: string) => `${entry}from settings import Settings\nclass Local(Settings):\n    ${own}\nquery(prompt="x", options=ClaudeAgentOptions(permission_mode=Local().mode))\n`;
    expect((await findings({ 'settings.py': settings, 'agent.py': agent('pass') })).at).toEqual(['settings.py:2:12 no-bypass-without-disallowed-tools']);
    expect((await findings({ 'settings.py': settings, 'agent.py': agent('mode = "default"') })).at).toEqual([]);
  });

  it('stays silent on a private name, which a star import does not bring', async () => {
    const { at } = await findings({
      'app/__init__.py': 'from .settings import *\n',
      'app/settings.py': '_MODE = "bypassPermissions"\n',
      'agent.py': `${entry}from app import _MODE\nquery(prompt="x", options=ClaudeAgentOptions(permission_mode=_MODE))\n`,
    });
    expect(at).toEqual([]);
  });

  it('reads the fields of an instance another module builds, and stays silent on a mode that is not bypass', async () => {
    const { at } = await findings({
      'settings.py': 'class Settings:\n    mode = "default"\n    allowed_tools = ["Bash"]\n\n\nSETTINGS = Settings()\n',
      'agent.py': `${entry}from settings import SETTINGS\nquery(prompt="x", options=ClaudeAgentOptions(permission_mode=SETTINGS.mode, allowed_tools=SETTINGS.allowed_tools))\n`,
    });
    expect(at).toEqual(['settings.py:3:22 no-bare-allowed-tools']);
  });

  it('stays silent on a settings module whose values reach a call that is not the SDK', async () => {
    const { at } = await findings({
      'settings.py': 'OPTIONS = dict(permission_mode="bypassPermissions")\n',
      'agent.py': `${entry}from settings import OPTIONS\nfrom db import query as run\nrun(prompt="x", options=OPTIONS)\n`,
      'db.py': 'def query(**kwargs):\n    return kwargs\n',
    });
    expect(at).toEqual([]);
  });
});
