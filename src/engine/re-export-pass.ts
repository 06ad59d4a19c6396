import path from 'node:path';
import type { FrontEnd } from '../frontends/contract.js';
import { frontEndFor } from '../frontends/registry.js';
import type { DiscoveredFile } from './discover.js';
import { readBytes } from './read-source.js';

/** How many times importers of importers are looked for: chains of re-exporting modules are short. */
const maxRounds = 8;
/** Names searched for one by one in each skipped file's bytes; with more, each file's imports are read instead. */
const maxNameSearches = 8;

/**
 * The prefilter's second pass. A file that imports `query` from a local
 * module that re-exports the SDK (`export { query } from '…'`, Python's
 * `from .sdk import query`) names no SDK package, so the first pass skipped
 * it. The first pass notes the files that name the SDK and may re-export it,
 * and the files it skipped; this pass finds, among the skipped ones, those
 * that import one of those modules (a cheap search for the module's name,
 * then for an import of it), and so on along chains of such modules. The
 * analysis then resolves each import, and finds nothing where the module
 * does not in fact re-export the SDK.
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

interface Skipped {
  file: DiscoveredFile;
  /** Known from an earlier run, the file unchanged since (taken when the pass runs); undefined when read this run. */
  facts?: SkipFacts | (() => SkipFacts);
}

export class ReExportPass {
  /** Files that name the SDK and may hand it on (`moduleKey`). */
  private readonly reExporters = new Set<string>();
  private skipped: Skipped[] = [];
  /** Skipped files whose text was read this run (not known unchanged from `--cache`). */
  private read = 0;

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
   */
  noteSkipped(file: DiscoveredFile, from: { bytes: Buffer } | { facts: () => SkipFacts }): SkipFacts {
    if ('facts' in from) {
      this.skipped.push({ file, facts: from.facts });
      return {};
    }
    this.skipped.push({ file });
    this.read++;
    const marker = frontEndFor(file.absolutePath, this.frontEnds)?.reExports?.localImportMarker;
    return marker !== undefined && !from.bytes.includes(marker) ? { marker: false } : {};
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
      const names = [...new Set(fresh.map((key) => Buffer.from(moduleName(key.slice(key.indexOf(':') + 1)))))];
      // Each name is a search of every skipped file: past a few, reading their imports costs less (a tree of agent code has hundreds).
      const byName = names.length <= maxNameSearches;
      const targets = new Targets(fresh);
      const left: Skipped[] = [];
      fresh = [];
      for (const skipped of this.skipped) {
        const { file } = skipped;
        if (typeof skipped.facts === 'function') skipped.facts = skipped.facts();
        const { facts } = skipped;
        const frontEnd = frontEndFor(file.absolutePath, this.frontEnds);
        // Known unchanged: an importer holds the marker and imports a target, whichever search would have read it.
        if (frontEnd?.reExports && facts && ((!byName && facts.marker === false) || (facts.imports && !importsAny(frontEnd, facts.imports, targets)))) {
          left.push(skipped);
          continue;
        }
        let text: string | undefined;
        try {
          const bytes = readBytes(file.absolutePath);
          const marker = frontEnd?.reExports?.localImportMarker;
          // Without names, an importer still writes what every local import of its language holds (TypeScript's `./`, `../`).
          if (byName ? !names.some((name) => bytes.includes(name)) : marker !== undefined && !bytes.includes(marker)) {
            left.push(skipped);
            continue;
          }
          text = bytes.toString('utf8');
        } catch {
          // It was read a moment ago: the analysis reads it again and reports why it cannot.
          found.push({ file, text: undefined });
          continue;
        }
        if (!frontEnd?.reExports) {
          left.push(skipped);
          continue;
        }
        const imports = localImportsOf(frontEnd, text, file.absolutePath);
        if (!facts?.imports) this.onFacts?.(file, { imports });
        if (!importsAny(frontEnd, imports, targets)) {
          left.push(skipped);
          continue;
        }
        found.push({ file, text });
        // It may hand the SDK on in turn (`export * from './sdk'`).
        fresh.push(moduleKey(frontEnd, file.absolutePath));
      }
      this.skipped = left;
    }
    return found;
  }
}

/** Modules by `moduleKey`, and by front end and last segment for absolute imports (Python's `tools.sdk` may be any `…/tools/sdk`). */
class Targets {
  private readonly keys: Set<string>;
  private readonly byName = new Map<string, string[]>();

  constructor(keys: readonly string[]) {
    this.keys = new Set(keys);
    for (const key of keys) {
      const name = `${key.slice(0, key.indexOf(':'))}:${key.slice(key.lastIndexOf('/') + 1)}`;
      const known = this.byName.get(name);
      if (known) known.push(key);
      else this.byName.set(name, [key]);
    }
  }

  has(key: string): boolean {
    return this.keys.has(key);
  }

  /** Whether some module of the front end `language` has a key ending with `tail` (`/tools/sdk`). */
  endingWith(language: string, tail: string): boolean {
    return (this.byName.get(`${language}:${tail.slice(tail.lastIndexOf('/') + 1)}`) ?? []).some((key) => key.endsWith(tail));
  }
}

/** The modules `text` in `file` may import: local ones (`/a/b`), and absolute ones as `*\/a/b`. */
function localImportsOf(frontEnd: FrontEnd, text: string, file: string): string[] {
  return frontEnd.reExports!.localImports(text, file, (from, to) => path.resolve(path.dirname(from), to).split(path.sep).join('/'));
}

/** Whether one of `imports` is one of `targets`: a module of the importer's own front end. */
function importsAny(frontEnd: FrontEnd, imports: readonly string[], targets: Targets): boolean {
  // An absolute import (a leading `*`): any module of the same front end whose path ends with its name.
  return imports.some((module) => (module.startsWith('*/') ? targets.endingWith(frontEnd.id, module.slice(1)) : targets.has(`${frontEnd.id}:${module}`)));
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
