import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../package-info.js';

const pages = new Map<string, string | undefined>();

/** Where a rule's docs page is in the package: `docs/rules/<id>.md`, shipped with it. */
export function ruleDocPath(id: string): string {
  return path.join(packageRoot, 'docs', 'rules', `${id}.md`);
}

/** A rule's docs page, or undefined when the package has none for the id. Read once. */
export function readRuleDoc(id: string): string | undefined {
  if (!pages.has(id)) {
    let text: string | undefined;
    try {
      text = readFileSync(ruleDocPath(id), 'utf8');
    } catch {
      text = undefined;
    }
    pages.set(id, text);
  }
  return pages.get(id);
}

/** The body of a `## heading` section, up to the next heading of level 1 or 2, trimmed. */
export function section(markdown: string, heading: string): string | undefined {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((line) => line.trim() === `## ${heading}`);
  if (start < 0) return undefined;
  const length = lines.slice(start + 1).findIndex((line) => /^#{1,2} /.test(line));
  const body = lines.slice(start + 1, length < 0 ? undefined : start + 1 + length).join('\n').trim();
  return body === '' ? undefined : body;
}

/**
 * The first paragraph of the page's "Why" section on one line, for a
 * one-paragraph rule description. A paragraph that only leads into a list
 * (it ends with a colon) loses that leading sentence; undefined when nothing
 * that reads on its own is left, or when the section starts with a list,
 * code or a table.
 */
export function whyParagraph(markdown: string): string | undefined {
  const why = section(markdown, 'Why');
  const first = why?.split(/\n\s*\n/)[0];
  if (!first || /^\s*([-*+|>]|\d+\.|```)/.test(first)) return undefined;
  let paragraph = first.split('\n').map((line) => line.trim()).join(' ');
  if (paragraph.endsWith(':')) {
    const lastSentence = paragraph.search(/(?<=[.!?])\s+[^.!?]*:$/);
    if (lastSentence < 0) return undefined;
    paragraph = paragraph.slice(0, lastSentence);
  }
  return paragraph;
}

/** Markdown links as their text: `[text](url)` and `[text][ref]` become `text`; reference definitions go. */
export function withoutLinks(markdown: string): string {
  return markdown
    .replace(/^ {0,3}\[[^\]]+\]:\s*\S+.*(?:\n|$)/gm, '')
    .replace(/\[([^\]]+)\]\([^)\s]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .trimEnd();
}

/**
 * Relative link targets made absolute against `base`: SARIF help is shown
 * away from the repository, where `no-x.md` leads nowhere.
 */
export function withAbsoluteLinks(markdown: string, base: string): string {
  const absolute = (target: string): string => (/^([a-z][a-z0-9+.-]*:|#)/i.test(target) ? target : new URL(target, base).href);
  return outsideCode(markdown, (line) =>
    line
      .replace(/\]\(([^)\s]+)\)/g, (_, target: string) => `](${absolute(target)})`)
      .replace(/^( {0,3}\[[^\]]+\]:\s*)(\S+)/, (_, lead: string, target: string) => `${lead}${absolute(target)}`),
  );
}

/** Apply `change` to each line outside fenced code blocks. */
function outsideCode(markdown: string, change: (line: string) => string): string {
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
      if (fence !== undefined) {
        if (marker?.startsWith(fence)) fence = undefined;
        return line;
      }
      if (marker) {
        fence = marker;
        return line;
      }
      return change(line);
    })
    .join('\n');
}
