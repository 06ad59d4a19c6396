import path from 'node:path';
import { isPythonPath } from '../../frontends/python/prefilter.js';
import { ModuleResolution as PythonResolution } from '../../frontends/python/modules.js';
import { isTypeScriptPath } from '../../frontends/typescript/prefilter.js';
import { pythonSpecifiers } from './python-imports.js';
import { relativeTo, underBase, type Snapshot } from './snapshot.js';

/**
 * The agent files that may import a changed file, through any chain of
 * modules, by a test that needs no compiler. A Python import is resolved
 * as the Python front end resolves it (by paths alone). A relative
 * TypeScript or JavaScript import leads to every file the resolvers could
 * choose for its path (`./consts` → `consts.ts`, `consts.d.ts`,
 * `consts/index.ts`, what `consts/package.json` names); any other is
 * matched by its last segment (`tools/consts.js` → `consts`) with every
 * file of that name (`consts.ts`, `consts/index.ts`) wherever it is, and a
 * bare import of a package whose folder the repository holds also leads to
 * what its `package.json` names (`main`, `exports`, ...). Each import so
 * leads to at least the file the resolver would choose, so an agent file
 * left out is certainly out of reach. Undefined when this cannot follow
 * the imports (any agent file may reach the change): tsconfig `paths`, `#`
 * imports, a `package.json` pattern that renames what it matches, a
 * deleted file, a walk past `maxFollowed` modules.
 * A repository with agent code then loads the TypeScript compiler for a
 * staged change only when the change may reach that code, and its
 * resolvers follow only the agent files named here. `base` is where the
 * snapshot will be checked out (the Python resolver works in its paths).
 */
export function agentsReaching(snapshot: Snapshot, agents: readonly string[], changed: ReadonlySet<string>, base: string): string[] | undefined {
  // A deleted file is no node of this snapshot to be reached.
  if ([...changed].some((file) => !snapshot.has(file))) return undefined;
  const { byName, packages, configs } = nameIndex(snapshot);
  snapshot.prefetch(configs);
  if (configs.some((file) => /"paths"\s*:/.test(snapshot.text(file) ?? ''))) return undefined;
  // Where a relative import may resolve by other than its path, it is matched by name like the rest.
  const relativeByPath = !configs.some((file) => /"(?:rootDirs|moduleSuffixes)"\s*:/.test(snapshot.text(file) ?? ''));
  const python = new PythonResolution((absolute) => {
    const file = relativeTo(base, absolute);
    return file !== undefined && snapshot.has(file);
  });
  const entriesOf = new Map<string, string[] | undefined>();
  const entries = (manifest: string): string[] | undefined => {
    if (!entriesOf.has(manifest)) entriesOf.set(manifest, packageEntries(snapshot, manifest));
    return entriesOf.get(manifest);
  };
  const seen = new Set(agents);
  /** Who led to each module: the way back from a changed file to the agent files that reach it. */
  const importers = new Map<string, string[]>();
  // Level by level, each level's files read from the index in one batch.
  for (let level = [...agents]; level.length > 0; ) {
    snapshot.prefetch(level);
    const imports = level.map((file) => ({ file, specifiers: specifiersOf(snapshot, file) }));
    const manifests = imports.flatMap(({ file, specifiers }) => (isPythonPath(file) ? [] : specifiers.flatMap((specifier) => manifestsFor(snapshot, packages, file, specifier, relativeByPath))));
    snapshot.prefetch(manifests);
    const next: string[] = [];
    for (const { file, specifiers } of imports) {
      for (const specifier of specifiers) {
        let targets: string[];
        if (isPythonPath(file)) {
          const found = python.resolve(specifier, underBase(base, file));
          const relative = found === undefined ? undefined : relativeTo(base, found);
          targets = relative === undefined ? [] : [relative];
        } else {
          if (specifier.startsWith('#')) return undefined;
          const relative = relativeByPath && /^\.\.?(?:\/|$)/.test(specifier);
          const name = lastSegment(specifier);
          targets = relative
            ? pathCandidates(snapshot, path.posix.join(path.posix.dirname(file), specifier))
            : name === ''
              ? indexesAbove(snapshot, file)
              : [...(byName.get(name) ?? [])];
          for (const manifest of manifestsFor(snapshot, packages, file, specifier, relativeByPath)) {
            const named = entries(manifest);
            if (named === undefined) return undefined;
            targets.push(...named);
          }
        }
        for (const target of targets) {
          addTo(importers, target, file);
          if (!seen.has(target)) {
            seen.add(target);
            next.push(target);
          }
        }
      }
    }
    // Past this many modules beyond the agent files (read already) the test reads more than the compiler would take to load: let the resolvers decide.
    if (seen.size - agents.length > maxFollowed) return undefined;
    level = next;
  }
  // Back from the changed files (an agent file among them reaches itself).
  const reached = new Set([...changed].filter((file) => seen.has(file)));
  for (const queue = [...reached]; queue.length > 0; ) {
    for (const importer of importers.get(queue.pop()!) ?? []) {
      if (!reached.has(importer)) {
        reached.add(importer);
        queue.push(importer);
      }
    }
  }
  return agents.filter((agent) => reached.has(agent));
}

