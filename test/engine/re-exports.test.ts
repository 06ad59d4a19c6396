import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scan } from '../support/scan.js';

// An agent that imports `query` through a local module re-exporting the SDK
// names no SDK package: the prefilter's second pass finds it, and the
// analysis resolves the import to the SDK.

let dir: string;
beforeEach(() => void (dir = mkdtempSync(path.join(tmpdir(), 'toolgate-re-exports-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}

async function findings(options: { prefilter?: boolean } = {}) {
  const result = await scan({ cwd: dir, configFile: false, rules: ['no-bare-allowed-tools'], ...options });
  expect(result.problems).toEqual([]);
  return { stats: result.stats, at: result.findings.map((finding) => `${finding.path}:${finding.line}:${finding.column} ${finding.ruleId}`) };
}

const bash = "{ prompt: 'hi', options: { allowedTools: ['Bash'] } }";
const pyBash = "query(prompt='hi', options=ClaudeAgentOptions(allowed_tools=['Bash']))";

describe('TypeScript and JavaScript', () => {
  it.each([
    ['export { query } from', { 'src/sdk.ts': "export { query } from '@anthropic-ai/claude-agent-sdk';\n", 'src/agent.ts': `import { query } from './sdk';\nquery(${bash});\n` }],
    ['export * from, a .js specifier, renamed', { 'src/sdk.ts': "export * from '@anthropic-ai/claude-agent-sdk';\n", 'src/agent.ts': `import { query as run } from './sdk.js';\nrun(${bash});\n` }],
    ['an import exported again', { 'src/sdk.ts': "import { query } from '@anthropic-ai/claude-agent-sdk';\nexport { query };\n", 'src/agent.ts': `import { query } from './sdk';\nquery(${bash});\n` }],
    ['a folder index, from JavaScript', { 'src/sdk/index.js': "export { query } from '@anthropic-ai/claude-agent-sdk';\n", 'src/agent.js': `import { query } from './sdk';\nquery(${bash});\n` }],
    ['require of a CommonJS re-export', { 'src/sdk.cjs': "module.exports = require('@anthropic-ai/claude-agent-sdk');\n", 'src/agent.cjs': `const { query } = require('./sdk.cjs');\nquery(${bash});\n` }],
    ['two modules deep', { 'src/sdk.ts': "export { query } from '@anthropic-ai/claude-agent-sdk';\n", 'src/wrap.ts': "export * from './sdk';\n", 'src/agent.ts': `import { query } from './wrap';\nquery(${bash});\n` }],
  ])('finds the options of a query imported through %s', async (_, files) => {
    write(files);
    const agent = Object.keys(files).find((file) => file.includes('agent'))!;
    const { at, stats } = await findings();
    const line = (files as Record<string, string>)[agent]!.split('\n')[1]!;
    expect(at).toEqual([`${agent}:2:${line.indexOf("'Bash'") + 1} no-bare-allowed-tools`]);
    expect(stats.skipped).toBe(0);
  });

  it('follows the re-export in a file that also names the SDK itself', async () => {
    write({
      'src/sdk.ts': "export { query } from '@anthropic-ai/claude-agent-sdk';\n",
      'src/agent.ts': `import { tool } from '@anthropic-ai/claude-agent-sdk';\nimport { query } from './sdk';\nquery(${bash});\nexport const helper = tool;\n`,
    });
    expect((await findings()).at).toEqual(['src/agent.ts:3:49 no-bare-allowed-tools']);
  });

  it('keeps the result with --cache, and analyses again when the re-exporting module changes', async () => {
    write({ 'src/sdk.ts': "export { query } from '@anthropic-ai/claude-agent-sdk';\n", 'src/agent.ts': `import { query } from './sdk';\nquery(${bash});\n` });
    const cached = { cache: true, cacheKeyFolder: path.join(dir, '.key'), cacheLocation: '.cache/' };
    const first = await scan({ cwd: dir, configFile: false, ...cached });
    const second = await scan({ cwd: dir, configFile: false, ...cached });
    expect(second.stats).toMatchObject({ files: 2, analysed: 0, cached: 2 });
    expect(second.findings).toEqual(first.findings);
    write({ 'src/sdk.ts': 'export function query(input: unknown) { return input; }\n' });
    const third = await scan({ cwd: dir, configFile: false, ...cached });
    expect(third.findings).toEqual([]);
  });

  it('ends on modules that re-export from each other, finding nothing', async () => {
    write({
      'src/a.ts': "export { query } from './b';\nexport { tool } from '@anthropic-ai/claude-agent-sdk';\n",
      'src/b.ts': "export { query } from './a';\n",
      'src/agent.ts': `import { query } from './a';\nquery(${bash});\n`,
    });
    expect((await findings()).at).toEqual([]);
  });

  it('stays silent on, and skips, a local module that does not re-export the SDK', async () => {
    write({
      // Exports the SDK's query under another name, and a query of its own.
      'src/sdk.ts': "import { query as sdkQuery } from '@anthropic-ai/claude-agent-sdk';\nfunction query(input: unknown) { return input; }\nexport { query, sdkQuery as run };\n",
      'src/agent.ts': `import { query } from './sdk';\nquery(${bash});\n`,
      'src/other.ts': `import { query } from './local';\nquery(${bash});\n`,
      'src/local.ts': 'export function query(input: unknown) { return input; }\n',
    });
    const { at, stats } = await findings();
    expect(at).toEqual([]);
    // agent.ts imports a module that may re-export the SDK: analysed, and found to call a local function; the others are skipped.
    expect(stats).toMatchObject({ files: 4, analysed: 2, skipped: 2 });
  });
});

describe('Python', () => {
  it.each([
    ['from .sdk import query', { 'pkg/__init__.py': '', 'pkg/sdk.py': 'from claude_agent_sdk import query, ClaudeAgentOptions\n', 'pkg/agent.py': `from .sdk import query, ClaudeAgentOptions\n${pyBash}\n` }],
    ['an absolute import of a sibling module', { 'sdk.py': 'from claude_agent_sdk import *\n', 'agent.py': `from sdk import query, ClaudeAgentOptions\n${pyBash}\n` }],
  ])('finds the options of a query imported through %s', async (_, files) => {
    write(files);
    const agent = Object.keys(files).find((file) => file.includes('agent'))!;
    const { at } = await findings();
    expect(at).toEqual([`${agent}:2:${pyBash.indexOf("'Bash'") + 1} no-bare-allowed-tools`]);
  });

  it('follows the re-export in a module that also imports from the SDK itself', async () => {
    write({
      'pkg/__init__.py': '',
      'pkg/sdk.py': 'from claude_agent_sdk import query, ClaudeAgentOptions\n',
      'pkg/agent.py': `import claude_agent_sdk\nfrom .sdk import query, ClaudeAgentOptions\n${pyBash}\n`,
    });
    expect((await findings()).at).toEqual([`pkg/agent.py:3:${pyBash.indexOf("'Bash'") + 1} no-bare-allowed-tools`]);
  });

  it.each([
    ['ends on modules that import from each other, finding nothing', 'from .a import query, ClaudeAgentOptions\n', []],
    ['finds it through the same modules when the chain reaches the SDK', 'from claude_agent_sdk import query, ClaudeAgentOptions\n', [`pkg/agent.py:2:${pyBash.indexOf("'Bash'") + 1} no-bare-allowed-tools`]],
  ])('%s', async (_, bImports, expected) => {
    write({
      'pkg/__init__.py': '',
      // Names the SDK in a comment only: the second pass looks at its importers, the analysis follows it.
      'pkg/a.py': '# wraps claude_agent_sdk\nfrom .b import query, ClaudeAgentOptions\n',
      'pkg/b.py': bImports,
      'pkg/agent.py': `from .a import query, ClaudeAgentOptions\n${pyBash}\n`,
    });
    expect((await findings()).at).toEqual(expected);
  });

  it('stays silent on a local module that defines its own query', async () => {
    write({
      'pkg/__init__.py': '',
      'pkg/sdk.py': 'import claude_agent_sdk\n\ndef query(prompt, options):\n    return None\n\nclass ClaudeAgentOptions:\n    pass\n',
      'pkg/agent.py': `from .sdk import query, ClaudeAgentOptions\n${pyBash}\n`,
    });
    expect((await findings()).at).toEqual([]);
  });
});

// Past a few possible re-exporters (a tree of agent code has hundreds), the pass reads each skipped file's imports instead of searching for each name.
describe('many modules that name the SDK', () => {
  const others = (extension: string, text: string): Record<string, string> =>
    Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`lib/other${i}.${extension}`, text]));

  it('finds the importer of the one that re-exports it, in TypeScript and Python, and skips a file that imports none of them', async () => {
    write({
      ...others('ts', "import { tool } from '@anthropic-ai/claude-agent-sdk';\nexport const t = tool;\n"),
      ...others('py', 'from claude_agent_sdk import tool\n'),
      'src/sdk.ts': "export { query } from '@anthropic-ai/claude-agent-sdk';\n",
      'src/agent.ts': `import { query } from './sdk';\nquery(${bash});\n`,
      'src/unrelated.ts': "import { query } from './local';\nquery(${bash});\n",
      'src/local.ts': 'export function query(input: unknown) { return input; }\n',
      'sdk.py': 'from claude_agent_sdk import *\n',
      'agent.py': `from sdk import query, ClaudeAgentOptions\n${pyBash}\n`,
      'plain.py': `from os import path\n${pyBash}\n`,
    });
    const { at, stats } = await findings();
    expect(at).toEqual([`agent.py:2:${pyBash.indexOf("'Bash'") + 1} no-bare-allowed-tools`, `src/agent.ts:2:${bash.indexOf("'Bash'") + 7} no-bare-allowed-tools`]);
    // The near misses are skipped: the local module, its importer and the Python file that imports no module naming the SDK.
    expect(stats.skipped).toBe(3);
  });
});

// Each skipped file is read once: the names its imports may end with are kept, and only where one is a
// module's name (or a nameless import, `'..'`, starts below that module's folder) are its imports read.
describe('what the pass keeps of each skipped file', () => {
  const others = (count: number): Record<string, string> =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`lib/other${i}.ts`, "import { tool } from '@anthropic-ai/claude-agent-sdk';\nexport const t = tool;\n"]));

  it.each([[0], [12]])('follows a chain of three modules with %i other modules naming the SDK, and skips a near miss at each step', async (count) => {
    write({
      ...others(count),
      'src/sdk.ts': "export { query } from '@anthropic-ai/claude-agent-sdk';\n",
      'src/wrap.ts': "export * from './sdk';\n",
      'src/outer.ts': "export * from './wrap';\n",
      'src/agent.ts': `import { query } from './outer';\nquery(${bash});\n`,
      // Named like the modules of the chain, in a string that is no import.
      'src/near.ts': `const names = ['./sdk', './wrap', './outer'];\nimport { query } from './local';\nquery(${bash});\nexport { names };\n`,
      'src/local.ts': 'export function query(input: unknown) { return input; }\n',
    });
    const { at, stats } = await findings();
    expect(at).toEqual([`src/agent.ts:2:${bash.indexOf("'Bash'") + 7} no-bare-allowed-tools`]);
    // near.ts and local.ts.
    expect(stats).toMatchObject({ skipped: 2 });
  });

  it("finds an import of a folder's index by '..', and skips one from a folder no such module holds", async () => {
    write({
      'src/index.ts': "export { query } from '@anthropic-ai/claude-agent-sdk';\n",
      'src/agent/run.ts': `import { helper } from './helper';\nimport { query } from '..';\nquery(${bash});\nhelper();\n`,
      'src/agent/helper.ts': 'export function helper() {}\n',
      'other/index.ts': 'export function query(input: unknown) { return input; }\n',
      'other/agent/run.ts': `import { helper } from './helper';\nimport { query } from '..';\nquery(${bash});\nhelper();\n`,
      'other/agent/helper.ts': 'export function helper() {}\n',
    });
    const { at, stats } = await findings();
    expect(at).toEqual([`src/agent/run.ts:3:${bash.indexOf("'Bash'") + 7} no-bare-allowed-tools`]);
    expect(stats).toMatchObject({ files: 6, skipped: 4 });
  });

  it("finds a Python module that imports from its package's __init__ by `from .. import`", async () => {
    write({
      'pkg/__init__.py': 'from claude_agent_sdk import query, ClaudeAgentOptions\n',
      'pkg/sub/__init__.py': '',
      'pkg/sub/agent.py': `from .. import query, ClaudeAgentOptions\n${pyBash}\n`,
      'other/__init__.py': 'def query(prompt, options):\n    return None\n\nclass ClaudeAgentOptions:\n    pass\n',
      'other/sub/__init__.py': '',
      'other/sub/agent.py': `from .. import query, ClaudeAgentOptions\n${pyBash}\n`,
    });
    const { at, stats } = await findings();
    expect(at).toEqual([`pkg/sub/agent.py:2:${pyBash.indexOf("'Bash'") + 1} no-bare-allowed-tools`]);
    expect(stats).toMatchObject({ files: 6, skipped: 4 });
  });
});
