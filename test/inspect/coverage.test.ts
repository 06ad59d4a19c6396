import { describe, expect, it } from 'vitest';
import { ruleCoverage, toolNameOfRule, type RuleList } from '../../src/model/coverage.js';
import { isBoundedRegex } from '../../src/model/bounded-regex.js';
import { matcherCoverage, matcherNames, matcherServer } from '../../src/model/hook-matcher.js';
import { parsePermissionRule } from '../../src/model/permission-rules.js';

describe('ruleCoverage: how much of a tool a permission rule covers', () => {
  it.each<[string, string, RuleList, string]>([
    ['Bash', 'Bash', 'allow', 'all'],
    ['Bash(*)', 'Bash', 'allow', 'all'],
    ['Bash()', 'Bash', 'deny', 'all'],
    ['Bash(npm test *)', 'Bash', 'allow', 'some'],
    ['Bash(npm test *)', 'Monitor', 'allow', 'some'],
    ['Bash', 'Edit', 'allow', 'none'],
    ['Edit', 'Write', 'allow', 'all'],
    ['Edit(./src/**)', 'Write', 'allow', 'some'],
    ['Edit(./src/**)', 'NotebookEdit', 'allow', 'some'],
    ['Write(./src/**)', 'Write', 'allow', 'ignored'],
    ['Write', 'Write', 'allow', 'all'],
    ['Write', 'Edit', 'allow', 'none'],
    ['Read(./src/**)', 'Grep', 'allow', 'some'],
    ['Read(./.env)', 'Edit', 'deny', 'some'],
    ['Read(./.env)', 'Edit', 'allow', 'none'],
    ['Read', 'Edit', 'deny', 'none'],
    ['*', 'WebFetch', 'deny', 'all'],
    ['*', 'WebFetch', 'allow', 'none'],
    ['mcp__github', 'mcp__github', 'allow', 'all'],
    ['mcp__github__*', 'mcp__github', 'allow', 'all'],
    ['mcp__github', 'mcp__github__get_issue', 'allow', 'all'],
    ['mcp__github__get_issue', 'mcp__github', 'allow', 'some'],
    ['mcp__github__get_issue', 'mcp__github__get_issue', 'allow', 'all'],
    ['mcp__github__get_issue', 'mcp__github__delete_repo', 'deny', 'none'],
    ['mcp__github__get_*', 'mcp__github__get_issue', 'allow', 'all'],
    ['mcp__gitlab', 'mcp__github', 'allow', 'none'],
    ['mcp__*', 'mcp__github', 'deny', 'all'],
    ['mcp__*', 'mcp__github', 'allow', 'none'],
    ['mcp__github__x(y)', 'mcp__github__x', 'allow', 'none'],
    ['Bash', 'mcp__github', 'allow', 'none'],
  ])('%s in a %s list covers %s: %s', (rule, tool, list, expected) => {
    expect(ruleCoverage(parsePermissionRule(rule), tool, list)).toBe(expected);
  });

  it('names a whole-server rule by its server', () => {
    expect(toolNameOfRule(parsePermissionRule('mcp__github__*'))).toBe('mcp__github');
    expect(toolNameOfRule(parsePermissionRule('mcp__github__get_issue'))).toBe('mcp__github__get_issue');
    expect(toolNameOfRule(parsePermissionRule('Bash(npm test *)'))).toBe('Bash');
  });
});

describe('isBoundedRegex: patterns safe to run', () => {
  it.each(['Edit.*', 'mcp__memory__.*', '^(Edit|Write)$', '(ab)*c', '[(|*]+x', 'a{2,3}?b', '\\(\\*\\)*'])('runs %j', (source) => {
    expect(isBoundedRegex(source)).toBe(true);
  });
  it.each(['(.*){14}X', '(a|b)*', '(a+)+', '(a)\\1', '(?=a)a', '(?<!a)b', 'a*b*c*d*', 'x'.repeat(201)])('does not run %j', (source) => {
    expect(isBoundedRegex(source)).toBe(false);
  });
});

describe('matcherCoverage: how much of a tool a hook matcher covers', () => {
  it.each<[string | undefined, string, string]>([
    [undefined, 'Bash', 'all'],
    ['', 'Bash', 'all'],
    ['*', 'mcp__github', 'all'],
    ['Bash', 'Bash', 'all'],
    ['Bash', 'Monitor', 'none'],
    ['Edit|Write', 'Write', 'all'],
    ['Edit, Write', 'Write', 'all'],
    // Exact names are not regular expressions: `Edit` does not match NotebookEdit.
    ['Edit', 'NotebookEdit', 'none'],
    // A regular expression is unanchored.
    ['Edit.*', 'NotebookEdit', 'all'],
    ['^Edit$', 'NotebookEdit', 'none'],
    ['mcp__memory__.*', 'mcp__memory', 'all'],
    ['mcp__memory__.*', 'mcp__memory__delete', 'all'],
    ['mcp__memory__.*', 'mcp__github', 'none'],
    ['mcp__.*', 'mcp__github', 'all'],
    ['mcp__memory__delete', 'mcp__memory', 'some'],
    ['^mcp__memory__(delete|forget)$', 'mcp__memory', 'some'],
    ['(unclosed', 'Bash', 'none'],
    // A pattern that could backtrack without bound is not run: its coverage is unknown.
    ['^(.*){14}X$', 'Bash', 'unknown'],
    ['(a|a)*$', 'mcp__github', 'unknown'],
    ['a?a?a?a?aaaa', 'Bash', 'unknown'],
  ])('matcher %j covers %s: %s', (matcher, tool, expected) => {
    expect(matcherCoverage(matcher, tool)).toBe(expected);
  });

  it('lists the names of an exact-name matcher and the server a regular expression spells out', () => {
    expect(matcherNames('Edit|Write, Bash')).toEqual(['Edit', 'Write', 'Bash']);
    expect(matcherNames('Edit.*')).toEqual([]);
    expect(matcherNames('*')).toEqual([]);
    expect(matcherServer('mcp__memory__.*')).toBe('mcp__memory');
    expect(matcherServer('mcp__memory__delete')).toBeUndefined();
  });
});

describe('MCP tool globs from the tree', () => {
  const covers = (rule: string, tool: string) => ruleCoverage(parsePermissionRule(rule), tool, 'deny');

  it.each([
    ['mcp__srv__get_*', 'mcp__srv__get_issue', 'all'],
    ['mcp__srv__*_issue', 'mcp__srv__get_issue', 'all'],
    ['mcp__srv__g*t*e', 'mcp__srv__get_issue', 'all'],
    ['mcp__srv__get_**', 'mcp__srv__get_', 'all'],
    ['mcp__srv__get_*', 'mcp__srv__list_issues', 'none'],
    ['mcp__srv__*_pr', 'mcp__srv__get_issue', 'none'],
    ['mcp__srv__get.issue', 'mcp__srv__get_issue', 'none'],
  ])('%s covers %s: %s', (rule, tool, coverage) => {
    expect(covers(rule, tool)).toBe(coverage);
  });

  it('matches a glob of many stars against a long name in linear steps, where a regular expression would backtrack without end', () => {
    // As `^a.*a.*…a.*b$`, this takes the name's length to the power of 30 steps on a name that ends without `b`.
    expect(covers(`mcp__srv__${'a*'.repeat(30)}b`, `mcp__srv__${'a'.repeat(200)}`)).toBe('none');
    expect(covers(`mcp__srv__${'a*'.repeat(30)}b`, `mcp__srv__${'a'.repeat(200)}b`)).toBe('all');
  });
});
