import { describe, expect, it } from 'vitest';
import { escapeLines, jsonReport, withoutWorkflowCommands } from '../../src/cli/escape.js';

describe('withoutWorkflowCommands', () => {
  it.each([
    ['::add-mask::x', '\\x3a:add-mask::x'],
    ['  ::error title=a::b', '  \\x3a:error title=a::b'],
    ['\t\u00a0::warning::c', '\t\u00a0\\x3a:warning::c'],
    ['##[error]d', '\\x23#[error]d'],
    ['a.ts ::x', 'a.ts ::x'],
    [':x', ':x'],
    ['#x', '#x'],
  ])('%j -> %j', (line, shown) => {
    expect(withoutWorkflowCommands(line)).toBe(shown);
  });

  it('looks at the start of every line', () => {
    expect(withoutWorkflowCommands('ok\n::a::b\nok ::c\n ::d')).toBe('ok\n\\x3a:a::b\nok ::c\n \\x3a:d');
  });
});

describe('escapeLines', () => {
  it('keeps line breaks and escapes every other control', () => {
    expect(escapeLines('a\n  b\u001b[2J\r\u202e')).toBe('a\n  b\\x1b[2J\\x0d\\u202e');
  });
});

describe('jsonReport', () => {
  it('writes what a terminal acts on as \\u escapes, the value unchanged', () => {
    const value = { path: 'a\u202eb\u0085c\u001b' };
    const text = jsonReport(value);
    expect(text).not.toMatch(/[\u001b\u0085\u202e]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('fatalLine', () => {
  it('escapes a message quoting the tree: no terminal control, and no line of its own that could be a workflow command', async () => {
    const { fatalLine } = await import('../../src/cli/fatal.js');
    const line = fatalLine(new Error("ENOENT: open 'src/\u001b]8;;x\u0007a\n::add-mask::secret\n'"));
    expect(line).toBe("toolgate: fatal: ENOENT: open 'src/\\x1b]8;;x\\x07a\\x0a::add-mask::secret\\x0a'\n");
    expect(line.split('\n')).toHaveLength(2);
    expect(fatalLine('plain')).toBe('toolgate: fatal: plain\n');
  });
});
