import { extractTypeScript, isTypeScriptPath } from '../frontends/typescript/index.js';
import type { AgentModel, Span } from '../model/types.js';

export interface SyntaxError {
  span: Span;
  message: string;
}

export interface Analysis {
  /** Undefined when the prefilter showed the file cannot hold agent code. */
  model?: AgentModel;
  syntaxErrors: SyntaxError[];
}

/** Whether some front end reads files with this name. */
export function isSupportedPath(path: string): boolean {
  return isTypeScriptPath(path);
}

/** Strip a byte order mark, as ESLint does, so offsets agree with the editor. */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Build the agent model of one file with the front end for its language. */
export function analyzeText(text: string, path: string): Analysis {
  return extractTypeScript(withoutBom(text), path);
}
