import type { FileProblem } from '../engine/findings.js';
import { escapeForTerminal } from './escape.js';

/** A file that could not be checked, on stderr: `path:line:column: message`, the shape editors and CI logs link to. */
export function describeProblem(problem: FileProblem): string {
  const at = problem.line !== undefined ? `:${problem.line}:${problem.column ?? 1}` : '';
  return escapeForTerminal(`${problem.path}${at}: ${problem.message}`);
}
