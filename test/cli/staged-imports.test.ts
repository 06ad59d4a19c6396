import { describe, expect, it } from 'vitest';
import { pythonSpecifiers } from '../../src/engine/staged/python-imports.js';

// The modules a Python file may import, as `scan --staged` follows them to find what a change reaches.
describe('pythonSpecifiers', () => {
  it('names the module and each imported name as a possible submodule, across parentheses and continuations', () => {
    const text = ['from .hooks import (', '    guard as g,', '    deny,', ')', 'from agent.consts \\', '    import TOOLS', 'from . import options', ''].join('\n');
    expect(pythonSpecifiers(text)).toEqual(['.hooks', '.hooks.guard', '.hooks.deny', 'agent.consts', 'agent.consts.TOOLS', '.', '.options']);
  });

  it('names every package on the way for `import a.b`, nested imports included; a star imports no submodule', () => {
    expect(pythonSpecifiers('def f():\n    import agent.tools as t, os\nfrom m import *\n')).toEqual(['m', 'agent', 'agent.tools', 'os']);
  });

  it('near miss: words that only look like imports name nothing', () => {
    expect(pythonSpecifiers('x = "important"\nfromage = 1\n# import os\nimported = from_x\n')).toEqual([]);
  });
});
