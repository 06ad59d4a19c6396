import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../src/engine/edits.js';

const at = (start: number, end: number, text: string) => ({ span: { start, end }, text });

describe('applyEdits', () => {
  it('replaces, inserts and deletes, in any order given', () => {
    expect(applyEdits('abcdef', [at(4, 6, 'X'), at(0, 0, '>'), at(1, 3, '')])).toBe('>adX');
  });

  it('keeps insertions at one offset in the order given, and touching edits apart', () => {
    expect(applyEdits('ab', [at(1, 1, '1'), at(1, 1, '2'), at(1, 2, 'B')])).toBe('a12B');
  });

  it('returns the text unchanged without edits', () => {
    expect(applyEdits('abc', [])).toBe('abc');
  });

  it('throws on overlapping edits', () => {
    expect(() => applyEdits('abcdef', [at(0, 3, 'x'), at(2, 4, 'y')])).toThrow('Edits 0-3 and 2-4 overlap.');
  });

  it('throws on an edit outside the text', () => {
    expect(() => applyEdits('abc', [at(2, 5, 'x')])).toThrow('Edit 2-5 lies outside the text (length 3).');
    expect(() => applyEdits('abc', [at(2, 1, 'x')])).toThrow('lies outside');
  });
});
