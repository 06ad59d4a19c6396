import { defaultProviders, providerFactories } from '../../model/providers.js';
import { packagePattern, typeScriptProviderPackages, typeScriptSdkPackages } from '../../model/sdk-modules.js';

const extensions = /\.(?:[cm]?[jt]sx?)$/i;

/** TypeScript and JavaScript sources; declaration files hold no agent code. */
export function isTypeScriptPath(path: string): boolean {
  return extensions.test(path) && !/\.d\.[cm]?ts$/i.test(path);
}

/**
 * A cheap text check: could this file use the SDK at all? It must name the
 * package as a module: `from '…'`, `import '…'`, `import('…')`,
 * `require('…')`. A bundle that merely holds the name in a string (the SDK's
 * own `sdk.mjs` does) never binds anything from it, so the front end would
 * find nothing there: the check spares it a parse of megabytes.
 */
export function mentionsSdk(text: string): boolean {
  return (typeScriptSdkPackages.some((name) => text.includes(name)) && sdkSpecifier.test(text)) || mentionsProvider(text);
}

/**
 * The byte string every file that uses the AI SDK provider holds: the end
 * of its entry points' names (`createClaudeCode`, `claudeCode`).
 */
export const providerMarker = 'laudeCode';

/**
 * The AI SDK provider's entry points, imported from its package or from a
 * relative path: its own repository imports its build (`../dist/index.js`),
 * which the project pass tells by the package.json there.
 */
function mentionsProvider(text: string): boolean {
  return providerName.test(text) && providerSpecifier.test(text);
}

const providerName = new RegExp(String.raw`\b(?:${[...providerFactories, ...defaultProviders].join('|')})\b`);

/**
 * Blanks and comments, which may stand between the keyword, the parenthesis
 * and the string: a comment there must not hide the import. Each part
 * matches one way only, so a long run of blanks costs linear time; a
 * block comment is bounded (1,000 characters), so unclosed ones cost
 * linear time too (docs/architecture.md says what that can still miss).
 */
const gap = String.raw`(?:\s|//[^\n]*(?:\n|$)|/\*(?:[^*]|\*(?!/)){0,1000}\*/)*`;
const sdkSpecifier = new RegExp(String.raw`(?:\bfrom|\bimport|\brequire)${gap}(?:\(${gap})?['"\x60]${packagePattern(typeScriptSdkPackages)}\b`);
const providerSpecifier = new RegExp(String.raw`(?:\bfrom|\bimport|\brequire)${gap}(?:\(${gap})?['"\x60](?:${packagePattern(typeScriptProviderPackages)}\b|\.{1,2}\/)`);

/**
 * Whether a file that names the SDK may hand it on to modules that import
 * it: `export … from`, `export *`, `export { … }`, `module.exports`; or a
 * wrapper of it, whose callers there give its parameters their values
 * (`export function runAgent(options)`). A superset: the analysis decides
 * what is re-exported and what is called.
 */
export function mayReExportSdk(text: string): boolean {
  return /\bexport\b|\bmodule\.exports\b|\bexports\.\w/.test(text);
}

/** A module specifier after `from`, `import`, `import(`, `require(`: group 1. Bounded, so it costs linear time. */
const specifier = new RegExp(String.raw`(?:\bfrom|\bimport|\brequire)${gap}(?:\(${gap})?['"\x60]([^'"\x60\n]{1,300})['"\x60]`, 'g');

/**
 * The files (absolute, without extension) that the relative imports of
 * `text` in `fromFile` may name: `./sdk` and `./sdk.js` both name `…/sdk`;
 * a folder also names its `index`.
 */
export function localImports(text: string, fromFile: string, resolve: (from: string, to: string) => string): string[] {
  const found: string[] = [];
  for (const [, module] of text.matchAll(specifier)) {
    if (!/^\.{1,2}(?:\/|$)/.test(module!)) continue;
    const target = resolve(fromFile, module!).replace(/\.[cm]?[jt]sx?$/i, '');
    found.push(target, `${target}/index`);
  }
  return found;
}

const quoteDots = ["'.", '".', '`.'].map((needle) => Buffer.from(needle));
const quoteBytes = new Set([0x27, 0x22, 0x60, 0x0a]);

/**
 * A cheap superset of the modules `localImports` can name, from the bytes:
 * every path segment (without its extension) of each quoted string that
 * starts with a dot, which every relative specifier is (`'./lib/sdk.js'`:
 * `lib`, `sdk`). `nameless`: a specifier whose last named segment is not
 * where it leads (`'..'`, `'./a/..'`), which names a folder above the file.
 */
export function importedNames(bytes: Buffer): { names: string[]; nameless: boolean } {
  const names = new Set<string>();
  let nameless = false;
  for (const needle of quoteDots) {
    for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) {
      let end = at + 1;
      // Bytes, not characters: 1,200 bytes hold any 300-character specifier.
      const stop = Math.min(bytes.length, at + 1201);
      while (end < stop && !quoteBytes.has(bytes[end]!)) end++;
      const segments = bytes.toString('utf8', at + 1, end).split('/');
      const named = segments.findIndex((segment) => segment !== '.' && segment !== '..' && segment !== '');
      if (named < 0 || segments.slice(named).some((segment) => segment === '.' || segment === '..')) nameless = true;
      for (const segment of segments) {
        const name = segment === '.' || segment === '..' ? '' : segment.replace(/\.[cm]?[jt]sx?$/i, '');
        if (name !== '') names.add(name);
      }
    }
  }
  return { names: [...names], nameless };
}
