import { describe, expect, it } from 'vitest';
import { cacheTree } from '../support/cache-tree.js';
import { runCli } from './support.js';

// `--cache` keeps each group of the project pass (files linked by imports)
// on its own: a change re-analyses the group it reaches, and the summary's
// `cached` says which files were not analysed again. Every run's findings
// are held to those of a run without the cache.

const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';\n";
const agentOf = (options: string) => `${sdk}import { options } from './${options}';\nquery({ prompt: 'x', options });\n`;
const tree: Record<string, string> = {
  'a/agent.ts': agentOf('options'),
  'a/options.ts': "export const options = { permissionMode: 'plan' as const };\n",
  'b/agent.ts': agentOf('options'),
  'b/options.ts': "export const options = { allowedTools: ['Read'] };\n",
  'py/__init__.py': '',
  'py/agent.py': 'from claude_agent_sdk import ClaudeAgentOptions\nfrom py.conf import MODE\n\noptions = ClaudeAgentOptions(permission_mode=MODE)\n',
  'py/conf.py': 'MODE = "plan"\n',
};

const folders = cacheTree('cache-groups', tree);
const write = (file: string, text: string): void => folders.write(file, text);

/** The findings (`path:line rule`) and how many files came from the cache; the findings must be what a run without it finds. */
async function scanCached(): Promise<{ findings: string[]; cached: number; analysed: number }> {
  const run = async (...flags: string[]) => {
    const { stdout } = await runCli(['scan', '--format', 'json', ...flags], { cwd: folders.dir, env: { XDG_CACHE_HOME: folders.home } });
    return JSON.parse(stdout) as { summary: { cached?: number; analysed: number }; findings: Array<{ path: string; line: number; ruleId: string }> };
  };
  const cachedRun = await run('--cache');
  const findings = cachedRun.findings.map(({ path: file, line, ruleId }) => `${file}:${line} ${ruleId}`);
  expect(findings).toEqual((await run()).findings.map(({ path: file, line, ruleId }) => `${file}:${line} ${ruleId}`));
  return { findings, cached: cachedRun.summary.cached ?? 0, analysed: cachedRun.summary.analysed };
}

describe('scan --cache and the groups of the project pass', () => {
  it('re-analyses only the group a change reaches', async () => {
    expect(await scanCached()).toEqual({ findings: [], cached: 0, analysed: 3 });
    expect((await scanCached()).cached).toBe(3);
    // A module of group a changes: a's agent is analysed again, b's and the Python one are not.
    write('a/options.ts', "export const options = { permissionMode: 'bypassPermissions' as const };\n");
    expect(await scanCached()).toEqual({ findings: ['a/options.ts:1 no-bypass-without-disallowed-tools'], cached: 2, analysed: 1 });
    // The Python group alone.
    write('py/conf.py', 'MODE = "bypassPermissions"\n');
    expect(await scanCached()).toMatchObject({ cached: 2, analysed: 1 });
    expect((await scanCached()).cached).toBe(3);
  });

  it('analyses two groups that a change links together as one, and reuses neither', async () => {
    await scanCached();
    // b now takes its mode from a's options: one group whose findings depend on both.
    write('a/options.ts', "export const options = { permissionMode: 'bypassPermissions' as const };\nexport const mode = options.permissionMode;\n");
    write('b/options.ts', "import { mode } from '../a/options';\nexport const options = { allowedTools: ['Read'], permissionMode: mode };\n");
    const linked = await scanCached();
    expect(linked).toMatchObject({ cached: 1, analysed: 2 });
    expect(linked.findings).toContain('a/options.ts:1 no-bypass-without-disallowed-tools');
    // Linked again, unchanged: the one group is reused whole.
    expect((await scanCached()).cached).toBe(3);
  });

  it('does not reuse a group when a new file joins it', async () => {
    await scanCached();
    write('c/agent.ts', `${sdk}import { options } from '../a/options';\nquery({ prompt: 'y', options: { ...options, permissionMode: 'bypassPermissions' } });\n`);
    const joined = await scanCached();
    // a's agent and the new one are analysed together; b and Python come from the cache.
    expect(joined).toMatchObject({ cached: 2, analysed: 2 });
    expect(joined.findings).toEqual(['c/agent.ts:3 no-bypass-without-disallowed-tools']);
  });
});
