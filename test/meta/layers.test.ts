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
