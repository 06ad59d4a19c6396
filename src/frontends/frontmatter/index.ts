import { isMap, isScalar, isSeq, parseDocument, type Node as YamlNode } from 'yaml';
import type { FrontEndResult, SyntaxError } from '../contract.js';
import { emptyObject, single } from '../../model/build.js';
import { splitRules } from '../../model/cli-flags.js';
import type { AgentModel, Span, StringValue, Value } from '../../model/types.js';
import { frontmatterKindOf, type FrontmatterKind } from './paths.js';

export { isFrontmatterPath } from './paths.js';
export { splitRules };

/** The frontmatter keys each kind of file has, and the SDK options they stand for; lists unless marked. */
type Key = { written: string; option: string; scalar?: true };
const grants: readonly Key[] = [
  { written: 'allowed-tools', option: 'allowedTools' },
  { written: 'disallowed-tools', option: 'disallowedTools' },
];
const keysOf: Record<FrontmatterKind, readonly Key[]> = {
  skill: grants,
  command: grants,
  agent: [
    { written: 'tools', option: 'tools' },
    { written: 'disallowedTools', option: 'disallowedTools' },
    { written: 'permissionMode', option: 'permissionMode', scalar: true },
  ],
};

/**
 * The skill, command and subagent front end: the YAML frontmatter between
 * the `---` lines that open the file, to one configuration under the SDK's
 * option names: a skill's or command's `allowed-tools` as `allowedTools`, a
 * subagent's `tools`, `disallowedTools` and `permissionMode` as themselves.
 * A list is a YAML list or one string of rules separated by commas or
 * blanks outside parentheses, as Claude Code splits it. A file without
 * frontmatter sets nothing. Only the keys toolgate reads are
 * parsed, each on its own: other keys are often not strict YAML
 * (`argument-hint: [file] [mode]`), which Claude Code accepts. One of ours
 * that is not valid YAML is a syntax error, as broken settings JSON is.
 */
export function extractFrontmatter(text: string, path: string, pluginKind?: FrontmatterKind): FrontEndResult {
  // A plugin's file: only its plugin root, which discovery found, says what it is.
  const kind = pluginKind ?? frontmatterKindOf(path) ?? 'command';
  const keys = keysOf[kind];
  const optionNames = Object.fromEntries(keys.map(({ written, option }) => [option, written]));
  const model: AgentModel = { path, language: 'frontmatter', configurations: [], functions: [], gates: [], optionNames };
  const frontmatter = frontmatterOf(text);
  if (!frontmatter) return { model, syntaxErrors: [] };
  const span: Span = { start: 0, end: text.length };
  const options = emptyObject(span);
  const syntaxErrors: SyntaxError[] = [];
  for (const { written, option, scalar } of keys) {
    const block = keyBlocks(frontmatter.text, written).at(-1);
    if (!block) continue;
    const at = (offset: number): number => frontmatter.start + block.start + offset;
    const document = parseDocument(block.text, { uniqueKeys: false, prettyErrors: false });
    for (const error of document.errors) {
      syntaxErrors.push({
        span: { start: at(error.pos[0]), end: at(Math.max(error.pos[1], error.pos[0] + 1)) },
        message: `'${written}' in the frontmatter is not valid YAML (${error.code}), so it cannot be checked.`,
      });
    }
    const pair = isMap(document.contents) ? document.contents.items[0] : undefined;
    if (document.errors.length > 0 || !pair || !isScalar(pair.key)) continue;
    const keySpan = spanOf(pair.key, at, path);
    const node = pair.value as YamlNode | null;
    const value = scalar ? scalarOf(node, at, path, keySpan) : listOf(node, block.text, at, path, keySpan);
    options.properties.set(option, { key: option, spelling: written, keySpan, value: single(value) });
  }
  if (syntaxErrors.length === 0) model.configurations.push({ span, entry: kind, options: single(options) });
  return { model, syntaxErrors };
}

/**
 * The top-level blocks of `key`: its line and the lines under it (indented,
 * blank, comments, or a `- ` item at the margin), with where each starts.
 */
function keyBlocks(text: string, key: string): Array<{ text: string; start: number }> {
  const blocks: Array<{ text: string; start: number }> = [];
  const lines = text.split('\n');
  let offset = 0;
  let open: { start: number; end: number } | undefined;
  for (const line of lines) {
    const continues = open && (line.trim() === '' || /^[\s#]/.test(line) || /^-(?:\s|$)/.test(line));
    if (open && !continues) {
      blocks.push({ text: text.slice(open.start, open.end), start: open.start });
      open = undefined;
    }
    if (open) open.end = offset + line.length;
    else if (line.startsWith(key) && /^\s*:/.test(line.slice(key.length))) open = { start: offset, end: offset + line.length };
    offset += line.length + 1;
  }
  if (open) blocks.push({ text: text.slice(open.start, open.end), start: open.start });
  return blocks;
}

/** The frontmatter's text and where it starts: between a first line `---` and the next line `---`. */
function frontmatterOf(text: string): { text: string; start: number } | undefined {
  const open = /^---[ \t]*\r?\n/.exec(text);
  if (!open) return undefined;
  const close = /^---[ \t]*$/m.exec(text.slice(open[0].length));
  if (!close) return undefined;
  return { text: text.slice(open[0].length, open[0].length + close.index), start: open[0].length };
}

function spanOf(node: YamlNode, at: (offset: number) => number, file: string): Span {
  const [start, end] = node.range ?? [0, 0];
  return { start: at(start), end: at(end), file };
}

/**
 * `allowed-tools` as a list of rule strings, each placed where it is written.
 * The list is placed at its key, not around its entries, so no rule offers to
 * edit it: a removal that is safe in a JSON or code list is not in YAML.
 */
function listOf(node: YamlNode | null, source: string, at: (offset: number) => number, file: string, keySpan: Span): Value {
  if (isSeq(node)) {
    const elements = node.items.map((item) => single(isScalar(item) && typeof item.value === 'string' ? stringAt(item.value, spanOf(item, at, file)) : { kind: 'unknown', span: keySpan }));
    return { kind: 'array', span: keySpan, complete: true, elements };
  }
  if (isScalar(node) && typeof node.value === 'string') {
    const span = spanOf(node, at, file);
    const written = source.slice(node.range![0], node.range![1]);
    const elements = splitRules(node.value).map(({ rule, offset }) =>
      // Placed at the rule when the scalar is written as its value (plain, no escapes); else at the whole scalar.
      single(stringAt(rule, written === node.value ? { start: span.start + offset, end: span.start + offset + rule.length, file } : span)),
    );
    return { kind: 'array', span: keySpan, complete: true, elements };
  }
  return node === null ? { kind: 'array', span: keySpan, complete: true, elements: [] } : { kind: 'unknown', span: keySpan };
}

/** A string such as `permissionMode: bypassPermissions`; anything else is unknown. */
function scalarOf(node: YamlNode | null, at: (offset: number) => number, file: string, keySpan: Span): Value {
  return isScalar(node) && typeof node.value === 'string' ? stringAt(node.value, spanOf(node, at, file)) : { kind: 'unknown', span: keySpan };
}

function stringAt(value: string, span: Span): StringValue {
  return { kind: 'string', value, span, literal: false };
}
