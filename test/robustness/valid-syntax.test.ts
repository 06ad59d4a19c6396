import { describe, expect, it } from 'vitest';
import { analyseText, prepareFor } from '../../src/engine/analyse.js';

// Code the language accepts must not be failed as a syntax error (issue 14, item 13).
describe('valid JavaScript the TypeScript parser flags', () => {
  it('a private name after optional chaining (o?.c.#f) is analysed', () => {
    const text = "import { query } from '@anthropic-ai/claude-agent-sdk';\nclass A { #f = 1; m(o) { return o?.c.#f; } }\nquery({ prompt: 'x', options: { allowedTools: ['Read'] } });\n";
    for (const path of ['/virtual/agent.js', '/virtual/agent.ts']) expect(analyseText(text, path).syntaxErrors).toEqual([]);
  });

  it('a real syntax error is still one', () => {
    expect(analyseText("import { query } from '@anthropic-ai/claude-agent-sdk';\nconst x = (;\n", '/virtual/agent.js').syntaxErrors).not.toEqual([]);
  });
});

describe('valid Python the tree-sitter grammar rejects', () => {
  const agent = (typed: string) =>
    `from claude_agent_sdk import ClaudeAgentOptions\n${typed}\noptions = ClaudeAgentOptions(permission_mode="bypassPermissions")\n`;

  it('type parameter defaults (PEP 696, Python 3.13) are analysed, findings in place', async () => {
    await prepareFor('agent.py');
    for (const typed of ['def first[T = int](items: list[T]) -> T:\n    return items[0]', 'class Box[T = str, *Ts = *tuple[int, ...]]:\n    pass', 'type Pair[K = str, V = dict[str, int]] = tuple[K, V]']) {
      const text = agent(typed);
      const analysis = analyseText(text, '/virtual/agent.py');
      expect([typed, analysis.syntaxErrors]).toEqual([typed, []]);
      const mode = analysis.model!.configurations[0]!.options.alternatives[0];
      const value = mode?.kind === 'object' ? mode.properties.get('permissionMode')?.value.alternatives[0] : undefined;
      expect(value?.span.start).toBe(text.indexOf('"bypassPermissions"'));
    }
  });

  it('a real syntax error next to a type parameter default is still one', async () => {
    await prepareFor('agent.py');
    expect(analyseText(agent('def first[T = int](items: list[T]) -> T:\n    return (items[0]'), '/virtual/agent.py').syntaxErrors).not.toEqual([]);
    expect(analyseText(agent('def first[T = ](items): pass'), '/virtual/agent.py').syntaxErrors).not.toEqual([]);
  });
});
