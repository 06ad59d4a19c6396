import type { AgentModel, Span } from '../model/types.js';

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
