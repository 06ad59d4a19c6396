import path from 'node:path';
import { isPythonPath, localImports as pythonImports, mayReExportSdk as pythonMayReExport } from '../frontends/python/prefilter.js';
import { localImports as typeScriptImports, mayReExportSdk as typeScriptMayReExport } from '../frontends/typescript/prefilter.js';
import type { DiscoveredFile } from './discover.js';
import { readBytes } from './read-source.js';

/** How many times importers of importers are looked for: chains of re-exporting modules are short. */
const maxRounds = 8;
/** Names searched for one by one in each skipped file's bytes; with more, each file's imports are read instead. */
const maxNameSearches = 8;
const relativePath = Buffer.from('./');

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
export class ReExportPass {
  /** Files that name the SDK and may hand it on (`moduleKey`). */
  private readonly reExporters = new Set<string>();
  private skipped: DiscoveredFile[] = [];

  /** A file that names the SDK, with its text. */
  noteCandidate(file: DiscoveredFile, text: string): void {
    if ((isPythonPath(file.absolutePath) ? pythonMayReExport : typeScriptMayReExport)(text)) this.reExporters.add(moduleKey(file.absolutePath));
  }

  /** A source file the first pass skipped: it names no SDK package. */
  noteSkipped(file: DiscoveredFile): void {
    this.skipped.push(file);
  }

  /** The skipped files that import a module the SDK may come through, with their texts (undefined: no longer readable). */
  importers(): Array<{ file: DiscoveredFile; text: string | undefined }> {
    const found: Array<{ file: DiscoveredFile; text: string | undefined }> = [];
    let fresh = [...this.reExporters];
    for (let round = 0; round < maxRounds && fresh.length > 0 && this.skipped.length > 0; round++) {
      const names = [...new Set(fresh.map((key) => Buffer.from(moduleName(key.slice(3)))))];
      // Each name is a search of every skipped file: past a few, reading their imports costs less (a tree of agent code has hundreds).
      const byName = names.length <= maxNameSearches;
      const targets = new Targets(fresh);
      const left: DiscoveredFile[] = [];
      fresh = [];
      for (const file of this.skipped) {
        let text: string | undefined;
        try {
          const bytes = readBytes(file.absolutePath);
          const python = isPythonPath(file.absolutePath);
          // Without names, a TypeScript or JavaScript importer still writes a relative path (`./`, `../`).
          if (byName ? !names.some((name) => bytes.includes(name)) : !python && !bytes.includes(relativePath)) {
            left.push(file);
            continue;
          }
          text = bytes.toString('utf8');
        } catch {
          // It was read a moment ago: the analysis reads it again and reports why it cannot.
          found.push({ file, text: undefined });
          continue;
        }
        if (!importsAny(text, file.absolutePath, targets)) {
          left.push(file);
          continue;
        }
        found.push({ file, text });
        // It may hand the SDK on in turn (`export * from './sdk'`).
        fresh.push(moduleKey(file.absolutePath));
      }
      this.skipped = left;
    }
    return found;
  }
}

/** Modules by `moduleKey`, and by their last segment for Python's absolute imports (`tools.sdk` may be any `…/tools/sdk`). */
class Targets {
  private readonly keys: Set<string>;
  private readonly pythonByName = new Map<string, string[]>();

  constructor(keys: readonly string[]) {
    this.keys = new Set(keys);
    for (const key of keys) {
      if (!key.startsWith('py:')) continue;
      const name = key.slice(key.lastIndexOf('/') + 1);
      const known = this.pythonByName.get(name);
      if (known) known.push(key);
      else this.pythonByName.set(name, [key]);
    }
  }

  has(key: string): boolean {
    return this.keys.has(key);
  }

  /** Whether some Python module's key ends with `tail` (`/tools/sdk`). */
  pythonEndingWith(tail: string): boolean {
    return (this.pythonByName.get(tail.slice(tail.lastIndexOf('/') + 1)) ?? []).some((key) => key.endsWith(tail));
  }
}

/** Whether `text` imports one of `targets`: a module of its own language. */
function importsAny(text: string, file: string, targets: Targets): boolean {
  const python = isPythonPath(file);
  const language = python ? 'py:' : 'ts:';
  const imports = (python ? pythonImports : typeScriptImports)(text, file, (from, to) => path.resolve(path.dirname(from), to).split(path.sep).join('/'));
  // A Python absolute import (a leading `*`): any module whose path ends with its name.
  return imports.some((module) => (module.startsWith('*/') ? python && targets.pythonEndingWith(module.slice(1)) : targets.has(language + module)));
}

/** The name an importer writes for a module: `sdk` for `…/sdk.ts`, the folder for an `index` or `__init__`. */
function moduleName(file: string): string {
  const name = path.posix.basename(file);
  return name === 'index' || name === '__init__' ? path.posix.basename(path.posix.dirname(file)) : name;
}

/** A module by language and path without extension, with `/`: `py:/src/sdk`. */
function moduleKey(file: string): string {
  return (isPythonPath(file) ? 'py:' : 'ts:') + file.split(path.sep).join('/').replace(/\.(?:[cm]?[jt]sx?|py)$/i, '');
}
