import path from 'node:path';
import { isSettingsPath } from '../../frontends/settings/paths.js';
import { candidateText, isSupportedPath } from '../prefilter.js';
import { agentFiles, type AgentSearch } from './agent-files.js';
import { agentsReaching } from './names.js';
import { namedFiles } from './named-files.js';
import { stagedPluginFiles } from './plugin-files.js';
import type { ImportGraph } from './graph.js';
import { relativeTo, underBase, type Snapshot } from './snapshot.js';

/** What one staged check scans, and what a checkout of the snapshot must hold for that scan. */
export interface StagedPlan {
  /** The files to check: the staged ones a front end reads, and the files whose analysis the staged content reaches. */
  roots: string[];
  /** Every file the scan may read: the roots, the modules they import (transitively), what resolving them consulted, settings files and their hook scripts. */
  files: Set<string>;
  /** Every `.claude` folder: the nearest one above a file decides its project's settings, even with no settings file in it. */
  folders: string[];
}

/**
 * Which files a commit's change reaches. A file's model can change only if
 * it is staged, or it can hold agent code (the prefilter passes) and
 *   - imports, through any chain of modules, a staged file (values cross modules);
 *   - loads a staged `.claude/settings*.json` (its nearest `.claude/`, or one its `cwd` may name);
 *   - or is a settings file whose hooks run a staged script.
 * The first is found from the agent files' side: their imports are followed
 * (with the front ends' resolvers) until they reach a staged file or end, so
 * the cost is that of the agent code's own modules, not the repository's.
 * `base` is where the snapshot will be checked out (resolution works in its paths).
 */
export async function planStaged(snapshot: Snapshot, changed: ReadonlySet<string>, base: string, reach: Reach): Promise<StagedPlan> {
  const plugin = stagedPluginFiles(snapshot, changed);
  const staged = [...[...changed].filter((file) => snapshot.has(file) && isSupportedPath(file)), ...plugin.files];
  const given = 'roots' in reach;
  // A change of nothing a front end or module resolution reads (a README) reaches no agent file: no need to look for them.
  const agents = given || ![...changed].some(isReadOrConsulted) ? [] : await agentFiles(snapshot, changed, reach.search);
  // Read with the agent files when they were searched for (one `git cat-file` for both).
  snapshot.prefetch(staged);
  const roots = new Set(given ? reach.roots.filter((root) => snapshot.has(root)) : staged);
  if (!given) for (const agent of [...loadingSettings(snapshot, agents, changed), ...underResolutionConfig(agents, changed)]) roots.add(agent);
  const code = (file: string): boolean => !isSettingsPath(file) && candidateText(snapshot.bytes(file)!, file) !== undefined;
  // Imports are followed only from the agent files that may lead to the change: the compiler they need takes longer to load than the rest.
  const sources = given || agents.length === 0 ? [] : (agentsReaching(snapshot, agents, changed, base) ?? agents);
  const followed = sources.length > 0;
  const files = new Set(roots);

  if (followed || [...roots].some(code)) {
    const { ImportGraph } = await import('./graph.js');
    const graph = new ImportGraph(snapshot, base);
    if (followed) {
      for (const agent of reaching(graph, sources, changed)) roots.add(agent);
      if (!given && [...changed].some((file) => !snapshot.has(file))) {
        // A deleted module's importers: found in the snapshot that still holds it.
        const before = reach.before();
        for (const agent of reaching(new ImportGraph(before, base), agents.filter((agent) => before.has(agent)), changed)) roots.add(agent);
      }
    }
    for (const file of closure(graph, [...roots].filter(code))) files.add(file);
    for (const file of graph.consulted) files.add(file);
  }
  for (const file of await settingsAndScripts(snapshot, base, changed, roots)) files.add(file);
  for (const file of namedFiles(snapshot, [...roots].filter(code))) files.add(file);
  for (const root of roots) files.add(root);
  for (const file of plugin.manifests) files.add(file);
  const folders = [...snapshot.claudeFolders()];
  return { roots: [...roots].sort(), files, folders };
}

/**
 * How the roots are chosen: found from the change (`before`: the snapshot
 * that still holds the files the change deletes; `search`: the answers that
 * name the agent files), or given (the same files checked again in the
 * state before the change).
 */
export type Reach = { before: () => Snapshot; search: AgentSearch } | { roots: readonly string[] };

