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
 * `reached` is every module a group's link walk read: what its grouping
 * depends on (`--cache` keeps each group with it), undefined where the links
 * could not be told.
 */
export function projectGroups(
  paths: readonly string[],
  readFile: (path: string) => string | undefined,
  parsed: ReadonlyMap<string, ParsedSource>,
  frontEnds: readonly FrontEnd[],
): ProjectGroup[] {
  const groupOf = new Map<string, string>();
  const reachedBy = new Map<string, string[] | undefined>();
  for (const frontEnd of new Set(paths.map((path) => readerOf(path, frontEnds)))) {
    const own = paths.filter((path) => readerOf(path, frontEnds) === frontEnd);
    const project = loadedAnalysis(frontEnd).project?.({ readFile, parsed: (path) => parsed.get(path) });
    const links = project?.linkedModules?.bind(project);
    // The first file of each group names it.
    const { leaders, reached } = links ? components(own, links) : { leaders: own.map(() => own[0]!), reached: undefined };
    own.forEach((path, i) => groupOf.set(path, leaders[i]!));
    for (const leader of new Set(leaders)) reachedBy.set(leader, reached?.get(leader));
  }
  const groups = new Map<string, ProjectGroup>();
  for (const path of paths) {
    const leader = groupOf.get(path) ?? path;
    const group = groups.get(leader) ?? { paths: [], reached: groupOf.has(path) ? reachedBy.get(leader) : undefined };
    group.paths.push(path);
    groups.set(leader, group);
  }
  return [...groups.values()];
}

export interface ProjectGroup {
  paths: string[];
  reached: string[] | undefined;
}

/**
 * For each root, the first root of its connected group (roots joined by any
 * module both reach), and the modules each group reached, by its first root.
 */
function components(roots: readonly string[], links: (path: string) => string[]): { leaders: string[]; reached: Map<string, string[]> } {
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
  const leaders = roots.map((_, i) => roots[find(i)]!);
  const reached = new Map<string, string[]>();
  for (const [module, i] of reachedBy) {
    const leader = leaders[i]!;
    const modules = reached.get(leader);
    if (modules) modules.push(module);
    else reached.set(leader, [module]);
  }
  return { leaders, reached };
}
