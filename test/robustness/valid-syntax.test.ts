import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../src/engine/analyze.js';

// Code the language accepts must not be failed as a syntax error (issue 14, item 13).
describe('valid JavaScript the TypeScript parser flags', () => {
  it('a private name after optional chaining (o?.c.#f) is analysed', () => {
    const text = "import { query } from '@anthropic-ai/claude-agent-sdk';\nclass A { #f = 1; m(o) { return o?.c.#f; } }\nquery({ prompt: 'x', options: { allowedTools: ['Read'] } });\n";
    for (const path of ['/virtual/agent.js', '/virtual/agent.ts']) expect(analyzeText(text, path).syntaxErrors).toEqual([]);
  });

  it('a real syntax error is still one', () => {
    expect(analyzeText("import { query } from '@anthropic-ai/claude-agent-sdk';\nconst x = (;\n", '/virtual/agent.js').syntaxErrors).not.toEqual([]);
  });
});
