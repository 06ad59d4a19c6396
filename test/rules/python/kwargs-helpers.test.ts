import rule from '../../../rules/no-bypass-without-disallowed-tools.js';
import { py, runPythonCases } from '../../support/python-cases.js';

// Options made from keyword dicts (issue 16): a helper whose defaults dict
// takes the caller's `**overrides`, and a module dict filled in steps.
const code = (...lines: string[]) => py('from claude_agent_sdk import ClaudeAgentOptions, query', ...lines);
const columnOf = (source: string, line: number, needle: string) => source.split('\n')[line - 1]!.indexOf(needle) + 1;
const bypassAt = (source: string, line: number, certainty: string) => ({
  code: source,
  errors: [{ messageId: 'bypassWithoutDeny' as const, line, column: columnOf(source, line, '"bypassPermissions"'), data: { certainty } }],
});
const helper = (name: string, call: string) =>
  code(`def ${name}(**overrides):`, '    return ClaudeAgentOptions(**{"permission_mode": "bypassPermissions", **overrides})', `query(prompt="x", options=${call})`);
const steps = (mode: string) =>
  code('base_kwargs = {}', `base_kwargs["permission_mode"] = "${mode}"`, 'def run():', '    return query(prompt="x", options=ClaudeAgentOptions(**base_kwargs))');

runPythonCases(rule, {
  valid: [
    // The call's overrides bring deny rules, or replace the mode.
    helper('_make', '_make(disallowed_tools=["Bash"])'),
    helper('_make', '_make(permission_mode="default")'),
    steps('default'),
  ],
  invalid: [
    { name: 'a defaults dict with the overrides of a call that adds no deny rules', ...bypassAt(helper('_make', '_make(model="m")'), 3, 'is') },
    { name: 'a public helper called without overrides', ...bypassAt(helper('make', 'make()'), 3, 'is') },
    { name: 'a module dict filled in steps, unpacked into the options', ...bypassAt(steps('bypassPermissions'), 3, 'is') },
  ],
});
