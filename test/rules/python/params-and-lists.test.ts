import bareRule from '../../../rules/no-bare-allowed-tools.js';
import bypassRule from '../../../rules/no-bypass-without-disallowed-tools.js';
import { py, runPythonCases } from '../../support/python-cases.js';

// Python twin of test/rules/values/params-and-lists.test.ts (issue 16): `*args`
// holds the positional arguments each call passes from its place on, a
// keyword-only default applies where a call leaves it out, and a list built
// in steps (slice assignment, `+=`, `+`, a helper that fills it) is what the
// steps add.
const code = (...lines: string[]) => py('from claude_agent_sdk import ClaudeAgentOptions', ...lines);
const columnOf = (source: string, line: number, needle: string) => source.split('\n')[line - 1]!.indexOf(needle) + 1;
/** One bare entry each, at the `needle` of its line; entries outside one literal list have no suggestion. */
const bareAt = (source: string, ...at: Array<[line: number, tool: string]>) => ({
  code: source,
  errors: at.map(([line, tool]) => ({ messageId: 'bareTool' as const, line, column: columnOf(source, line, `"${tool}"`), data: { entry: tool }, suggestions: [] })),
});
const bypassAt = (source: string, line: number, certainty: string, from = '') => ({
  code: source,
  errors: [{ messageId: 'bypassWithoutDeny' as const, line, column: columnOf(source, line, '"bypassPermissions"'), data: { certainty, from } }],
});
/** A function whose `permission_mode` parameter (declared by `head`) becomes the mode (lines 2-3), then `calls`. */
const runs = (head: string, ...calls: string[]) => code(`${head}:`, '    return ClaudeAgentOptions(permission_mode=permission_mode)', ...calls);

/** A wrapper whose `*extra` adds to the allow list (lines 2-3), then `calls`. */
const extraTools = (...calls: string[]) => code('def _run(prompt, *extra):', '    return ClaudeAgentOptions(allowed_tools=["Read", *extra])', ...calls);
/** A deny list built in `steps` (from line 3) for a bypass agent. */
const denyBuilt = (...steps: string[]) => code('deny = []', ...steps, 'options = ClaudeAgentOptions(permission_mode="bypassPermissions", disallowed_tools=deny)');
/** An allow list built in `steps` (from line 3). */
const allowBuilt = (...steps: string[]) => code('tools = ["Read"]', ...steps, 'options = ClaudeAgentOptions(allowed_tools=tools)');

runPythonCases(bareRule, {
  valid: [
    // Each call's `*extra` is scoped or read-only; a call whose `*` argument is not known.
    extraTools('_run("a", "Bash(npm test *)")', '_run("b", "Grep", "Glob")', '_run("c")'),
    extraTools('_run("a", *MORE)'),
    // A slice assigned scoped entries.
    allowBuilt('tools[1:1] = ["Bash(git status)"]'),
    // Added with += and +: scoped or read-only.
    allowBuilt('tools += ["Bash(git status)"]', 'tools = tools + ["Grep"]'),
    // Entries that may have been taken out again.
    code('tools = ["Read", "Bash"]', 'tools.remove("Bash")', 'options = ClaudeAgentOptions(allowed_tools=tools)'),
    code('tools = ["Read", "Bash"]', 'tools.pop()', 'options = ClaudeAgentOptions(allowed_tools=tools)'),
    code('tools = ["Bash", "Read"]', 'del tools[0]', 'options = ClaudeAgentOptions(allowed_tools=tools)'),
    code('tools = ["Bash"]', 'tools.clear()', 'options = ClaudeAgentOptions(allowed_tools=tools)'),
    // A bare entry added to another list, or to a copy that is thrown away.
    allowBuilt('other = []', 'other += ["Bash"]', 'tools + ["Write"]'),
  ],
  invalid: [
    { name: '*args: the bare entries a call passes', ...bareAt(extraTools('_run("a", "Grep")', '_run("b", "Read", "Bash", "Write")'), [5, 'Bash'], [5, 'Write']) },
    { name: '*args filled by a starred known list', ...bareAt(extraTools('SHELL = ["Bash"]', '_run("a", *SHELL)'), [4, 'Bash']) },
    // Joined lists sit in two literals: no separator to remove the entry with, so no suggestion.
    { name: 'a list joined with +', ...bareAt(code('tools = ["Read", "Grep"] + ["Write"]', 'options = ClaudeAgentOptions(allowed_tools=tools)'), [2, 'Write']) },
    { name: 'a slice assigned a bare entry', ...bareAt(allowBuilt('tools[:0] = ["Edit"]'), [3, 'Edit']) },
    { name: 'an entry added after a remove', ...bareAt(allowBuilt('tools.remove("Read")', 'tools.append("Write")'), [4, 'Write']) },
  ],
});

runPythonCases(bypassRule, {
  valid: [
    // Deny lists built in steps that end with rules.
    denyBuilt('deny.append("Bash(rm *)")'),
    denyBuilt('if CI:', '    deny.append("Bash")'),
    denyBuilt('DENY = ("WebFetch",)', 'def shell():', '    return ["Bash"]', 'deny.extend(DENY)', 'deny += shell()', 'deny.insert(0, "Write")'),
    denyBuilt('deny[:0] = ["Bash"]'),
    // A helper that fills the list it is handed; one the project does not show.
    denyBuilt('def add_rules(rules):', '    rules.append("Bash")', 'add_rules(deny)'),
    denyBuilt('from .rules import add_rules', 'add_rules(deny)'),
    code('from .rules import load_rules', 'async def options():', '    deny = []', '    await load_rules(deny)', '    return ClaudeAgentOptions(permission_mode="bypassPermissions", disallowed_tools=deny)'),
    // Every call brings deny rules through `*deny`.
    code('def _options(*deny):', '    return ClaudeAgentOptions(permission_mode="bypassPermissions", disallowed_tools=list(deny))', '_options("Bash")', '_options("WebFetch", "Write")'),
    // A public function whose every call in the project overrides the bypass default, by keyword or position.
    runs('def execute(prompt, permission_mode="bypassPermissions")', 'execute("a", permission_mode="default")', 'execute("b", "plan")'),
  ],
  invalid: [
    { name: 'a rule added to another list leaves the deny list empty', ...bypassAt(denyBuilt('other = []', 'other += ["Bash"]'), 5, 'is') },
    { name: 'a list joined and thrown away', ...bypassAt(denyBuilt('deny + ["Bash"]'), 4, 'is') },
    { name: 'a list handed to calls that only read it', ...bypassAt(denyBuilt('print(deny)', 'logger.info("deny: %s", deny)', 'if not any(deny):', '    pass'), 7, 'is') },
    {
      name: 'a keyword-only default that a call leaves out: can be, naming the default',
      ...bypassAt(
        runs('def _execute(prompt, *, permission_mode="bypassPermissions")', '_execute("a", permission_mode="default")', '_execute("b")'),
        2,
        'can be',
        ' (the default of parameter permission_mode of _execute(), taken when a call leaves it out)',
      ),
    },
    {
      name: '*args a call leaves empty',
      ...bypassAt(code('def _options(*deny):', '    return ClaudeAgentOptions(permission_mode="bypassPermissions", disallowed_tools=list(deny))', '_options("Bash")', '_options()'), 3, 'is'),
    },
  ],
});
