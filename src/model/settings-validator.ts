import { legacyToolAliases } from './tool-names.js';

/**
 * The rule validator Claude Code runs on every permission rule of a settings
 * file (a `.claude/settings*.json`, or the SDK's `settings` option): a rule it
 * rejects is skipped, so it approves, blocks or asks nothing. Written after
 * the SDK's own validator (`sdk.mjs` of @anthropic-ai/claude-agent-sdk, the
 * function behind "Invalid permission rule ... was skipped"), in its order of
 * checks; `resolveSettings()` drops the same rules, which
 * test/sdk/permission-rule-validator.test.ts checks against the real SDK.
 * Rules given as `allowedTools`/`disallowedTools` (command-line flags) are not
 * validated: the CLI reads them as written.
 */

export type SettingsList = 'allow' | 'deny' | 'ask';

/** Why the validator rejects a rule; `error` is the SDK's own wording. */
export type Rejection = { reason: RejectionReason; error: string };
export type RejectionReason =
  | 'empty'
  | 'malformed'
  | 'emptyParentheses'
  | 'mcpParentheses'
  | 'wildcardInAllow'
  | 'lowercase'
  | 'ambiguousEscape'
  | 'webSearchWildcard'
  | 'webFetchDomain'
  | 'emptyPrefix'
  | 'colonStarNotBash';

const reject = (reason: RejectionReason, error: string): Rejection => ({ reason, error });

/** Why the SDK rejects `rule` in `list` of a settings file, or undefined when it keeps the rule. */
export function settingsRuleRejection(rule: string, list: SettingsList): Rejection | undefined {
  if (rule.trim() === '') return reject('empty', 'Permission rule cannot be empty');
  const shape = ruleShape(rule);
  if (shape.kind === 'malformed') return reject('malformed', 'Malformed Tool(content) rule');
  if (shape.kind === 'call' && shape.content === '') {
    return shape.tool ? reject('emptyParentheses', 'Empty parentheses') : reject('malformed', 'Empty parentheses with no tool name');
  }
  // `(x)`, a call with no tool name, is read as a tool literally named `(x)`; `Tool(*)` as the whole tool.
  const named = shape.kind === 'call' && shape.tool !== '';
  const tool = canonicalName(named ? shape.tool : rule);
  const content = named && shape.content !== '*' ? unescapeParentheses(shape.content) : undefined;
  const wildcardInAllow = () => reject('wildcardInAllow', `Wildcard tool name "${tool}" is not supported in allow rules`);
  const mcp = mcpParts(tool);
  if (mcp) {
    if (shape.kind === 'call') return reject('mcpParentheses', 'MCP rules do not support patterns in parentheses');
    return list === 'allow' && tool.includes('*') && mcp.server.includes('*') ? wildcardInAllow() : undefined;
  }
  if (list === 'allow' && tool.includes('*')) return wildcardInAllow();
  if (!tool.includes('_') && tool[0] !== tool[0]!.toUpperCase()) return reject('lowercase', 'Tool names must start with uppercase');
  if (shape.kind === 'call' && ambiguousEscape(shape.content)) return reject('ambiguousEscape', 'Ambiguous "\\(" or "\\)" beside an unescaped parenthesis');
  if (content === undefined) return undefined;
  if (tool === 'WebSearch' && /[*?]/.test(content)) return reject('webSearchWildcard', 'WebSearch does not support wildcards');
  if (tool === 'WebFetch') {
    if (content.includes('://') || content.startsWith('http')) return reject('webFetchDomain', 'WebFetch permissions use domain format, not URLs');
    if (!content.startsWith('domain:')) return reject('webFetchDomain', 'WebFetch permissions must use "domain:" prefix');
  }
  if (tool === 'Bash' && content === ':*') return reject('emptyPrefix', 'Prefix cannot be empty before :*');
  if (filePatternTools.has(tool) && content.includes(':*')) return reject('colonStarNotBash', 'The ":*" syntax is only for Bash prefix rules');
  return undefined;
}

/** Tools whose specifier is a file path. */
export const filePatternTools: ReadonlySet<string> = new Set(['Read', 'Write', 'Edit', 'Glob', 'NotebookRead', 'NotebookEdit', 'Cd']);

type Shape = { kind: 'bare' } | { kind: 'malformed' } | { kind: 'call'; tool: string; content: string };

/** `Tool` or `Tool(content)`, split at the first and the last unescaped parenthesis. */
export function ruleShape(text: string): Shape {
  if (!text.includes('(') && !text.includes(')')) return { kind: 'bare' };
  const open = unescapedIndex(text, '(', false);
  const close = unescapedIndex(text, ')', true);
  if (open === -1 && close === -1) return { kind: 'bare' };
  const tool = text.slice(0, open);
  if (open === -1 || close <= open || close !== text.length - 1 || /[()]/.test(tool)) return { kind: 'malformed' };
  return { kind: 'call', tool, content: text.slice(open + 1, close) };
}

export function unescapedIndex(text: string, char: string, last: boolean): number {
  for (let step = 0; step < text.length; step++) {
    const index = last ? text.length - 1 - step : step;
    if (text[index] === char && !isEscaped(text, index)) return index;
  }
  return -1;
}

function isEscaped(text: string, index: number): boolean {
  let backslashes = 0;
  for (let at = index - 1; at >= 0 && text[at] === '\\'; at--) backslashes++;
  return backslashes % 2 === 1;
}

/** `mcp__server` or `mcp__server__tool`; undefined for other names, `mcp__` and `mcp____x` included. */
function mcpParts(tool: string): { server: string } | undefined {
  if (!tool.startsWith('mcp__')) return undefined;
  const separator = tool.indexOf('__', 'mcp__'.length);
  if (separator === 'mcp__'.length) return undefined;
  const server = separator === -1 ? tool.slice('mcp__'.length) : tool.slice('mcp__'.length, separator);
  return server ? { server } : undefined;
}

function canonicalName(tool: string): string {
  return Object.hasOwn(legacyToolAliases, tool) ? legacyToolAliases[tool]! : tool;
}

function unescapeParentheses(content: string): string {
  return content.replaceAll('\\(', '(').replaceAll('\\)', ')').replaceAll('\\\\', '\\');
}

/** A `\(` or `\)` beside an unescaped parenthesis, with the unescaped ones unbalanced. */
function ambiguousEscape(content: string): boolean {
  const count = (char: string) => [...content].filter((c, index) => c === char && !isEscaped(content, index)).length;
  return /(?:^|[^\\])\\[()]/.test(content) && count('(') !== count(')');
}