const maxFollowed = 200;

/** A tsconfig or jsconfig by its base name: the name test reads them all first (`paths`, `rootDirs`). */
function isResolutionConfig(name: string): boolean {
  return /^(?:tsconfig|jsconfig)[^/]*\.json$/.test(name);
}

/** The snapshot's tsconfig and jsconfig files, which `agentsReaching` reads: fetched with the agent files, they cost no `git cat-file` of their own. */
export function resolutionConfigs(snapshot: Snapshot): string[] {
  return nameIndex(snapshot).configs;
}

/** What the name test looks the snapshot's files up by. */
interface NameIndex {
  /** TypeScript and JavaScript modules by the name an import of them ends with: the base name without extension (`.d.ts` included), or the folder's for an `index.*`. */
  byName: Map<string, string[]>;
  /** Each `package.json` by the name of its folder. */
  packages: Map<string, string[]>;
  /** tsconfig and jsconfig files. */
  configs: string[];
}

const nameIndexes = new WeakMap<Snapshot, NameIndex>();

/**
 * The snapshot's files indexed in one pass, kept for the snapshot. Each pass
 * over thousands of paths runs once, in code V8 has not optimized yet: path
 * functions and regular expressions per path cost several milliseconds of a
 * staged check per pass, so each path is cut with string search and tested
 * only as far as its extension says.
 */
function nameIndex(snapshot: Snapshot): NameIndex {
  let index = nameIndexes.get(snapshot);
  if (index) return index;
  index = { byName: new Map(), packages: new Map(), configs: [] };
  for (const file of snapshot.entries.keys()) {
    const slash = file.lastIndexOf('/');
    const name = file.slice(slash + 1);
    if (name.endsWith('.json')) {
      if (name === 'package.json') addTo(index.packages, folderName(file, slash), file);
      else if (isResolutionConfig(name)) index.configs.push(file);
    } else if (isTypeScriptPath(name)) {
      addTo(index.byName, /^index\.[^.]+$/.test(name) ? folderName(file, slash) : name.replace(/(?:\.d)?\.[^.]+$/, ''), file);
    }
  }
  nameIndexes.set(snapshot, index);
  return index;
}

/** The name of the folder holding `file` (whose last `/` is at `slash`): `.` at the top, as `path.posix` says. */
function folderName(file: string, slash: number): string {
  return slash < 0 ? '.' : file.slice(file.lastIndexOf('/', slash - 1) + 1, slash);
}

function addTo(map: Map<string, string[]>, key: string, value: string): void {
  const known = map.get(key);
  if (known) known.push(value);
  else map.set(key, [value]);
}

function specifiersOf(snapshot: Snapshot, file: string): string[] {
  const text = snapshot.text(file) ?? '';
  return isPythonPath(file) ? pythonSpecifiers(text) : typeScriptSpecifiers(text);
}

/**
 * The package.json files an import may resolve through: those of folders
 * named as the package a bare import names, or as the folder a path import
 * ends in (`./shared` with a `shared/package.json`; with `relativeByPath`,
 * only the folder the path names).
 */
function manifestsFor(snapshot: Snapshot, packages: ReadonlyMap<string, string[]>, file: string, specifier: string, relativeByPath: boolean): string[] {
  if (relativeByPath && /^\.\.?(?:\/|$)/.test(specifier)) {
    const manifest = path.posix.join(path.posix.dirname(file), specifier, 'package.json');
    return snapshot.has(manifest) ? [manifest] : [];
  }
  const names = new Set([packageName(specifier), lastSegment(specifier)]);
  return [...names].flatMap((name) => (name ? (packages.get(name) ?? []) : []));
}

