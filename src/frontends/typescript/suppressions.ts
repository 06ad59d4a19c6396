import ts from './compiler.cjs';
import { SyntaxKind } from './syntax.js';
import type { Suppression } from '../../model/types.js';

/** Cheap text check first: most files hold no directive, and they cost one regex. */
const mention = /(?:toolgate|eslint)-(?:disable|enable)/g;

/** A directive comment's body, once `//` or `/* *\/` is stripped. */
const directive = /^(toolgate|eslint)-(disable-next-line|disable-line|disable|enable)(?=\s|$)([\s\S]*)$/;

type Kind = 'disable-next-line' | 'disable-line' | 'disable' | 'enable';

interface Open {
  start: number;
  comment: ts.CommentRange;
  reason: string | undefined;
  via: 'toolgate' | 'eslint';
}

/**
 * The suppression comments of a file: `toolgate-disable-next-line <ids> -- reason`,
 * `toolgate-disable-line`, `toolgate-disable <ids>` ... `toolgate-enable <ids>`,
 * and ESLint's `eslint-disable*` comments for the ids they name with the
 * `toolgate/` prefix (other plugins' ids are ESLint's business). A directive
 * without ids disables nothing: toolgate never turns every rule off at once.
 */
export function suppressionsOf(file: ts.SourceFile): Suppression[] {
  const text = file.text;
  // Every directive that matters names a toolgate rule or is toolgate's own.
  if (!text.includes('toolgate')) return [];
  const suppressions: Suppression[] = [];
  const open = new Map<string, Open>();
  const lineStarts = file.getLineStarts();
  const lineRange = (line: number): { start: number; end: number } => ({
    start: lineStarts[line] ?? text.length,
    end: lineStarts[line + 1] ?? text.length,
  });
  const close = (id: string, end: number): void => {
    const block = open.get(id);
    if (!block) return;
    open.delete(id);
    suppressions.push(suppression([id], { start: block.start, end }, block.comment, block.reason, block.via));
  };
  const suppression = (
    ruleIds: string[],
    range: { start: number; end: number },
    comment: ts.CommentRange,
    reason: string | undefined,
    via: 'toolgate' | 'eslint',
  ): Suppression => ({
    ruleIds,
    range: { ...range, file: file.fileName },
    span: { start: comment.pos, end: comment.end, file: file.fileName },
    ...(reason ? { reason } : {}),
    via,
  });

  for (const comment of directiveComments(file)) {
    const raw = text.slice(comment.pos, comment.end);
    const body = (comment.kind === SyntaxKind.SingleLineCommentTrivia ? raw.slice(2) : raw.slice(2, -2)).trim();
    const match = directive.exec(body);
    if (!match) continue;
    const via = match[1] as 'toolgate' | 'eslint';
    const kind = match[2] as Kind;
    // ESLint's convention: a description follows ` -- `.
    const [list = '', ...rest] = match[3]!.split(/\s--\s|\s--$/);
    const reason = rest.join(' -- ').trim() || undefined;
    const ids = idsOf(list, via);
    const line = file.getLineAndCharacterOfPosition(kind === 'disable-line' ? comment.pos : comment.end).line;
    switch (kind) {
      case 'disable-next-line':
        if (ids.length > 0) suppressions.push(suppression(ids, lineRange(line + 1), comment, reason, via));
        break;
      case 'disable-line':
        if (ids.length > 0) suppressions.push(suppression(ids, lineRange(line), comment, reason, via));
        break;
      case 'disable':
        for (const id of ids) if (!open.has(id)) open.set(id, { start: comment.end, comment, reason, via });
        break;
      case 'enable':
        // A bare enable closes every block its own kind of comment opened.
        for (const [id, block] of [...open]) {
          if (block.via === via && (ids.length === 0 ? list.trim() === '' : ids.includes(id))) close(id, comment.pos);
        }
        break;
    }
  }
  for (const id of [...open.keys()]) close(id, text.length);
  return suppressions;
}

function idsOf(list: string, via: 'toolgate' | 'eslint'): string[] {
  const names = list.split(/[\s,]+/).filter((name) => name !== '');
  if (via === 'eslint') return names.filter((name) => name.startsWith('toolgate/')).map((name) => name.slice('toolgate/'.length));
  return names.map((name) => name.replace(/^toolgate\//, ''));
}

/**
 * Comments that hold a directive, found from the text matches: a match
 * counts only when it sits in a comment the parser saw, not in a string.
 */
function directiveComments(file: ts.SourceFile): ts.CommentRange[] {
  const text = file.text;
  const found = new Map<number, ts.CommentRange>();
  mention.lastIndex = 0;
  for (let match = mention.exec(text); match; match = mention.exec(text)) {
    const comment = commentAt(file, match.index);
    if (comment) found.set(comment.pos, comment);
  }
  return [...found.values()].sort((a, b) => a.pos - b.pos);
}

/** The comment that holds `offset`: descend to the token whose leading trivia holds it. */
function commentAt(file: ts.SourceFile, offset: number): ts.CommentRange | undefined {
  let node: ts.Node = file;
  for (;;) {
    const child: ts.Node | undefined = node.getChildren(file).find((candidate) => candidate.pos <= offset && offset < candidate.end);
    if (!child) return undefined;
    if (child.kind === SyntaxKind.JSDoc) return { pos: child.pos, end: child.end, kind: SyntaxKind.MultiLineCommentTrivia };
    if (offset < child.getStart(file)) {
      const ranges = [
        ...(ts.getLeadingCommentRanges(file.text, child.pos) ?? []),
        ...(ts.getTrailingCommentRanges(file.text, child.pos) ?? []),
      ];
      return ranges.find((range) => range.pos <= offset && offset < range.end);
    }
    node = child;
  }
}
