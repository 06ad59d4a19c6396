/**
 * Permission rule strings for the differential tests: every tool-name shape
 * (built-in, legacy alias, MCP server, MCP tool, MCP globs, wildcards, wrong
 * case, unknown, blank, padded) crossed with every specifier shape (none,
 * empty, match-all, Bash prefix forms, domains, URLs, paths, unbalanced and
 * escaped parentheses), plus malformed strings.
 */
const tools = [
  'Bash', 'Read', 'Edit', 'Write', 'Glob', 'Grep', 'WebFetch', 'WebSearch', 'Task', 'Agent', 'NotebookEdit', 'Skill',
  'mcp__github', 'mcp__github__get_issue', 'mcp__github__*', 'mcp__github__get_*', 'mcp__*', 'mcp__', 'mcp____x', '*',
  'bash', 'read', 'BASH', 'Bsh', 'FooTool', 'my_tool', '', '  ', 'Bash ', ' Bash', 'Bash*',
];
const specifiers = [
  '', '()', '(*)', '(**)', '(:*)', '( )', '(npm test *)', '(npm:*)', '(npm test:*)', '(git * main)', '(git:* main)', '(*:*)',
  '(domain:example.com)', '(https://example.com)', '(http.example.com)', '(domain:)', '(./src/**)', '(/abs/**)', '(~/x)',
  '(src/*.ts:*)', '(', '(a(b)', '(x)y', '(x))', '(\\()', '(a \\( b (c)', '(C:\\\\x\\\\(y))', '(general-purpose)', '(what?)',
];
export const rulePool: readonly string[] = [
  ...new Set([...tools.flatMap((tool) => specifiers.map((specifier) => tool + specifier)), '(Bash)', ')', 'Bash)', 'Bash((x))', 'Bash\\(x)']),
];
