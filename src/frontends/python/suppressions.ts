import type { Suppression } from '../../model/types.js';
import { spanOf, textOf, type PyModule } from './syntax.js';

/** `# toolgate: disable=no-fail-open-hook, no-bare-allowed-tools -- reason`; ids may carry ESLint's `toolgate/` prefix. */
const comment = /^#\s*toolgate:\s*disable\s*=\s*((?:toolgate\/)?[\w-]+(?:\s*,\s*(?:toolgate\/)?[\w-]+)*)\s*(?:--\s*(.*?))?\s*$/;

/**
 * The suppression comments of a module. A comment after code applies to its
 * own line; a comment on a line of its own applies to the next line that
 * holds code.
 */
export function suppressionsOf(module: PyModule): Suppression[] {
  const suppressions: Suppression[] = [];
  const { text } = module;
  for (const node of module.comments) {
    const match = comment.exec(textOf(module, node));
    if (!match) continue;
    const ruleIds = match[1]!.split(',').map((id) => id.trim().replace(/^toolgate\//, ''));
    const lineStart = startOfLine(text, node.start);
    const trailing = text.slice(lineStart, node.start).trim() !== '';
    const target = trailing ? lineStart : nextCodeLine(text, endOfLine(text, node.end));
    if (target === undefined) continue;
    const reason = match[2]?.trim();
    suppressions.push({
      ruleIds,
      range: { start: target, end: endOfLine(text, target), file: module.path },
      span: spanOf(module, node),
      ...(reason ? { reason } : {}),
    });
  }
  return suppressions;
}

function startOfLine(text: string, offset: number): number {
  let start = offset;
  while (start > 0 && text[start - 1] !== '\n' && text[start - 1] !== '\r') start--;
  return start;
}

function endOfLine(text: string, offset: number): number {
  let end = offset;
  while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
  return end;
}

/** The start of the first line after `offset` that holds code (not blank, not only a comment). */
function nextCodeLine(text: string, offset: number): number | undefined {
  let start = offset;
  while (start < text.length) {
    while (start < text.length && (text[start] === '\n' || text[start] === '\r')) start++;
    const end = endOfLine(text, start);
    const line = text.slice(start, end).trim();
    if (line !== '' && !line.startsWith('#')) return start;
    start = end;
  }
  return undefined;
}
