import type { Analysis } from '../../engine/analyze.js';

const extensions = /\.(?:[cm]?[jt]sx?)$/i;

export function isTypeScriptPath(path: string): boolean {
  return extensions.test(path) && !/\.d\.[cm]?ts$/i.test(path);
}

/** Placeholder until the front end lands. */
export function extractTypeScript(_text: string, _path: string): Analysis {
  return { syntaxErrors: [] };
}
