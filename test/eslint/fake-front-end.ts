import type { Analysis } from '../../src/engine/analyse.js';
import type { AgentConfiguration } from '../../src/model/types.js';

/**
 * A stand-in for the TypeScript front end, so adapter and harness tests do not
 * depend on extraction: every `query(` or `startup(` call in a file that names
 * the SDK is one configuration, spanning the callee name. A `/* broken *\/`
 * comment makes it claim a syntax error, which ESLint must not see.
 */
export function fakeAnalyse(text: string, path: string): Analysis {
  const syntaxErrors = text.includes('/* broken */') ? [{ span: { start: 0, end: 1 }, message: 'fake' }] : [];
  if (!text.includes('@anthropic-ai/claude-agent-sdk')) return { syntaxErrors };
  const configurations: AgentConfiguration[] = [];
  for (const match of text.matchAll(/\b(query|startup)\(/g)) {
    const start = match.index;
    const span = { start, end: start + match[1]!.length };
    configurations.push({ span, entry: match[1]!, options: { alternatives: [{ kind: 'unknown', span }] } });
  }
  const language = /\.[cm]?tsx?$/.test(path) ? 'typescript' : 'javascript';
  return { model: { path, language, configurations, functions: [], gates: [] }, syntaxErrors };
}
