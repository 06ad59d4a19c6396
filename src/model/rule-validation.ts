import { unconsultedWhenScoped } from './coverage.js';
import { isBoundedRegex, maxSubjectLength } from './bounded-regex.js';
import { isNameListMatcher, matcherNames } from './hook-matcher.js';
import { isMcpTool, mcpServerOf } from './permission-rules.js';
import { filePatternTools, ruleShape, settingsRuleRejection, unescapedIndex, type Rejection } from './settings-validator.js';
import { checkToolName, knownToolNames, type ToolNameCheck } from './tool-names.js';

/**
 * Permission rules and hook matchers checked as Claude Code reads them: the
 * rule validator of settings files (settings-validator.ts) and the rules it
 * keeps but never matches (unknown tool names, specifiers read otherwise). `replacement` is the corrected text when the fix is
 * mechanical.
 */

/** Where a rule is written: a permission list, or the `tools` option (names only). */
export type RuleListKind = 'allow' | 'deny' | 'ask' | 'tools';

export type NameProblem = { kind: 'toolName'; name: string; check: Exclude<ToolNameCheck, { kind: 'known' }>; replacement?: string };

export type RuleProblem =
  | NameProblem
  | { kind: 'empty' | 'malformed' | 'wildcardInAllow' | 'emptyPrefix' | 'colonStarInside' | 'colonStarLiteral' | 'lowercase' | 'ambiguousEscape' | 'webSearchWildcard' }
  | { kind: 'emptyParentheses' | 'colonStarNotBash'; tool: string }
  | { kind: 'mcpParentheses'; server: string }
  | { kind: 'uncheckedSpecifier'; family: 'Edit' | 'Read'; replacement: string }
  | { kind: 'webFetchDomain'; replacement?: string };

export type MatcherProblem = NameProblem | { kind: 'invalidRegex' | 'matchesNoTool' };

/**
 * How Claude Code reads a rule list: a settings file's `permissions` lists
 * (and the SDK's inline `settings`) go through the rule validator, which skips
 * what it rejects (see settings-validator.ts); `allowedTools` and
 * `disallowedTools` become command-line flags, read as written, where
 * `Bash()` and `Bash(:*)` are the whole tool and a malformed rule is a tool
 * name that matches no call.
 */
export type RuleSource = 'settings' | 'flag';

/** The first reason the runtime rejects a rule, ignores it, or reads it otherwise than written; undefined for a good rule. */
export function permissionRuleProblem(text: string, list: RuleListKind, extraTools: readonly string[] = [], source: RuleSource = 'flag'): RuleProblem | undefined {
  if (source === 'settings' && list !== 'tools') {
    const rejected = settingsRuleRejection(text, list);
    return rejected ? rejection(rejected, text, extraTools) : readingProblem(text, list, extraTools, true);
  }
  if (text.trim() === '') return { kind: 'empty' };
  if (ruleShape(text).kind === 'malformed') return { kind: 'malformed' };
  return readingProblem(text, list, extraTools, false);
}

/**
 * A rule the runtime keeps: a name that matches no tool, a specifier it reads
 * otherwise, and for a flag (no validator ran) a wildcard name it skips or
 * MCP parentheses.
 */
function readingProblem(text: string, list: RuleListKind, extraTools: readonly string[], validated: boolean): RuleProblem | undefined {
  const shape = ruleShape(text);
  const named = shape.kind === 'call' && shape.tool.trim() !== '';
  // `(x)` is read as a tool literally named `(x)`.
  const name = (named ? shape.tool : text).trim();
  const content = named && shape.content !== '' && shape.content !== '*' ? shape.content : undefined;
  if (isMcpTool(name)) {
    if (validated) return undefined;
    if (shape.kind === 'call' && content !== undefined) return { kind: 'mcpParentheses', server: mcpServerOf(name) };
    // An allow glob must follow a literal `mcp__<server>__` prefix.
    return list === 'allow' && mcpServerOf(name).includes('*') ? { kind: 'wildcardInAllow' } : undefined;
  }
  if (name.includes('*')) return list === 'allow' && !validated ? { kind: 'wildcardInAllow' } : undefined;
  const nameProblem = toolNameProblem(name, text, extraTools);
  if (nameProblem) return nameProblem;
  if (list === 'tools' || content === undefined) return undefined;
  return specifierProblem(name, content);
}

/** The validator's reason, as the problem that explains it. */
function rejection({ reason }: Rejection, text: string, extraTools: readonly string[]): RuleProblem {
  const shape = ruleShape(text);
  const tool = (shape.kind === 'call' ? shape.tool : text).trim();
  switch (reason) {
    case 'emptyParentheses':
    case 'colonStarNotBash':
      return { kind: reason, tool };
    case 'mcpParentheses':
      return { kind: reason, server: mcpServerOf(tool) };
    case 'lowercase': {
      // `bash` gets its correction; other names the message that says why they are skipped.
      const named = toolNameProblem(tool, text, extraTools);
      return named?.check.kind === 'wrongCase' ? named : { kind: reason };
    }
    case 'webFetchDomain': {
      const host = shape.kind === 'call' ? hostOf(shape.content) : undefined;
      return { kind: reason, ...(host ? { replacement: `WebFetch(domain:${host})` } : {}) };
    }
    default:
      return { kind: reason };
  }
}

function specifierProblem(tool: string, content: string): RuleProblem | undefined {
  if (tool === 'WebFetch' && !content.startsWith('domain:')) {
    const host = hostOf(content);
    return { kind: 'webFetchDomain', ...(host ? { replacement: `WebFetch(domain:${host})` } : {}) };
  }
  if (tool === 'Bash') {
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
