import path from 'node:path';
import { ModuleResolution as PythonResolution } from '../../frontends/python/modules.js';
import { isPythonPath } from '../../frontends/python/prefilter.js';
import ts from '../../frontends/typescript/compiler.cjs';
import { ModuleResolution, type ResolutionHost } from '../../frontends/typescript/module-resolution.js';
import { isTypeScriptPath } from '../../frontends/typescript/prefilter.js';
import { pythonSpecifiers } from './python-imports.js';
import { relativeTo, underBase, type Snapshot } from './snapshot.js';

/**
 * The imports between a snapshot's modules, resolved by the front ends' own
 * resolvers (tsconfig `paths`, index files, Python packages) against the
 * snapshot, as if it were checked out at `base`. Loaded only when a staged
 * check has code to follow: it loads the TypeScript compiler.
 */
export class ImportGraph {
  private readonly edges = new Map<string, string[]>();
  /** Every file resolution looked at and found (tsconfig.json, package.json, `__init__.py`): a checkout must hold them for the scan to resolve alike. */
  readonly consulted = new Set<string>();
  private readonly typescript: ModuleResolution;
  private readonly python: PythonResolution;

  constructor(
    private readonly snapshot: Snapshot,
    private readonly base: string,
  ) {
    const exists = (absolute: string): boolean => this.found(relativeTo(base, absolute), (file) => snapshot.has(file));
    const host: ResolutionHost = {
      fileExists: exists,
      readFile: (absolute) => {
        const file = relativeTo(base, absolute);
        const text = file === undefined ? undefined : snapshot.text(file);
        if (text !== undefined) this.consulted.add(file!);
        return text;
      },
      directoryExists: (absolute) => {
        const folder = relativeTo(base, absolute);
        return folder !== undefined && snapshot.isFolder(folder);
      },
      getCurrentDirectory: () => base,
      useCaseSensitiveFileNames: true,
      // Only the options of a tsconfig matter here, never the files it includes.
      readDirectory: () => [],
    };
    this.typescript = new ModuleResolution(host);
    this.python = new PythonResolution(exists);
  }

  /**
   * Read `files` in one batch, with the files resolving their imports reads
   * first (tsconfig.json, package.json, `__init__.py` in the folders above):
   * asked one by one, each would be a git process of its own.
   */
  prefetch(files: readonly string[]): void {
    const wanted = new Set(files);
    for (const file of files) {
      for (let folder = path.posix.dirname(file); ; folder = path.posix.dirname(folder)) {
        for (const name of resolutionFiles) wanted.add(folder === '.' ? name : `${folder}/${name}`);
        if (folder === '.') break;
      }
    }
    this.snapshot.prefetch([...wanted].filter((file) => this.snapshot.has(file)));
  }

  /** The snapshot's files that `file` imports (re-exports, requires), each once. */
  importsOf(file: string): string[] {
    let targets = this.edges.get(file);
    if (!targets) {
      const text = this.snapshot.text(file) ?? '';
      const from = underBase(this.base, file);
      const resolve = isPythonPath(file) ? (module: string) => this.python.resolve(module, from) : (module: string) => this.typescript.resolve(module, from);
      const specifiers = isPythonPath(file) ? pythonSpecifiers(text) : isTypeScriptPath(file) ? typeScriptSpecifiers(text) : [];
      const found = new Set<string>();
      for (const specifier of specifiers) {
        const target = resolve(specifier);
        const relative = target === undefined ? undefined : relativeTo(this.base, target);
        if (relative !== undefined && this.snapshot.has(relative)) found.add(relative);
      }
      targets = [...found];
      this.edges.set(file, targets);
    }
    return targets;
  }

  private found(file: string | undefined, test: (file: string) => boolean): boolean {
    if (file === undefined || !test(file)) return false;
    this.consulted.add(file);
    return true;
  }
}

/** Files module resolution reads in the folders above a module. */
const resolutionFiles = ['tsconfig.json', 'package.json', '__init__.py'];

/** Every module a TypeScript or JavaScript file names in an import, export-from, `require()` or `import()`: the compiler's own pre-processor. */
function typeScriptSpecifiers(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
}
