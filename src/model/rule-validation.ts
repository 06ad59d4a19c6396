import { unconsultedWhenScoped } from './coverage.js';
import { isBoundedRegex, maxSubjectLength } from './bounded-regex.js';
import { isNameListMatcher, matcherNames } from './hook-matcher.js';
import { isMcpTool, mcpServerOf } from './permission-rules.js';
import { checkToolName, knownToolNames, type ToolNameCheck } from './tool-names.js';

/**
 * Permission rules and hook matchers checked as Claude Code's own rule
 * validator checks them (SDK-FACTS.md §7), plus tool names it would accept
 * but never match. `replacement` is the corrected text when the fix is
 * mechanical.
 */

/** Where a rule is written: a permission list, or the `tools` option (names only). */
export type RuleListKind = 'allow' | 'deny' | 'ask' | 'tools';

export type NameProblem = { kind: 'toolName'; name: string; check: Exclude<ToolNameCheck, { kind: 'known' }>; replacement?: string };

export type RuleProblem =
  | NameProblem
  | { kind: 'empty' | 'malformed' | 'wildcardInAllow' | 'emptyPrefix' | 'colonStarInside' | 'colonStarLiteral' }
  | { kind: 'emptyParentheses' | 'colonStarNotBash'; tool: string }
  | { kind: 'mcpParentheses'; server: string }
  | { kind: 'uncheckedSpecifier'; family: 'Edit' | 'Read'; replacement: string }
  | { kind: 'webFetchDomain'; replacement?: string };

export type MatcherProblem = NameProblem | { kind: 'invalidRegex' | 'matchesNoTool' };

/** Tools whose specifier is a file path (the validator's `filePatternTools`). */
const filePatternTools = new Set(['Read', 'Write', 'Edit', 'Glob', 'NotebookRead', 'NotebookEdit', 'Cd']);

type Shape = { kind: 'bare' } | { kind: 'malformed' } | { kind: 'call'; tool: string; content: string };

/** `Tool` or `Tool(content)`, split as the runtime splits it: at the first and last unescaped parenthesis. */
function shapeOf(text: string): Shape {
  if (!text.includes('(') && !text.includes(')')) return { kind: 'bare' };
  const open = unescapedIndex(text, '(', false);
  const close = unescapedIndex(text, ')', true);
  if (open === -1 && close === -1) return { kind: 'bare' };
  const tool = text.slice(0, open);
  if (open === -1 || close <= open || close !== text.length - 1 || /[()]/.test(tool)) return { kind: 'malformed' };
  return { kind: 'call', tool, content: text.slice(open + 1, close) };
}

function unescapedIndex(text: string, char: string, last: boolean): number {
  const escaped = (index: number) => {
    let backslashes = 0;
    for (let at = index - 1; at >= 0 && text[at] === '\\'; at--) backslashes++;
    return backslashes % 2 === 1;
  };
  for (let step = 0; step < text.length; step++) {
    const index = last ? text.length - 1 - step : step;
    if (text[index] === char && !escaped(index)) return index;
  }
  return -1;
}

/** The first reason the runtime rejects a rule, ignores it, or reads it otherwise than written; undefined for a good rule. */
export function permissionRuleProblem(text: string, list: RuleListKind, extraTools: readonly string[] = []): RuleProblem | undefined {
  if (text.trim() === '') return { kind: 'empty' };
  const shape = shapeOf(text);
  if (shape.kind === 'malformed') return { kind: 'malformed' };
  const name = (shape.kind === 'call' ? shape.tool : text).trim();
  if (name === '') return { kind: 'malformed' };
  if (shape.kind === 'call' && shape.content === '') return { kind: 'emptyParentheses', tool: name };
  if (isMcpTool(name)) {
    if (shape.kind === 'call') return { kind: 'mcpParentheses', server: mcpServerOf(name) };
    // An allow glob must follow a literal `mcp__<server>__` prefix.
    return list === 'allow' && mcpServerOf(name).includes('*') ? { kind: 'wildcardInAllow' } : undefined;
  }
  if (name.includes('*')) return list === 'allow' ? { kind: 'wildcardInAllow' } : undefined;
  const nameProblem = toolNameProblem(name, text, extraTools);
  if (nameProblem) return nameProblem;
  if (list === 'tools' || shape.kind !== 'call' || shape.content === '*') return undefined;
  return specifierProblem(name, shape.content);
}

