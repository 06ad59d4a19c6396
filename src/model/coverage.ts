import { isMcpTool, isWholeMcpServer, isWholeToolRule, mcpServerOf, type PermissionRule } from './permission-rules.js';

/**
 * How much of one tool's calls a permission rule or hook matcher covers.
 * `ignored`: the rule names the tool, but Claude Code never consults it.
 *
 * A tool is a built-in name (`Bash`), an MCP tool (`mcp__github__get_issue`),
 * or a whole MCP server written `mcp__github`, which stands for every tool of
 * that server: a rule for one of its tools covers `some` of it.
 */
export type Coverage = 'all' | 'some' | 'none' | 'ignored';

export type RuleList = 'allow' | 'deny' | 'ask';

/** Tools that share another tool's rules (the specifier families of Claude Code's permission rules). */
const families: Record<string, readonly string[]> = {
  Bash: ['Monitor'],
  Read: ['Grep', 'Glob', 'LSP'],
  Edit: ['Write', 'NotebookEdit', 'MultiEdit'],
};

/** Accepted with a specifier, but never consulted; the tool whose rules file checks read instead. */
export const unconsultedWhenScoped: Readonly<Record<string, 'Edit' | 'Read'>> = { Write: 'Edit', NotebookEdit: 'Edit', MultiEdit: 'Edit', Glob: 'Read' };

/** `mcp__server`: a row that stands for every tool of one MCP server. */
export function isMcpServerName(tool: string): boolean {
  return isMcpTool(tool) && !tool.slice('mcp__'.length).includes('__');
}

/** The tool a rule is about, as inspect names it: `mcp__srv__*` is the whole server `mcp__srv`. */
export function toolNameOfRule(rule: PermissionRule): string {
  return isMcpTool(rule.tool) && isWholeMcpServer(rule.tool) ? `mcp__${mcpServerOf(rule.tool)}` : rule.tool;
}

/** How much of `tool` a rule in an allow, deny or ask list covers. */
export function ruleCoverage(rule: PermissionRule, tool: string, list: RuleList): Coverage {
  // `*` and `mcp__*` work in deny and ask lists; an allow glob without a server prefix is skipped.
  if (rule.tool === '*') return list === 'allow' ? 'none' : 'all';
  if (isMcpTool(rule.tool) || isMcpTool(tool)) return mcpCoverage(rule, tool, list);
  const whole = isWholeToolRule(rule);
  if (rule.tool === tool) {
    if (whole) return 'all';
    return Object.hasOwn(unconsultedWhenScoped, tool) ? 'ignored' : 'some';
  }
  if (families[rule.tool]?.includes(tool)) return whole ? 'all' : 'some';
  // A Read deny also blocks edits of the same paths.
  if (list === 'deny' && rule.tool === 'Read' && !whole && (tool === 'Edit' || tool === 'Write')) return 'some';
  return 'none';
}

function mcpCoverage(rule: PermissionRule, tool: string, list: RuleList): Coverage {
  // MCP rules take no parentheses; Claude Code rejects one that has them.
  if (!isMcpTool(rule.tool) || !isMcpTool(tool) || rule.specifier !== undefined) return 'none';
  if (rule.tool === 'mcp__*') return list === 'allow' ? 'none' : 'all';
  if (mcpServerOf(rule.tool) !== mcpServerOf(tool)) return 'none';
  if (isWholeMcpServer(rule.tool)) return 'all';
  if (isMcpServerName(tool)) return 'some';
  return globMatches(toolPart(rule.tool), toolPart(tool)) ? 'all' : 'none';
}

function toolPart(name: string): string {
  return name.slice(`mcp__${mcpServerOf(name)}__`.length);
}

/**
 * Whether `name` matches `pattern`, in which `*` stands for any run of
 * characters. The pattern comes from the scanned tree, so it is not compiled
 * to a regular expression, where `a*a*a*…b` backtracks for as long as the
 * name allows to the power of its stars: matched left to right, each star
 * taking as little as it can and only the last one taking more when a later
 * part fails, at most pattern × name steps.
 */
function globMatches(pattern: string, name: string): boolean {
  let at = 0;
  let from = 0;
  let star = -1;
  let resume = 0;
  while (from < name.length) {
    if (at < pattern.length && pattern[at] === '*') {
      star = at++;
      resume = from;
    } else if (at < pattern.length && pattern[at] === name[from]) {
      at++;
      from++;
    } else if (star !== -1) {
      at = star + 1;
      from = ++resume;
    } else return false;
  }
  while (pattern[at] === '*') at++;
  return at === pattern.length;
}
