import type { AgentModel, Span } from '../model/types.js';
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

export interface AnalyzeOptions {
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