/** The `sources` some of whose imports lead (in any number of steps) to a changed file. */
function reaching(graph: ImportGraph, sources: readonly string[], changed: ReadonlySet<string>): string[] {
  const importers = new Map<string, string[]>();
  for (const file of closure(graph, sources)) {
    for (const target of graph.importsOf(file)) {
      const known = importers.get(target);
      if (known) known.push(file);
      else importers.set(target, [file]);
    }
  }
  // Back from the changed files along the imports just followed. A deleted file is in no snapshot's graph
  // as a node, only as a target of the one that still holds it.
  const reached = new Set<string>();
  const queue = [...changed].filter((file) => importers.has(file));
  while (queue.length > 0) {
    for (const importer of importers.get(queue.pop()!) ?? []) {
      if (!reached.has(importer)) {
        reached.add(importer);
        queue.push(importer);
      }
    }
  }
  return sources.filter((source) => reached.has(source));
}

/** `sources` and every module they import, transitively; each level's files read in one batch. */
function closure(graph: ImportGraph, sources: readonly string[]): Set<string> {
  const seen = new Set(sources);
  let level = [...sources];
  while (level.length > 0) {
    graph.prefetch(level);
    const next: string[] = [];
    for (const file of level) {
      for (const target of graph.importsOf(file)) {
        if (!seen.has(target)) {
          seen.add(target);
          next.push(target);
        }
      }
    }
    level = next;
  }
  return seen;
}

/** Files a front end reads, or that decide how imports resolve. */
function isReadOrConsulted(file: string): boolean {
  return isSupportedPath(file) || resolutionConfig.test(file);
}

const resolutionConfig = /(?:^|\/)(?:tsconfig[^/]*|jsconfig|package)\.json$/;

/** Agent files in the folder of a changed tsconfig.json or package.json, or beneath it: their imports may resolve elsewhere now. */
function underResolutionConfig(agents: readonly string[], changed: ReadonlySet<string>): string[] {
  const folders = [...changed].filter((file) => resolutionConfig.test(file)).map((file) => path.posix.dirname(file));
  return agents.filter((agent) => folders.some((folder) => folder === '.' || agent.startsWith(`${folder}/`)));
}

/**
 * Agent files that may load a changed settings file: those whose nearest
 * `.claude/` folder holds it, and any that names its project folder (a
 * `cwd` option may point there).
 */
function loadingSettings(snapshot: Snapshot, agents: readonly string[], changed: ReadonlySet<string>): string[] {
  const projects = [...changed].filter((file) => isSettingsPath(file) && /(?:^|\/)\.claude\/[^/]+$/.test(file)).map((file) => path.posix.dirname(path.posix.dirname(file)));
  if (projects.length === 0) return [];
  return agents.filter((agent) => {
    const nearest = nearestProject(snapshot, agent);
    return projects.some((project) => project === nearest || (project !== '.' && snapshot.text(agent)!.includes(project)));
  });
}

/** The folder of the nearest `.claude/` above a file (`.` for the repository's top), as `ProjectSettings` finds it. */
function nearestProject(snapshot: Snapshot, file: string): string | undefined {
  for (let folder = path.posix.dirname(file); ; folder = path.posix.dirname(folder)) {
    if (snapshot.claudeFolders().has(folder === '.' ? '.claude' : `${folder}/.claude`)) return folder;
    if (folder === '.') return undefined;
  }
}

/**
 * The snapshot's settings files and the scripts their hooks run (read by the
 * settings front end itself): a configuration may load any of them, through
 * its `cwd`. A settings file that runs a changed script becomes a root.
 */
async function settingsAndScripts(snapshot: Snapshot, base: string, changed: ReadonlySet<string>, roots: Set<string>): Promise<string[]> {
  const settings = [...snapshot.entries.keys()].filter((file) => isSettingsPath(file));
  if (settings.length === 0) return [];
  // The settings front end (its JSON parser) loads only for a repository that has settings files.
  const { extractSettings } = await import('../../frontends/settings/index.js');
  snapshot.prefetch(settings);
  const files = [...settings];
  for (const file of settings) {
    const read: string[] = [];
    extractSettings(snapshot.text(file)!, underBase(base, file), (absolute) => {
      const relative = relativeTo(base, absolute);
      if (relative === undefined || !snapshot.has(relative)) return undefined;
      read.push(relative);
      return snapshot.text(relative);
    });
    files.push(...read);
    if (read.some((script) => changed.has(script))) roots.add(file);
  }
  return files;
}
