import path from 'node:path';
import type { FrontEnd } from '../frontends/contract.js';
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
 * that import one of those modules (a cheap search for the module's name,
 * then for an import of it), and so on along chains of such modules. The
 * analysis then resolves each import, and finds nothing where the module
 * does not in fact re-export the SDK.
 */
export class ReExportPass {
  /** Files that name the SDK and may hand it on (`moduleKey`). */
  private readonly reExporters = new Set<string>();
  private skipped: DiscoveredFile[] = [];

  constructor(private readonly frontEnds: readonly FrontEnd[]) {}

  /** A file that names the SDK, with its text. */
  noteCandidate(file: DiscoveredFile, text: string): void {
    const frontEnd = frontEndFor(file.absolutePath, this.frontEnds);
    if (frontEnd?.reExports?.mayReExportSdk(text)) this.reExporters.add(moduleKey(frontEnd, file.absolutePath));
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
      const names = [...new Set(fresh.map((key) => Buffer.from(moduleName(key.slice(key.indexOf(':') + 1)))))];
      const targets = new Set(fresh);
      const left: DiscoveredFile[] = [];
      fresh = [];
      for (const file of this.skipped) {
        let text: string | undefined;
        try {
          const bytes = readBytes(file.absolutePath);
          if (!names.some((name) => bytes.includes(name))) {
            left.push(file);
            continue;
          }
          text = bytes.toString('utf8');
        } catch {
          // It was read a moment ago: the analysis reads it again and reports why it cannot.
          found.push({ file, text: undefined });
          continue;
        }
        const frontEnd = frontEndFor(file.absolutePath, this.frontEnds);
        if (!frontEnd?.reExports || !importsAny(frontEnd, text, file.absolutePath, targets)) {
          left.push(file);
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

/** Whether `text` imports one of `targets` (`moduleKey`s): a module its own front end reads. */
function importsAny(frontEnd: FrontEnd, text: string, file: string, targets: ReadonlySet<string>): boolean {
  const language = `${frontEnd.id}:`;
  const imports = frontEnd.reExports!.localImports(text, file, (from, to) => path.resolve(path.dirname(from), to).split(path.sep).join('/'));
  return imports.some((module) => {
    if (!module.startsWith('*/')) return targets.has(language + module);
    // A Python absolute import: any module whose path ends with its name.
    const tail = module.slice(1);
    for (const target of targets) if (target.startsWith(language) && target.endsWith(tail)) return true;
    return false;
  });
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
