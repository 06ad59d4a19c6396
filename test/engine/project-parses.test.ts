import { describe, expect, it } from 'vitest';
import { analyzeProject, analyzeText, prepareFor, type ParsedSource } from '../../src/engine/analyze.js';

// The project pass uses the first pass's parse of a file again, keyed by path and text.
const cases = [
  {
    language: 'TypeScript',
    path: '/project/agent.ts',
    text: (mode: string) =>
      `import { query } from '@anthropic-ai/claude-agent-sdk';\nimport { hooks } from './hooks';\nquery({ prompt: 'x', options: { hooks, permissionMode: '${mode}' } });\n`,
  },
  {
    language: 'Python',
    path: '/project/agent.py',
    text: (mode: string) =>
      `from claude_agent_sdk import ClaudeAgentOptions, query\nfrom .hooks import HOOKS\nquery(prompt='x', options=ClaudeAgentOptions(hooks=HOOKS, permission_mode='${mode}'))\n`,
  },
];

/** The syntax tree itself: a Python parse is handed on in a new wrapper. */
const treeOf = (parsed: ParsedSource | undefined): object | undefined => (parsed && 'module' in parsed ? parsed.module : parsed);

describe.each(cases)('the project pass and the first pass parse of a $language file', ({ path, text }) => {
  const firstParse = async (mode: string): Promise<ParsedSource> => {
    await prepareFor(path);
    const first = analyzeText(text(mode), path);
    expect(first.crossesModules).toBe(true);
    return first.parsed!;
  };
  const project = (current: string, parsed?: ParsedSource) =>
    analyzeProject([path], (file) => (file === path ? current : undefined), new Map(parsed ? [[path, parsed]] : [])).analyses.get(path)!;

  it('uses the parse again when the text is the same', async () => {
    const parsed = await firstParse('default');
    expect(treeOf(project(text('default'), parsed).parsed)).toBe(treeOf(parsed));
  });

  it('parses the file again when its text changed between the passes', async () => {
    const stale = await firstParse('default');
    const changed = project(text('bypassPermissions'), stale);
    expect(treeOf(changed.parsed)).not.toBe(treeOf(stale));
    expect(changed.model).toEqual(project(text('bypassPermissions')).model);
    expect(changed.model).not.toEqual(project(text('default')).model);
  });
});
