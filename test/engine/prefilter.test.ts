import { describe, expect, it } from 'vitest';
import { candidateText } from '../../src/engine/prefilter.js';

const bytes = (text: string): Buffer => Buffer.from(text);

describe('candidateText', () => {
  it('finds a package name after another name with the same beginning', () => {
    const text = "// see @anthropic-ai/claude-whatever\nimport { query } from '@anthropic-ai/claude-agent-sdk';\n";
    expect(candidateText(bytes(text), 'a.ts')).toBe(text);
    const python = '# claude_other\nfrom claude_code_sdk import query\n';
    expect(candidateText(bytes(python), 'a.py')).toBe(python);
  });

  it('finds a package name that ends the file', () => {
    const text = "import '@anthropic-ai/claude-code";
    expect(candidateText(bytes(text), 'a.ts')).toBe(text);
  });

  it('passes over a name cut short by the end of the file, or of the buffer view it is given', () => {
    expect(candidateText(bytes("import '@anthropic-ai/claude-co"), 'a.ts')).toBeUndefined();
    // readBytes hands out a view of a larger buffer: what lies beyond it is another file's.
    const view = bytes("import '@anthropic-ai/claude-code';\n").subarray(0, 20);
    expect(candidateText(view, 'a.ts')).toBeUndefined();
  });

  it("searches a file for its own language's package names", () => {
    expect(candidateText(bytes('from claude_agent_sdk import query\n'), 'a.ts')).toBeUndefined();
    expect(candidateText(bytes("import '@anthropic-ai/claude-code';\n"), 'a.py')).toBeUndefined();
  });
});

describe('markers hidden by comments', () => {
  it.each([
    ["import { query } from // the SDK\n  '@anthropic-ai/claude-agent-sdk';\n", 'a.ts'],
    ["import { query } from /* the SDK */ '@anthropic-ai/claude-agent-sdk';\n", 'a.ts'],
    ["const sdk = await import(/* c */ '@anthropic-ai/claude-agent-sdk');\n", 'a.mjs'],
    ["const sdk = require(/* c */ '@anthropic-ai/claude-agent-sdk');\n", 'a.cjs'],
    ["const sdk = require( // c\n  '@anthropic-ai/claude-code');\n", 'a.js'],
    ['from claude_agent_sdk import (  # the SDK\n    query,\n)\n', 'a.py'],
  ])('lets through %j', (text, path) => {
    expect(candidateText(bytes(text), path)).toBe(text);
  });
});

describe('an import behind a comment is analysed', () => {
  it('builds the configuration of a query imported with a comment before the module', async () => {
    const { analyseText } = await import('../../src/engine/analyse.js');
    const text = "import { query } from // the SDK\n  '@anthropic-ai/claude-agent-sdk';\nquery({ prompt: 'hi', options: { permissionMode: 'bypassPermissions' } });\n";
    expect(analyseText(text, 'agent.ts').model?.configurations).toHaveLength(1);
  });
});
