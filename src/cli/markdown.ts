import type { Colors } from './color.js';

export interface MarkdownOptions {
  colors: Colors;
  /** Where a relative link leads in the terminal, e.g. another rule's page as `toolgate explain <id>`. */
  linkTarget(target: string): string;
}

/**
 * Markdown as plain terminal text, for pages toolgate ships (its rule docs):
 * heading markers go (headings are coloured, or underlined when colour is
 * off), fenced code is indented, links show their target, emphasis and code
 * markers give way to colour when it is on. Not a general renderer: tables
 * and lists are left as written, which reads well enough in a terminal.
 */
export function renderMarkdown(markdown: string, options: MarkdownOptions): string {
  const { colors } = options;
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const references = new Map<string, string>();
  for (const line of lines) {
    const definition = /^ {0,3}\[([^\]]+)\]:\s*(\S+)/.exec(line);
    if (definition) references.set(definition[1]!.toLowerCase(), definition[2]!);
  }

  const out: string[] = [];
  let fence: string | undefined;
  for (const line of lines) {
    const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (fence !== undefined) {
      if (marker?.startsWith(fence)) fence = undefined;
      else out.push(line === '' ? '' : `    ${line}`);
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    if (/^ {0,3}\[[^\]]+\]:\s*\S+/.test(line)) continue;

    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      const text = inline(heading[2]!, options, references, false);
      if (colors.isColorSupported) {
        out.push(level === 1 ? colors.bold(colors.underline(colors.cyan(text))) : level === 2 ? colors.bold(colors.cyan(text)) : colors.bold(text));
      } else {
        out.push(text);
        if (level <= 2) out.push((level === 1 ? '=' : '-').repeat(text.length));
      }
      continue;
    }
    const quote = /^\s*>\s?(.*)$/.exec(line);
    if (quote) {
      out.push(`  ${colors.italic(inline(quote[1]!, options, references))}`);
      continue;
    }
    out.push(inline(line, options, references));
  }
  // Reference definitions at the end leave blank lines behind.
  while (out.length > 0 && out.at(-1) === '') out.pop();
  return `${out.join('\n')}\n`;
}

/** Inline markup of one line: links first (their labels may be code), then code spans, left alone inside. */
function inline(line: string, options: MarkdownOptions, references: ReadonlyMap<string, string>, styled = true): string {
  const { colors } = options;
  const linked = line
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label: string, target: string) => link(label, target, options))
    .replace(/\[([^\]]+)\]\[([^\]]*)\]/g, (whole, label: string, ref: string) => {
      const target = references.get((ref || label).toLowerCase());
      return target === undefined ? whole : link(label, target, options);
    });
  return linked
    .split(/(`+[^`]*?`+)/)
    .map((part, index) => {
      if (index % 2 === 1) return colors.isColorSupported ? colors.cyan(part.replace(/^`+|`+$/g, '')) : part;
      if (!styled) return part;
      return part
        .replace(/\*\*([^*]+)\*\*/g, (_, strong: string) => colors.bold(strong))
        .replace(/(^|[\s(])\*([^*\s](?:[^*]*[^*\s])?)\*(?=$|[\s.,;:!?)])/g, (_, lead: string, emphasis: string) => `${lead}${colors.italic(emphasis)}`);
    })
    .join('');
}

function link(label: string, target: string, options: MarkdownOptions): string {
  const shown = /^[a-z][a-z0-9+.-]*:/i.test(target) ? target : options.linkTarget(target);
  const text = label.replace(/^`+|`+$/g, '');
  return shown === text ? label : `${label} (${options.colors.underline(shown)})`;
}
