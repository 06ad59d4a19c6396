import type { Analysis } from '../engine/analyze.js';
import { isTypeScriptPath, TypeScriptProject } from '../frontends/typescript/index.js';
import { mentionsSdk } from '../frontends/typescript/sdk.js';
import type { Span } from '../model/types.js';
import { readText } from '../engine/sources.js';

/** The part of typescript-eslint's `parserServices.program` toolgate reads: source texts. */
export interface ProgramLike {
  getSourceFile(fileName: string): { text: string } | undefined;
}

export interface FollowedAnalysis {
  analysis: Analysis;
  /** Where a span shows in the linted file (the import that leads to it), or undefined. */
  relocate(span: Span): Span | undefined;
}

/**
 * With type information, typescript-eslint hands over the whole program: the
 * analysis can follow imports as `scan` does, reading the other modules'
 * texts from the program. A finding written in another module is reported
 * at the import that leads to it.
 */
export function analyzeWithProgram(text: string, filename: string, program: ProgramLike): FollowedAnalysis | undefined {
  if (!isTypeScriptPath(filename) || !mentionsSdk(text)) return undefined;
  const readFile = (path: string): string | undefined => {
    if (path === filename) return text;
    const fromProgram = program.getSourceFile(path)?.text;
    if (fromProgram !== undefined) return fromProgram;
    return readText(path);
  };
  const project = new TypeScriptProject({ readFile }, true);
  const analysis = project.analyze([filename]).get(filename)!;
  return { analysis, relocate: (span) => project.relocate(span, filename) };
}
