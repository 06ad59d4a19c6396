import type { FrontEnd, ParsedSource } from '../frontends/contract.js';
import { readerOf } from '../frontends/registry.js';
import { loadedAnalysis } from './front-ends.js';

/**
 * The files of the project pass in groups that reach no module in common
 * through their imports, directly or not: the pass analyses one group at a
 * time and frees it before the next, so its memory follows the largest
 * group, not every file that crosses modules in the tree. Files of two
 * groups cannot see each other's values, callers or options, so their
 * models are what one analysis of all of them gives. Groups come in the
 * order of their first file in `paths`, each keeping the order of `paths`.
 * Each front end's files are grouped by its own project's links (no parse
 * is kept); a front end whose project cannot tell links keeps one group.
 */
export function projectGroups(
  paths: readonly string[],
  readFile: (path: string) => string | undefined,
  parsed: ReadonlyMap<string, ParsedSource>,
  frontEnds: readonly FrontEnd[],
): string[][] {
  const groupOf = new Map<string, string>();
  for (const frontEnd of new Set(paths.map((path) => readerOf(path, frontEnds)))) {
    const own = paths.filter((path) => readerOf(path, frontEnds) === frontEnd);
    const project = loadedAnalysis(frontEnd).project?.({ readFile, parsed: (path) => parsed.get(path) });
    const links = project?.linkedModules?.bind(project);
    // The first file of each group names it.
    const leaders = links ? components(own, links) : own.map(() => own[0]!);
    own.forEach((path, i) => groupOf.set(path, leaders[i]!));
  }
  const groups = new Map<string, string[]>();
  for (const path of paths) {
    const leader = groupOf.get(path) ?? path;
    const group = groups.get(leader) ?? [];
    group.push(path);
    groups.set(leader, group);
  }
  return [...groups.values()];
}

/** For each root, the first root of its connected group (roots joined by any module both reach). */
function components(roots: readonly string[], links: (path: string) => string[]): string[] {
  const parent = roots.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const join = (a: number, b: number): void => {
    const [low, high] = [find(a), find(b)].sort((x, y) => x - y) as [number, number];
    parent[high] = low;
  };
  /** Each module reached so far, with the root that reached it first: its whole reach was walked then. */
  const reachedBy = new Map<string, number>();
  roots.forEach((root, i) => {
    const stack = [root];
    while (stack.length > 0) {
      const module = stack.pop()!;
      const earlier = reachedBy.get(module);
      if (earlier !== undefined) {
        join(i, earlier);
        continue;
      }
      reachedBy.set(module, i);
      // One by one: a spread of a bundle's many requires could pass the engine's limit on arguments.
      for (const linked of links(module)) stack.push(linked);
    }
  });
  return roots.map((_, i) => roots[find(i)]!);
}
