import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Every TypeScript file under `folder`, relative to the repository, with `/` separators. */
function filesUnder(folder: string): string[] {
  return readdirSync(`${root}${folder}`, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.c?ts$/.test(name))
    .map((name) => `${folder}/${name.replace(/\\/g, '/')}`)
    .sort();
}

const read = (file: string): string => readFileSync(`${root}${file}`, 'utf8');

/**
 * The module specifiers a file imports or re-exports: `from '…'`, `import '…'`
 * and `import('…')` (type-only imports included: they are a layer's dependency too).
 */
const importsOf = (file: string): string[] => [...read(file).matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g)].map((match) => match[1]!);

/** The repository files a file imports, relative to the repository (packages left out). */
const localImportsOf = (file: string): string[] =>
  importsOf(file)
    .filter((module) => module.startsWith('.'))
    .map((module) => path.posix.join(path.posix.dirname(file), module));

/** The layer a file belongs to: `rules`, a folder of `src/`, or a file directly in `src/` on its own. */
const layerOf = (file: string): string => (file.startsWith('rules/') ? 'rules' : file.split('/').slice(0, 2).join('/').replace(/\.[cm]?[jt]s$/, ''));

const sources = [...filesUnder('src'), ...filesUnder('rules')];

/** Which layers each layer imports. */
function layerGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sources) {
    const from = layerOf(file);
    for (const target of localImportsOf(file)) {
      const to = layerOf(target);
      if (to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** Each cycle's layers, as a path from a layer back to itself; empty when the graph has none. */
function cycles(graph: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const walk = (layer: string, trail: string[]): void => {
    for (const next of graph.get(layer) ?? []) {
      if (next === trail[0]) found.push([...trail, next].join(' -> '));
      else if (!trail.includes(next) && next > trail[0]!) walk(next, [...trail, next]);
    }
  };
  for (const layer of [...graph.keys()].sort()) walk(layer, [layer]);
  return found;
}

const importing = (files: string[], forbidden: RegExp): string[] =>
  files.filter((file) => localImportsOf(file).some((target) => forbidden.test(target)));

describe('layers', () => {
  it('no front end imports the engine, the rules or an edge (ESLint, oxlint, CLI)', () => {
    expect(importing(filesUnder('src/frontends'), /^(?:src\/(?:engine|eslint|oxlint|cli)|rules)\//)).toEqual([]);
  });

  it('the model imports nothing but itself', () => {
    expect(importing(filesUnder('src/model'), /^(?!src\/model\/)/)).toEqual([]);
  });

  it('rules import only the model (the rule contract, src/model/rule.ts, included)', () => {
    expect(importing(filesUnder('rules'), /^(?!src\/model\/|rules\/)/)).toEqual([]);
  });

  it('no rule mentions the language', () => {
    // Rules ask the source writer and the SDK facts instead: no `model.language`, no `Language` type, no
    // language's name as a string, and no comparison with 'settings' (the `settings` option is no language).
    const mentions = /\blanguage\b|['"`](?:python|typescript|javascript|frontmatter)['"`]|[!=]==\s*['"`]settings['"`]/i;
    expect(filesUnder('rules').filter((file) => mentions.test(read(file)))).toEqual([]);
  });

  it('no import cycle between layers', () => {
    const graph = layerGraph();
    // The check sees the layers it is about: the engine uses the front ends and the model.
    expect([...(graph.get('src/engine') ?? [])]).toEqual(expect.arrayContaining(['src/frontends', 'src/model']));
    expect(cycles(graph)).toEqual([]);
  });
});

/**
 * A test of a source file's extension: a regular expression or string naming
 * TypeScript/JavaScript or Python extensions (`/\.py$/`, `.endsWith('.ts')`,
 * `'index.mjs'`), or a front end's own path check called to pick a language.
 */
const extensionTest = /\\\.(?:\(\?:)?(?:\[cm\]\??)?(?:\[jt\]|tsx?\b|jsx?\b|mjs\b|cjs\b|mts\b|cts\b|py\b|d\\\.)|endsWith\(\s*['"`]\.(?:[cm]?[jt]sx?|py)['"`]|['"`][\w*]*\.(?:[cm]?[jt]sx?|py)['"`]|\bis(?:Python|TypeScript)Path\b/;

/**
 * Not yet through the registry: `scan --staged` follows imports with each
 * language's own resolver and names (src/engine/staged/), and typed linting
 * is TypeScript's own (typescript-eslint hands over a TypeScript program).
 */
const choosingByPathStill = ['src/engine/staged/graph.ts', 'src/engine/staged/names.ts', 'src/eslint/program.ts'];

describe('front ends are chosen through the registry', () => {
  it('no file outside src/frontends/ tests a source file extension', () => {
    const outside = filesUnder('src').filter((file) => !file.startsWith('src/frontends/') && !choosingByPathStill.includes(file));
    const offending = outside.filter((file) => read(file).split('\n').some((line) => !/^\s*(?:import|export)\b|^\s*(?:\/\/|\/?\*)/.test(line) && extensionTest.test(line)));
    expect(offending).toEqual([]);
  });

  it('the check finds such a test', () => {
    const lines = ["if (/\\.py$/i.test(path)) {", "const python = isPythonPath(file);", "file.endsWith('.ts')", "for (const name of ['index.ts', '__init__.py'])", "path.replace(/\\.(?:[cm]?[jt]sx?)$/, '')"];
    expect(lines.filter((line) => !extensionTest.test(line))).toEqual([]);
    expect(extensionTest.test("import { scan } from './scan.js';".replace(/^import.*$/, ''))).toBe(false);
    expect(extensionTest.test("const worker = new URL('./analysis-worker.js', import.meta.url);")).toBe(false);
  });

  it('the engine is handed its rules: it imports none', () => {
    expect(importing(filesUnder('src/engine'), /^rules\//)).toEqual([]);
  });
});
