import { describe, expect, it } from 'vitest';
import { linkedModuleNames, linkedModuleNamesOfText } from '../../src/frontends/typescript/imports.js';
import { parseSource } from '../../src/frontends/typescript/parse.js';

/**
 * The project pass groups its files by the modules they name; a file it has
 * no syntax tree for is read by the compiler's scanner instead of parsed. A
 * link the scanner missed would split a group whose files see each other, so
 * the text's links must be the tree's.
 */
const forms: Record<string, string> = {
  'import and re-export': "import { a } from './a';\nimport './side';\nexport { b } from './b';\nexport * from './c';\n",
  'type-only import': "import type { Options } from './types';\n",
  'require and import()': "const d = require('./d');\nasync function load() { return import('./e'); }\n",
  'import x = require': "import f = require('./f');\n",
  'namespace re-export': "export * as g from './g';\nexport * as h from \"./h\";\n",
};

describe('the modules a file names, read from its text', () => {
  for (const [name, text] of Object.entries(forms)) {
    it(`are the ones its syntax tree names: ${name}`, () => {
      const fromTree = linkedModuleNames(parseSource(text, 'agent.ts'));
      expect(fromTree.length).toBeGreaterThan(0);
      expect(new Set(linkedModuleNamesOfText(text, 'agent.ts', parseSource))).toEqual(new Set(fromTree));
    });
  }

  it('parses the file only for a namespace re-export, which the scanner skips', () => {
    let parses = 0;
    const counting = (text: string, path: string) => (parses++, parseSource(text, path));
    linkedModuleNamesOfText(forms['require and import()']!, 'agent.ts', counting);
    expect(parses).toBe(0);
    linkedModuleNamesOfText(forms['namespace re-export']!, 'agent.ts', counting);
    expect(parses).toBe(1);
  });
});