function specifierProblem(tool: string, content: string): RuleProblem | undefined {
  if (tool === 'WebFetch' && !content.startsWith('domain:')) {
    const host = hostOf(content);
    return { kind: 'webFetchDomain', ...(host ? { replacement: `WebFetch(domain:${host})` } : {}) };
  }
  if (tool === 'Bash') {
    if (content === ':*') return { kind: 'emptyPrefix' };
    if (content.endsWith(':*')) return unescapedIndex(content.slice(0, -2), '*', false) !== -1 ? { kind: 'colonStarLiteral' } : undefined;
    return content.includes(':*') ? { kind: 'colonStarInside' } : undefined;
  }
  if (content.includes(':*')) return filePatternTools.has(tool) ? { kind: 'colonStarNotBash', tool } : undefined;
  const family = Object.hasOwn(unconsultedWhenScoped, tool) ? unconsultedWhenScoped[tool] : undefined;
  return family ? { kind: 'uncheckedSpecifier', family, replacement: `${family}(${content})` } : undefined;
}

/** The host a WebFetch specifier names: a URL's host, or a bare host name; undefined when there is none to take. */
function hostOf(content: string): string | undefined {
  if (/^[A-Za-z0-9*-]+(\.[A-Za-z0-9*-]+)+$/.test(content)) return content;
  if (!content.includes('://')) return undefined;
  try {
    return new URL(content).hostname || undefined;
  } catch {
    return undefined;
  }
}

/** A name problem, with `written` corrected when exactly one tool is meant. */
function toolNameProblem(name: string, written: string, extraTools: readonly string[]): NameProblem | undefined {
  const check = checkToolName(name, extraTools);
  if (check.kind === 'known') return undefined;
  const known = check.kind === 'wrongCase' ? check.known : check.kind === 'misspelt' && check.candidates.length === 1 ? check.candidates[0] : undefined;
  return { kind: 'toolName', name, check, ...(known ? { replacement: written.replace(name, known) } : {}) };
}

/**
 * Problems of a hook matcher for a tool event: each misspelt name of an
 * exact-name list (`Write|Edt`), or a regular expression that is invalid or
 * matches no tool. `*`, `''` and MCP names are fine; so is any regular
 * expression that mentions `mcp` (MCP tool names are not known here), and
 * one whose work is not bounded (see `isBoundedRegex`), which is not run.
 */
export function matcherProblems(matcher: string, extraTools: readonly string[] = []): MatcherProblem[] {
  if (isNameListMatcher(matcher)) {
    return matcherNames(matcher).flatMap((name) => {
      if (isMcpTool(name)) return [];
      const problem = toolNameProblem(name, name, extraTools);
      return problem ? [{ ...problem, ...(problem.replacement ? { replacement: replaceName(matcher, name, problem.replacement) } : {}) }] : [];
    });
  }
  if (matcher === '*') return [];
  let pattern: RegExp;
  try {
    pattern = new RegExp(matcher);
  } catch {
    return [{ kind: 'invalidRegex' }];
  }
  const names = knownToolNames(extraTools);
  if (/mcp/i.test(matcher) || !isBoundedRegex(matcher) || names.some((name) => name.length > maxSubjectLength)) return [];
  if (names.some((name) => pattern.test(name))) return [];
  return [{ kind: 'matchesNoTool' }];
}

/** `matcher` with one listed name replaced, separators kept. */
function replaceName(matcher: string, name: string, replacement: string): string {
  const escaped = name.replace(/[-\\^$*+?.()|[\]{}]/g, '\\$&');
  return matcher.replace(new RegExp(`(^|[|,\\s])${escaped}(?=$|[|,\\s])`), (_, before: string) => `${before}${replacement}`);
}
