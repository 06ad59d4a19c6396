import path from 'node:path';
import type { FrontEnd, ReExports } from '../frontends/contract.js';
import { frontEndFor } from '../frontends/registry.js';
import type { DiscoveredFile } from './discover.js';
import { readBytes } from './read-source.js';

/** How many times importers of importers are looked for: chains of re-exporting modules are short. */
const maxRounds = 8;

/**
 * The prefilter's second pass. A file that imports `query` from a local
 * module that re-exports the SDK (`export { query } from '…'`, Python's
 * `from .sdk import query`) names no SDK package, so the first pass skipped
 * it. The first pass notes the files that name the SDK and may re-export it,
 * and the files it skipped; this pass finds, among the skipped ones, those
 * that import one of those modules, and so on along chains of such modules.
 * Each skipped file is read at most once (by the first pass, once a module
 * that may re-export the SDK has been seen): the names its imports may end
 * with are kept (`importedNames`), and only a file where one of them is a
 * module's name has its imports read (`localImports`); with `--cache`, every
 * file's imports are read, since the cache keeps them for the next run. The analysis then
 * resolves each import, and finds nothing where the module does not in fact
 * re-export the SDK.
 */
/**
 * What the pass learnt of a skipped file's text, kept by `--cache` with the
 * file's stat so that a later run need not read it again: `marker: false`,
 * it holds no local import marker (`./`); `imports`, its `localImports`.
 */
export interface SkipFacts {
  marker?: false;
  imports?: string[];
}

/** The names a file's imports may end with (`ReExports.importedNames`); none: it has no local import. */
type ImportedNames = { names: string[]; nameless: boolean } | 'none';

interface Skipped {
  file: DiscoveredFile;
  /** Known from an earlier run, the file unchanged since (taken when the pass runs), or learnt this run. */
  facts?: SkipFacts | (() => SkipFacts);
  /** Read from its bytes this run. */
  names?: ImportedNames;
  /** The front end that reads it, if it has a re-export pass (asked once: each round meets every file). */
  frontEnd?: FrontEnd | null;
}

export class ReExportPass {
  /** Files that name the SDK and may hand it on (`moduleKey`). */
  private readonly reExporters = new Set<string>();
  private skipped: Skipped[] = [];
  /** Skipped files whose text was read this run (not known unchanged from `--cache`). */
  private read = 0;
  /** One string for each name seen: thousands of files import the same few. */
  private readonly interned = new Map<string, string>();

  /** `onFacts` hears what the pass learns of a skipped file's text (`--cache` keeps it). */
  constructor(
    private readonly frontEnds: readonly FrontEnd[],
    private readonly onFacts?: (file: DiscoveredFile, facts: SkipFacts) => void,
  ) {}

  /** A file that names the SDK, with its text; whether it may hand the SDK on. */
  noteCandidate(file: DiscoveredFile, text: string): boolean {
    const frontEnd = frontEndFor(file.absolutePath, this.frontEnds);
    const reExports = frontEnd?.reExports?.mayReExportSdk(text) === true;
    if (reExports) this.reExporters.add(moduleKey(frontEnd!, file.absolutePath));
    return reExports;
  }

  /** A file that names the SDK and may hand it on, as `--cache` recorded it (its text unread). */
  noteReExporter(file: DiscoveredFile): void {
    const frontEnd = frontEndFor(file.absolutePath, this.frontEnds);
    if (frontEnd?.reExports) this.reExporters.add(moduleKey(frontEnd, file.absolutePath));
  }

  /**
   * A source file the first pass skipped (it names no SDK package), with its
   * bytes as read (what they tell comes back, for the cache), or the facts
   * `--cache` kept of it (unchanged, unread; asked for only if the pass runs).
   * What its bytes tell the pass (`learnFrom`) is taken now once the pass is
   * sure to run (a module that may re-export the SDK was seen), so that it
   * is not read again.
   */
  noteSkipped(file: DiscoveredFile, from: { bytes: Buffer } | { facts: () => SkipFacts }): SkipFacts {
    if ('facts' in from) {
      this.skipped.push({ file, facts: from.facts });
      return {};
    }
    this.read++;
    const skipped: Skipped = { file };
    const frontEnd = this.frontEndOf(skipped);
    const marker = frontEnd?.reExports.localImportMarker;
    skipped.facts = marker !== undefined && !from.bytes.includes(marker) ? { marker: false } : {};
    if (frontEnd && this.reExporters.size > 0) this.learnFrom(skipped, frontEnd.reExports, from.bytes);
    this.skipped.push(skipped);
    return skipped.facts;
  }

