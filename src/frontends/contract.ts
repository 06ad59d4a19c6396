import type { SourceWriter } from '../model/source-writer.js';
import type { AgentModel, Language, Span } from '../model/types.js';
import type { FrontmatterKind } from './frontmatter/paths.js';
import type { ParsedModule } from './python/parse.js';
import type ts from './typescript/compiler.cjs';

/** A place where a file is not valid in its language, with what is wrong there. */
export interface SyntaxError {
  span: Span;
  message: string;
}

/** What a front end makes of one file: its agent model, and its syntax errors. */
export interface FrontEndResult {
  /** Undefined when the file cannot hold agent code. */
  model?: AgentModel;
  syntaxErrors: SyntaxError[];
}

export interface Analysis extends FrontEndResult {
  /**
   * Undefined when the prefilter showed the file cannot hold agent code, or
   * with `deferCrossing` when `crossesModules` is set.
   */
  model?: AgentModel;
  syntaxErrors: SyntaxError[];
  /**
   * Following imports could change the model: a value came from another
   * module, or the file has options another module may use. `scan` analyses
   * such files again in its project pass.
   */
  crossesModules?: boolean;
  /**
   * With `crossesModules`: the file's parse, which the project pass can use
   * again for the same text. Never sent between threads (a worker drops it).
   */
  parsed?: ParsedSource;
}

export interface AnalyseOptions {
  /**
   * A project pass analyses the files that cross modules again (`scan`): such
   * a file gets no model here, only `crossesModules`, its syntax errors and its parse.
   */
  deferCrossing?: boolean;
  /** Analyse the file even if it names no SDK package (`--no-prefilter`). */
  everyFile?: boolean;
}

/** A TypeScript/JavaScript syntax tree or a Python module, as its front end parsed it. */
export type ParsedSource = ts.SourceFile | ParsedModule;

/** What a front end's analysis reads besides the file itself. */
export interface SourceOptions extends AnalyseOptions {
  /** Reads other files the model needs (a settings file's hook scripts); without it they are not looked at. */
  readFile?: (path: string) => string | undefined;
  /** A plugin's skill, command or agent file, whatever its name (`DiscoveredFile.frontmatter`). */
  frontmatter?: FrontmatterKind;
}

/** What the project pass reads: files' texts (byte order mark removed) and earlier parses by path. */
export interface ProjectHost {
  readFile(path: string): string | undefined;
  /** A parse made earlier from `path`, used again when its text is the text just read. */
  parsed?(path: string): ParsedSource | undefined;
}

/** Files of one language analysed together, following the values that cross their modules. */
export interface ProjectPass {
  /** The models of `paths`. */
  analyse(paths: readonly string[]): Map<string, Analysis>;
  /** Other files that imports led to, with their syntax errors (a value there may be cut short). */
  importedFiles(paths: readonly string[]): Array<{ path: string; errors: SyntaxError[] }>;
  /**
   * The project's files that `path` imports, re-exports or requires (a
   * superset is fine: only a missing one matters), read without keeping its
   * parse: the scan analyses files that reach no module in common apart
   * (without it, all of this front end's files together).
   */
  linkedModules?(path: string): string[];
}

/** A front end's analysis, loaded with its parser (`FrontEnd.load`). */
export interface FrontEndAnalysis {
  /** One file's model from its text, byte order mark removed. */
  analyse(text: string, path: string, options: SourceOptions): Analysis;
  /** The project pass, for a language whose files import each other. */
  project?(host: ProjectHost): ProjectPass;
}

/**
 * The prefilter's second pass (src/engine/re-export-pass.ts), for a language
 * whose modules can hand the SDK on to the modules that import them.
 */
export interface ReExports {
  /** Whether a file that names the SDK may hand it on (a superset: the analysis decides). */
  mayReExportSdk(text: string): boolean;
  /**
   * The files (absolute, without extension, `/` separators) that the imports
   * of `text` in `fromFile` may name; `*\/a/b` names any file whose path ends so.
   */
  localImports(text: string, fromFile: string, resolve: (from: string, to: string) => string): string[];
  /** Bytes every local import of the language holds (TypeScript's relative `./`); none: any file may import locally. */
  localImportMarker?: string;
  /**
   * A cheap superset of what `localImports` can name, from the bytes: a file
   * it names ends with one of `names` (a folder's `index` or `__init__`: or
   * the folder does), unless `nameless` and the file's own folder lies
   * under that file's folder (`'..'`, `from . import x`).
   */
  importedNames(bytes: Buffer): { names: string[]; nameless: boolean };
}

/**
 * A front end as the engine and the edges see it: which files it reads, how
 * the prefilter tells one that cannot hold agent code, how its languages
 * write suggestions, and how to load its analysis. The engine chooses a
 * front end only through this, so a new language is a new entry.
 */
export interface FrontEnd {
  id: string;
  /** Whether it reads a file with this name. */
  handles(path: string): boolean;
  /** It reads files no front end handles, when asked to (the ESLint adapter can be handed any file). */
  fallback?: boolean;
  /**
   * Byte strings one of which a file must hold to be analysed (its SDK's
   * package names), then `mentionsSdk` on the decoded text. Undefined: every
   * file it reads may matter (a settings or skill file).
   */
  prefilter?: { markers: readonly string[]; mentionsSdk(text: string): boolean };
  /** How the SDK may come in through a local module that re-exports it. */
  reExports?: ReExports;
  /** Git pathspecs (globs) of the files whose text `scan --staged` searches for the markers; with `prefilter`. */
  pathspecs?: readonly string[];
  /** ESLint lints such files with toolgate's rules (Python needs `scan`: ESLint has no Python parser, and toolgate's loads asynchronously). */
  inEslint: boolean;
  /** The source writer of each language it builds models in. */
  writers: Partial<Record<Language, (model: AgentModel) => SourceWriter>>;
  /** Its analysis with its parser, loaded on first use: parsers take longer to load than most trees take to scan. */
  load(): Promise<FrontEndAnalysis>;
}
