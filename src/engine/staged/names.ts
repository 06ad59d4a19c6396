import path from 'node:path';
import { isPythonPath } from '../../frontends/python/prefilter.js';
import { isTypeScriptPath } from '../../frontends/typescript/prefilter.js';
import { pythonSpecifiers } from './python-imports.js';
import type { Snapshot } from './snapshot.js';

/**
 * Whether some agent file could import a changed file, through any chain of
 * modules, by a test that needs no compiler: an import's last segment
 * (`./tools/consts.js` → `consts`, `agent.consts` → `consts`) is matched
 * with every file of that name (`consts.ts`, `consts/index.ts`,
 * `consts/__init__.py`) wherever it is. Each import so leads to at least
 * the file the resolver would choose, so a `false` is certain. What the
 * names cannot follow says `true`: tsconfig `paths`, `#` imports, a folder
 * whose `package.json` names its entry.
 * A repository with agent code then loads the TypeScript compiler for a
 * staged change only when the change may reach that code.
 */
export function mayReach(snapshot: Snapshot, agents: readonly string[], changed: ReadonlySet<string>): boolean {
  // A deleted file is no node of this snapshot to be reached.
  if ([...changed].some((file) => !snapshot.has(file))) return true;
  const byName = new Map<string, string[]>();
  const packageFolders = new Set<string>();
  for (const file of snapshot.entries.keys()) {
    const base = path.posix.basename(file);
    if (base === 'package.json') packageFolders.add(path.posix.basename(path.posix.dirname(file)));
    if (/^(?:tsconfig|jsconfig)[^/]*\.json$/.test(base) && /"paths"\s*:/.test(snapshot.text(file) ?? '')) return true;
    if (!isTypeScriptPath(file) && !isPythonPath(file)) continue;
    const name = moduleName(file);
    byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  const seen = new Set(agents);
  const queue = [...agents];
  snapshot.prefetch(queue);
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (changed.has(file)) return true;
    const text = snapshot.text(file) ?? '';
    const specifiers = isPythonPath(file) ? pythonSpecifiers(text) : typeScriptSpecifiers(text);
    for (const specifier of specifiers) {
      const name = lastSegment(specifier, isPythonPath(file));
      if (specifier.startsWith('#') || packageFolders.has(name)) return true;
      for (const target of name === '' ? indexesAbove(snapshot, file) : (byName.get(name) ?? [])) {
        if (!seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
      }
    }
  }
  return false;
}

/** What an import names last: `consts` for `./tools/consts.js` or `agent.consts`; `''` for `.`, `..`, `./`; undefined when it cannot say. */
function lastSegment(specifier: string, python: boolean): string {
  if (python) return specifier.replace(/^\.+/, '').split('.').at(-1)!;
  const last = specifier.split('/').at(-1)!;
  return last === '.' || last === '..' ? '' : last.replace(/\.(?:[cm]?[jt]sx?)$/i, '');
}

/** `index.*` and `__init__.py` files in the folders at and above a file: what `.`, `..` and `from . import` can name. */
function indexesAbove(snapshot: Snapshot, file: string): string[] {
  const found: string[] = [];
  for (let folder = path.posix.dirname(file); ; folder = path.posix.dirname(folder)) {
    const prefix = folder === '.' ? '' : `${folder}/`;
    for (const name of ['index.ts', 'index.tsx', 'index.mts', 'index.cts', 'index.js', 'index.jsx', 'index.mjs', 'index.cjs', '__init__.py']) {
      if (snapshot.has(`${prefix}${name}`)) found.push(`${prefix}${name}`);
    }
    if (folder === '.') return found;
  }
}

/** The name an import of `file` ends with: its base name, or its folder's for an `index.*` or `__init__.py`. */
function moduleName(file: string): string {
  const base = path.posix.basename(file);
  return /^(?:index\.[^.]+|__init__\.py)$/.test(base) ? path.posix.basename(path.posix.dirname(file)) : base.replace(/\.[^.]+$/, '');
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
