import { isBoundedRegex, maxSubjectLength } from './bounded-regex.js';
import type { Coverage } from './coverage.js';
import { isMcpServerName } from './coverage.js';

/**
 * Hook matchers as Claude Code reads them: `*`, `''` or no
 * matcher match every tool; a matcher made only of letters, digits, `_`, `-`,
 * spaces, commas and `|` is an exact tool name or a list of them; anything
 * else is an unanchored JavaScript regular expression, so `Edit.*` also
 * matches `NotebookEdit`.
 */
const exactNames = /^[A-Za-z0-9_\- ,|]*$/;

/** Hook events whose matcher is a tool name; other events match other things (a session source, a notification type). */
export const toolEvents: ReadonlySet<string> = new Set(['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PermissionRequest', 'PermissionDenied']);

/** True for a matcher Claude Code reads as exact tool names rather than a regular expression. */
export function isNameListMatcher(matcher: string): boolean {
  return exactNames.test(matcher);
}

/** The tool names an exact-name matcher lists; empty for a regular expression or a match-all matcher. */
export function matcherNames(matcher: string): string[] {
  if (matcher.trim() === '' || matcher === '*' || !exactNames.test(matcher)) return [];
  return matcher
    .split(/[|,]/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** The MCP server (`mcp__srv`) a regular-expression matcher spells out, as in `mcp__memory__.*`. */
export function matcherServer(matcher: string): string | undefined {
  if (exactNames.test(matcher)) return undefined;
  return /^\^?(mcp__[A-Za-z0-9_-]+?)__/.exec(matcher)?.[1];
}

/**
 * How much of `tool` a matcher covers; `undefined` is no matcher at all. An
 * invalid regular expression matches nothing; one whose work is not bounded
 * (see `isBoundedRegex`) is not run, and its coverage is `unknown`.
 */
export function matcherCoverage(matcher: string | undefined, tool: string): Exclude<Coverage, 'ignored'> | 'unknown' {
  if (matcher === undefined || matcher.trim() === '' || matcher === '*') return 'all';
  const server = isMcpServerName(tool);
  if (exactNames.test(matcher)) {
    const names = matcherNames(matcher);
    if (!server) return names.includes(tool) ? 'all' : 'none';
    return names.some((name) => name.startsWith(`${tool}__`)) ? 'some' : 'none';
  }
  let pattern: RegExp;
  try {
    pattern = new RegExp(matcher);
  } catch {
    return 'none';
  }
  if (!isBoundedRegex(matcher) || tool.length + 2 > maxSubjectLength) return 'unknown';
  if (!server) return pattern.test(tool) ? 'all' : 'none';
  // A server stands for names `mcp__srv__<tool>`: a pattern that matches the
  // bare prefix matches them all; one that spells the prefix out matches some.
  if (pattern.test(`${tool}__`)) return 'all';
  return matcher.includes(`${tool}__`) ? 'some' : 'none';
}
