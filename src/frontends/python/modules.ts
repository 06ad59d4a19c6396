import path from 'node:path';

/**
 * Python module resolution within a project, as the interpreter would find
 * the modules when the entry script runs: relative imports from the
 * importing file's package, absolute ones from the script's folder and from
 * the folder above its top-level package. Modules found nowhere there (the
 * standard library, installed packages) are not the project's.
 */
export class ModuleResolution {
  constructor(private readonly exists: (file: string) => boolean) {}

  /** The file `module` names when imported from `fromFile`: `x.py` or `x/__init__.py`. */
  resolve(module: string, fromFile: string): string | undefined {
    const dots = /^\.*/.exec(module)![0].length;
    const parts = module.slice(dots).split('.').filter((part) => part !== '');
    if (dots > 0) {
      let base = path.dirname(fromFile);
      for (let level = 1; level < dots; level++) base = path.dirname(base);
      return this.find(base, parts);
    }
    for (const root of this.roots(fromFile)) {
      const found = this.find(root, parts);
      if (found) return found;
    }
    return undefined;
  }

  private find(base: string, parts: readonly string[]): string | undefined {
    const target = path.join(base, ...parts);
    if (parts.length > 0 && this.exists(`${target}.py`)) return `${target}.py`;
    const init = path.join(target, '__init__.py');
    return this.exists(init) ? init : undefined;
  }

  /** The folders an absolute import is looked up in. */
  private roots(fromFile: string): string[] {
    const scriptFolder = path.dirname(fromFile);
    let top = scriptFolder;
    while (this.exists(path.join(top, '__init__.py')) && path.dirname(top) !== top) top = path.dirname(top);
    return top === scriptFolder ? [scriptFolder] : [scriptFolder, top];
  }
}
