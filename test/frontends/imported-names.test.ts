import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as python from '../../src/frontends/python/prefilter.js';
import * as typeScript from '../../src/frontends/typescript/prefilter.js';

// `importedNames` is the re-export pass's cheap test: every module `localImports` names must end with
// one of its names, or be reached by a nameless import from a folder above the file.

const resolve = (from: string, to: string): string => path.posix.resolve(path.posix.dirname(from), to);

/** Whether each module `localImports` finds is covered by `importedNames`. */
function covered(frontEnd: typeof typeScript | typeof python, text: string, file: string): boolean {
  const { names, nameless } = frontEnd.importedNames(Buffer.from(text));
  return frontEnd.localImports(text, file, resolve).every((module) => {
    const segments = module.split('/');
    const last = segments.at(-1)!;
    const folder = last === 'index' || last === '__init__' ? segments.at(-2)! : last;
    return names.includes(last) || names.includes(folder) || nameless;
  });
}

describe('TypeScript and JavaScript', () => {
  it.each([
    ["import { query } from './lib/sdk.js';", ['lib', 'sdk'], false],
    ["export * from '../agent/index';\nconst x = require(\"./wrap.cjs\");", ['agent', 'index', 'wrap'], false],
    ["import { query } from '..';", [], true],
    ["import { query } from './a/..';", ['a'], true],
    // Not a specifier, but a quoted string starting with a dot: a superset is enough.
    ["const ext = '.mjs';", [], false],
    ["const version = '.5';", ['.5'], false],
    ["import { z } from 'zod';", [], false],
  ])('%s', (text, names, nameless) => {
    expect(typeScript.importedNames(Buffer.from(text))).toEqual({ names, nameless });
    expect(covered(typeScript, text, '/p/src/file.ts')).toBe(true);
  });

  it('reads names that are not ASCII as the analysis does', () => {
    expect(typeScript.importedNames(Buffer.from("import { query } from './módulo';")).names).toEqual(['módulo']);
  });
});

describe('Python', () => {
  it.each([
    ['from .sdk import query, ClaudeAgentOptions', ['sdk', 'query', 'ClaudeAgentOptions'], false],
    ['import tools.sdk as s', ['tools', 'sdk'], false],
    ['from . import sdk', ['sdk'], true],
    ['from .. import (\n    query,\n)', ['query'], true],
    ['x = 1', [], false],
  ])('%s', (text, names, nameless) => {
    expect(python.importedNames(Buffer.from(text))).toEqual({ names, nameless });
    expect(covered(python, text, '/p/pkg/file.py')).toBe(true);
  });
});
