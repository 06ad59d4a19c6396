import { describe, expect, it } from 'vitest';
import { analyseProject, analyseText, prepareFor, type ParsedSource } from '../../src/engine/analyse.js';

// `scan` leaves the models of files that cross modules to its project pass,
// which uses the first pass's parse of such a file again, keyed by path and text.
const cases = [
  {
    language: 'TypeScript',
    path: '/project/agent.ts',
    text: (mode: string) =>
      `import { query } from '@anthropic-ai/claude-agent-sdk';\nimport { hooks } from './hooks';\nquery({ prompt: 'x', options: { hooks, permissionMode: '${mode}' } });\n`,
    alone: "import { query } from '@anthropic-ai/claude-agent-sdk';\nquery({ prompt: 'x', options: { permissionMode: 'default' } });\n",
    broken: 'const = ;\n',
  },
  {
    language: 'Python',
    path: '/project/agent.py',
    text: (mode: string) =>
      `from claude_agent_sdk import ClaudeAgentOptions, query\nfrom .hooks import HOOKS\nquery(prompt='x', options=ClaudeAgentOptions(hooks=HOOKS, permission_mode='${mode}'))\n`,
    alone: "from claude_agent_sdk import ClaudeAgentOptions, query\nquery(prompt='x', options=ClaudeAgentOptions(permission_mode='default'))\n",
    broken: 'def (:\n',
  },
];

/** The syntax tree itself: a Python parse is handed on in a new wrapper. */
const treeOf = (parsed: ParsedSource | undefined): object | undefined => (parsed && 'module' in parsed ? parsed.module : parsed);

describe.each(cases)('the project pass and the first pass parse of a $language file', ({ path, text, alone, broken }) => {
  const firstParse = async (mode: string): Promise<ParsedSource> => {
    await prepareFor(path);
    const first = analyseText(text(mode), path);
    expect(first.crossesModules).toBe(true);
    return first.parsed!;
  };
  const project = (current: string, parsed?: ParsedSource) =>
    analyseProject([path], (file) => (file === path ? current : undefined), new Map(parsed ? [[path, parsed]] : [])).analyses.get(path)!;

  it('leaves out the model of a file that crosses modules when asked, keeping its parse and syntax errors', async () => {
    await prepareFor(path);
    const deferred = analyseText(text('default') + broken, path, undefined, { deferCrossing: true });
    expect(deferred.crossesModules).toBe(true);
    expect(deferred.model).toBeUndefined();
    expect(deferred.syntaxErrors).toEqual(analyseText(text('default') + broken, path).syntaxErrors);
    expect(deferred.syntaxErrors).not.toEqual([]);
    expect(treeOf(deferred.parsed)).toBeDefined();
  });

  it('builds the model of a file that does not cross modules when asked to defer the others', async () => {
    await prepareFor(path);
    const kept = analyseText(alone, path, undefined, { deferCrossing: true });
    expect(kept.model).toBeDefined();
    expect(kept).toEqual(analyseText(alone, path));
  });

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