  /**
   * All this pass's outcome depends on besides the skipped files' texts (for
   * `--cache`), and whether every skipped file is known unchanged.
   */
  inputs(): { reExporters: string[]; skipped: string[]; unchanged: boolean } {
    return { reExporters: [...this.reExporters], skipped: this.skipped.map(({ file }) => file.path), unchanged: this.read === 0 };
  }

  /** The skipped files at these paths: importers found by an earlier run over the same, unchanged, files. */
  skippedAt(paths: readonly string[]): DiscoveredFile[] {
    const byPath = new Map(this.skipped.map(({ file }) => [file.path, file]));
    return paths.flatMap((name) => byPath.get(name) ?? []);
  }

  /** The skipped files that import a module the SDK may come through, with their texts (undefined: no longer readable). */
  importers(): Array<{ file: DiscoveredFile; text: string | undefined }> {
    const found: Array<{ file: DiscoveredFile; text: string | undefined }> = [];
    let fresh = [...this.reExporters];
    for (let round = 0; round < maxRounds && fresh.length > 0 && this.skipped.length > 0; round++) {
      const targets = new Targets(fresh);
      const left: Skipped[] = [];
      fresh = [];
      for (const skipped of this.skipped) {
        const { file } = skipped;
        const frontEnd = this.frontEndOf(skipped);
        if (typeof skipped.facts === 'function') skipped.facts = skipped.facts();
        const text = frontEnd ? this.importerText(skipped, frontEnd, targets) : 'no';
        if (text === 'no') {
          left.push(skipped);
          continue;
        }
        found.push({ file, text });
        // It may hand the SDK on in turn (`export * from './sdk'`).
        if (text !== undefined) fresh.push(moduleKey(frontEnd!, file.absolutePath));
      }
      this.skipped = left;
    }
    return found;
  }

  /**
   * The text of `skipped` if it imports one of `targets` (undefined: it can
   * no longer be read, and the analysis reports why), or `no`. Its bytes are
   * read at most once, and its imports only where a name matches.
   */
  private importerText(skipped: Skipped, { id, reExports }: FrontEnd & { reExports: ReExports }, targets: Targets): string | undefined | 'no' {
    const { file } = skipped;
    let bytes: Buffer | undefined;
    let text: string | undefined;
    const read = (): Buffer => (bytes ??= readBytes(file.absolutePath));
    const decoded = (): string => (text ??= read().toString('utf8'));
    try {
      if (!factsOf(skipped).imports && factsOf(skipped).marker !== false && skipped.names === undefined) {
        this.learnFrom(skipped, reExports, read());
        const { imports } = factsOf(skipped);
        if (imports) this.onFacts?.(file, { imports });
      }
      let { imports } = factsOf(skipped);
      if (!imports) {
        if (factsOf(skipped).marker === false || !targets.mayBeNamed(id, skipped.names!, file.absolutePath)) return 'no';
        imports = localImportsOf(reExports, decoded(), file.absolutePath);
        skipped.facts = { ...factsOf(skipped), imports };
        skipped.names = undefined;
        this.onFacts?.(file, { imports });
      }
      return importsAny(id, imports, targets) ? decoded() : 'no';
    } catch {
      // It was read a moment ago: the analysis reads it again and reports why it cannot.
      return undefined;
    }
  }

  /**
   * What the bytes of a skipped file tell the pass: with `--cache`, its
   * imports, which the cache keeps for the next run; otherwise the names
   * they may end with, which cost less to read.
   */
  private learnFrom(skipped: Skipped, reExports: ReExports, bytes: Buffer): void {
    const facts = factsOf(skipped);
    if (facts.marker === false) skipped.names = 'none';
    else if (this.onFacts) skipped.facts = { ...facts, imports: localImportsOf(reExports, bytes.toString('utf8'), skipped.file.absolutePath) };
    else skipped.names = this.namesOf(reExports, bytes);
  }

  /** The front end of a skipped file, when it has a re-export pass. */
  private frontEndOf(skipped: Skipped): (FrontEnd & { reExports: ReExports }) | undefined {
    if (skipped.frontEnd === undefined) {
      const frontEnd = frontEndFor(skipped.file.absolutePath, this.frontEnds);
      skipped.frontEnd = frontEnd?.reExports ? frontEnd : null;
    }
    return (skipped.frontEnd ?? undefined) as (FrontEnd & { reExports: ReExports }) | undefined;
  }

