import { packagePattern, pythonSdkPackages } from '../../model/sdk-modules.js';

/** Python sources; stub files (`.pyi`) hold no agent code. */
export function isPythonPath(path: string): boolean {
  return /\.py$/i.test(path);
}

/** A cheap text check: could this file use the SDK at all? */
export function mentionsSdk(text: string): boolean {
  return sdkName.test(text);
}

const sdkName = new RegExp(String.raw`\b${packagePattern(pythonSdkPackages)}\b`);

/**
 * Whether a module that names the SDK may hand it on: in Python every name a
 * module imports can be imported from it (`from .sdk import query`), so
 * each one may.
 */
export function mayReExportSdk(_text: string): boolean {
  return true;
}

/** `from .a.b import c, d` (groups: dots, module, names) and `import a.b` (group 4). Bounded: linear time. */
const imports = /^[ \t]*(?:from[ \t]+(\.{0,10})([\w.]{0,300})[ \t]+import[ \t]*\(?([\w \t,\\\n]{0,2000})|import[ \t]+([\w.]{1,300}))/gm;

/**
 * The files (absolute, without `.py`) that the imports of `text` in
 * `fromFile` may name, a package as its `__init__`. Absolute imports are
 * kept as dotted names, which match any file whose path ends so (the
 * analysis resolves them exactly): a superset.
 */
export function localImports(text: string, fromFile: string, resolve: (from: string, to: string) => string): string[] {
  const found: string[] = [];
  const add = (module: string): void => void found.push(module, `${module}/__init__`);
  for (const [, dots, module, names, plain] of text.matchAll(imports)) {
    if (plain !== undefined) {
      add(`*/${plain.replaceAll('.', '/')}`);
      continue;
    }
    const parts = module!.split('.').filter((part) => part !== '');
    let base = dots ? resolve(fromFile, '.') : `*`;
    for (let level = 1; level < dots!.length; level++) base = resolve(`${base}/x`, '..');
    const target = [base, ...parts].join('/');
    add(target);
    // `from . import sdk`: a name may be a submodule.
    for (const name of (names ?? '').split(/[\s,()\\]+/)) if (/^\w+$/.test(name) && name !== 'as') add(`${target}/${name}`);
  }
  return found;
}

/**
 * A cheap superset of the modules `localImports` can name: every word of
 * each import (each dotted part, each imported name). `nameless`: a
 * relative import without a module (`from . import x`, `from .. import *`),
 * which names the package that holds the file.
 */
export function importedNames(bytes: Buffer): { names: string[]; nameless: boolean } {
  const names = new Set<string>();
  let nameless = false;
  if (!bytes.includes('import')) return { names: [], nameless };
  for (const [, dots, module, listed, plain] of bytes.toString('utf8').matchAll(imports)) {
    if (dots && module === '') nameless = true;
    for (const word of `${module ?? ''} ${listed ?? ''} ${plain ?? ''}`.split(/[^\w]+/)) if (word !== '') names.add(word);
  }
  return { names: [...names], nameless };
}