/** The package a bare specifier names, as its folder is called (`@scope/tools/x` → `tools`); undefined for a relative or absolute one. */
function packageName(specifier: string): string | undefined {
  if (/^(?:\.|\/|#|[a-z]+:)/i.test(specifier)) return undefined;
  const parts = specifier.split('/');
  return parts[0]!.startsWith('@') ? parts[1] : parts[0];
}

/** Fields of package.json through which a bare import may resolve to one of the package's files. */
const entryFields = ['main', 'module', 'browser', 'types', 'typings', 'exports', 'typesVersions'];
const codeExtensions = ['.ts', '.tsx', '.d.ts', '.mts', '.d.mts', '.cts', '.d.cts', '.js', '.jsx', '.mjs', '.cjs'];

/**
 * The files a bare import of a package may resolve to, by what its
 * package.json names (with each extension the resolvers try in place of a
 * written `.js`) and its `index.*`; undefined when the names cannot say (a
 * `*` pattern that renames what it matches, a manifest that does not parse).
 */
function packageEntries(snapshot: Snapshot, manifest: string): string[] | undefined {
  let data: unknown;
  try {
    data = JSON.parse(snapshot.text(manifest) ?? '');
  } catch {
    return undefined;
  }
  if (data === null || typeof data !== 'object') return undefined;
  const named: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') named.push(value);
    else if (value !== null && typeof value === 'object') for (const inner of Object.values(value)) collect(inner);
  };
  for (const field of entryFields) collect((data as Record<string, unknown>)[field]);
  // A pattern keeps the name the import ends with (`./*` → `./dist/*.js`): the names already lead there. Any other cannot be followed.
  const patterns = named.filter((entry) => entry.includes('*'));
  if (patterns.some((pattern) => !/\*(?:\/index)?(?:\.(?:d\.)?[cm]?[jt]sx?)?$/.test(pattern))) return undefined;
  const folder = path.posix.dirname(manifest);
  return [...named.filter((entry) => !entry.includes('*')), 'index'].flatMap((entry) => pathCandidates(snapshot, path.posix.join(folder, entry)));
}

/** The snapshot's files the resolvers may choose for a path: itself, with each extension in place of a written one or added, and its `index.*`. */
function pathCandidates(snapshot: Snapshot, target: string): string[] {
  const plain = target.replace(/\/+$/, '');
  const stem = plain.replace(/\.(?:d\.)?[cm]?[jt]sx?$/, '');
  return [plain, ...codeExtensions.map((extension) => `${stem}${extension}`), ...codeExtensions.map((extension) => `${plain}/index${extension}`)].filter((candidate) => snapshot.has(candidate));
}

/** What a TypeScript or JavaScript import names last: `consts` for `tools/consts.js`; `''` for `.`, `..`, `./`. */
function lastSegment(specifier: string): string {
  const last = specifier.split('/').at(-1)!;
  return last === '.' || last === '..' ? '' : last.replace(/\.(?:[cm]?[jt]sx?)$/i, '');
}

/** `index.*` files in the folders at and above a file: what `.` and `..` can name. */
function indexesAbove(snapshot: Snapshot, file: string): string[] {
  const found: string[] = [];
  for (let folder = path.posix.dirname(file); ; folder = path.posix.dirname(folder)) {
    const prefix = folder === '.' ? '' : `${folder}/`;
    for (const name of ['index.ts', 'index.tsx', 'index.mts', 'index.cts', 'index.js', 'index.jsx', 'index.mjs', 'index.cjs']) {
      if (snapshot.has(`${prefix}${name}`)) found.push(`${prefix}${name}`);
    }
    if (folder === '.') return found;
  }
}

/** Blanks and comments, which may stand between `from` and its string (bounded, so unclosed comments cost linear time). */
const gap = String.raw`(?:\s|//[^\n]*(?:\n|$)|/\*(?:[^*]|\*(?!/)){0,1000}\*/)*`;
const specifier = new RegExp(String.raw`\b(?:from|import|require)${gap}(?:\(${gap})?(['"\x60])([^'"\x60\n]*)\1`, 'g');

/**
 * Every string a TypeScript or JavaScript file may import: a quoted string
 * after `from`, `import`, `require(` or `import(`. More than the compiler's
 * pre-processor finds (a mention in a comment counts).
 */
function typeScriptSpecifiers(text: string): string[] {
  return [...text.matchAll(specifier)].map((match) => match[2]!);
}
