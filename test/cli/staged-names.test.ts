import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { agentsReaching } from '../../src/engine/staged/names.js';
import { readIndex } from '../../src/engine/staged/snapshot.js';
import { gitEnv } from '../support/git-env.js';

// The test `scan --staged` makes without the compiler: may an agent file's imports lead to a changed file?
// A `false` must be certain (the importer would go unchecked); a `true` loads the compiler and its resolvers.

const repos: string[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) rmSync(repo, { recursive: true, force: true });
});

/** Whether `agent` may reach `changed` in an index holding `files`. */
function reaches(files: Record<string, string>, agent: string, changed: string): boolean {
  return reachingOf(files, [agent], changed)!.includes(agent);
}

/** Which of `agents` may reach `changed`; undefined: any may. */
function reachingOf(files: Record<string, string>, agents: string[], changed: string): string[] | undefined {
  const repo = mkdtempSync(path.join(tmpdir(), 'toolgate-staged-names-'));
  repos.push(repo);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    writeFileSync(path.join(repo, file), text);
  }
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, env: gitEnv(repo), encoding: 'utf8' });
  git('init', '--quiet');
  git('add', '-A');
  return agentsReaching(readIndex(repo), agents, new Set([changed]), path.join(repo, 'checkout'));
}

const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';\n";

describe('agentsReaching', () => {
  it('a relative import reaches the module its path names, with a written `.js` for a `.ts` or a `.d.ts`', () => {
    expect(reaches({ 'agent/run.ts': `${sdk}import { TOOLS } from './lib/consts.js';\n`, 'agent/lib/consts.ts': '' }, 'agent/run.ts', 'agent/lib/consts.ts')).toBe(true);
    expect(reaches({ 'agent/run.ts': `${sdk}import type { T } from './types.js';\n`, 'agent/types.d.ts': '' }, 'agent/run.ts', 'agent/types.d.ts')).toBe(true);
  });

  it('follows a chain of relative imports to a folder index', () => {
    const files = { 'a/run.ts': `${sdk}import { X } from './mid';\n`, 'a/mid.ts': "export { X } from '../shared';\n", 'shared/index.ts': 'export const X = 1;\n' };
    expect(reaches(files, 'a/run.ts', 'shared/index.ts')).toBe(true);
  });

  it('near miss: a relative import does not reach a module of the same name in another folder', () => {
    expect(reaches({ 'a/run.ts': `${sdk}import { TOOLS } from './consts';\n`, 'a/consts.ts': '', 'b/consts.ts': '' }, 'a/run.ts', 'b/consts.ts')).toBe(false);
  });

  it('Python: a relative import from a package reaches its module', () => {
    const files = { 'agent/__init__.py': '', 'agent/run.py': 'from claude_agent_sdk import query\nfrom .consts import TOOLS\n', 'agent/consts.py': 'TOOLS = []\n' };
    expect(reaches(files, 'agent/run.py', 'agent/consts.py')).toBe(true);
  });

  it("near miss: Python's `import os` does not reach an os.py in a folder the interpreter does not search", () => {
    const files = { 'agent/run.py': 'import os\nfrom claude_agent_sdk import query\n', 'lib/python/os.py': 'import posixpath\n', 'lib/python/posixpath.py': '' };
    expect(reaches(files, 'agent/run.py', 'lib/python/posixpath.py')).toBe(false);
    // Beside the agent file it is the module the import finds.
    expect(reaches({ ...files, 'agent/os.py': 'import posixpath\n', 'agent/posixpath.py': '' }, 'agent/run.py', 'agent/posixpath.py')).toBe(true);
  });

  it('a bare import is matched by name: a tsconfig `baseUrl` may resolve it anywhere', () => {
    const files = { 'tsconfig.json': '{ "compilerOptions": { "baseUrl": "." } }', 'app/run.ts': `${sdk}import { X } from 'tools/consts';\n`, 'tools/consts.ts': '' };
    expect(reaches(files, 'app/run.ts', 'tools/consts.ts')).toBe(true);
  });

  it('names only the agent files whose imports lead to the change: the resolvers follow those alone', () => {
    const files = { 'a.ts': `${sdk}import { X } from './lib/x';\n`, 'b.ts': `${sdk}import { Y } from './lib/y';\n`, 'lib/x.ts': "export { Z as X } from './z';\n", 'lib/y.ts': '', 'lib/z.ts': '' };
    expect(reachingOf(files, ['a.ts', 'b.ts'], 'lib/z.ts')).toEqual(['a.ts']);
  });

  it('cannot say with a tsconfig `paths` alias: any agent file may reach the change', () => {
    const files = { 'tsconfig.json': '{ "compilerOptions": { "paths": { "@t": ["lib/t.ts"] } } }', 'a.ts': `${sdk}import { T } from '@t';\n`, 'lib/t.ts': '' };
    expect(reachingOf(files, ['a.ts'], 'lib/t.ts')).toBeUndefined();
  });
});