  private namesOf(reExports: ReExports, bytes: Buffer): ImportedNames {
    const { names, nameless } = reExports.importedNames(bytes);
    if (names.length === 0 && !nameless) return 'none';
    return {
      names: names.map((name) => {
        const known = this.interned.get(name);
        if (known !== undefined) return known;
        this.interned.set(name, name);
        return name;
      }),
      nameless,
    };
  }
}

/**
 * Modules by `moduleKey`; by front end and last segment for absolute imports
 * (Python's `tools.sdk` may be any `…/tools/sdk`); and the names and folders
 * an import of one of them must write or start from (`mayBeNamed`).
 */
class Targets {
  private readonly keys: Set<string>;
  private readonly byName = new Map<string, string[]>();
  /** By front end: each module's last segment, and a folder's for its `index` or `__init__`. */
  private readonly names = new Map<string, Set<string>>();
  /** `front end:folder`: the folder of each module. */
  private readonly folders = new Set<string>();

  constructor(keys: readonly string[]) {
    this.keys = new Set(keys);
    for (const key of keys) {
      const language = key.slice(0, key.indexOf(':'));
      const module = key.slice(language.length + 1);
      const name = `${language}:${path.posix.basename(module)}`;
      const known = this.byName.get(name);
      if (known) known.push(key);
      else this.byName.set(name, [key]);
      const names = this.names.get(language) ?? new Set<string>();
      this.names.set(language, names.add(path.posix.basename(module)).add(moduleName(module)));
      this.folders.add(`${language}:${path.posix.dirname(module)}`);
    }
  }

  has(key: string): boolean {
    return this.keys.has(key);
  }

  /** Whether some module of the front end `language` has a key ending with `tail` (`/tools/sdk`). */
  endingWith(language: string, tail: string): boolean {
    return (this.byName.get(`${language}:${tail.slice(tail.lastIndexOf('/') + 1)}`) ?? []).some((key) => key.endsWith(tail));
  }

  /**
   * Whether a file at `file` whose imports may end with `imported` can import
   * one of these modules: it writes a module's name, or it has a nameless
   * import (`'..'`) and a module's folder holds it (`ReExports.importedNames`).
   */
  mayBeNamed(language: string, imported: ImportedNames, file: string): boolean {
    if (imported === 'none') return false;
    const names = this.names.get(language);
    if (names && imported.names.some((name) => names.has(name))) return true;
    if (!imported.nameless) return false;
    for (let folder = path.posix.dirname(file.split(path.sep).join('/')); ; folder = path.posix.dirname(folder)) {
      if (this.folders.has(`${language}:${folder}`)) return true;
      if (folder === path.posix.dirname(folder)) return false;
    }
  }
}

/** What the pass knows of a skipped file's text, once `--cache`'s record of it is taken. */
function factsOf(skipped: Skipped): SkipFacts {
  return (skipped.facts ?? {}) as SkipFacts;
}

/** The modules `text` in `file` may import: local ones (`/a/b`), and absolute ones as `*\/a/b`. */
function localImportsOf(reExports: ReExports, text: string, file: string): string[] {
  return reExports.localImports(text, file, (from, to) => path.resolve(path.dirname(from), to).split(path.sep).join('/'));
}

/** Whether one of `imports` is one of `targets`: a module of the importer's own front end (`language`). */
function importsAny(language: string, imports: readonly string[], targets: Targets): boolean {
  // An absolute import (a leading `*`): any module of the same front end whose path ends with its name.
  return imports.some((module) => (module.startsWith('*/') ? targets.endingWith(language, module.slice(1)) : targets.has(`${language}:${module}`)));
}

/** The name an importer writes for a module: `sdk` for `…/sdk.ts`, the folder for an `index` or `__init__`. */
function moduleName(file: string): string {
  const name = path.posix.basename(file);
  return name === 'index' || name === '__init__' ? path.posix.basename(path.posix.dirname(file)) : name;
}

/** A module by front end and path without extension, with `/`: `python:/src/sdk`. */
function moduleKey(frontEnd: FrontEnd, file: string): string {
  const posix = file.split(path.sep).join('/');
  return `${frontEnd.id}:${posix.slice(0, posix.length - path.posix.extname(posix).length)}`;
}
