import rule from '../../../rules/no-bypass-without-disallowed-tools.js';
import { py, runPythonCases } from '../../support/python-cases.js';

// Python twins of test/rules/built-values.test.ts: values built the way real
// agent code builds them (issue 16).
const code = (...lines: string[]) => py('from claude_agent_sdk import ClaudeAgentOptions, query', ...lines);
const columnOf = (source: string, line: number, needle: string) => source.split('\n')[line - 1]!.indexOf(needle) + 1;
const bypassAt = (source: string, line: number, certainty: string, from = '') => ({
  code: source,
  errors: [{ messageId: 'bypassWithoutDeny' as const, line, column: columnOf(source, line, '"bypassPermissions"'), data: { certainty, from } }],
});
const options = 'options=ClaudeAgentOptions(permission_mode="bypassPermissions")';
const modes = ['class Mode(Enum):', '    AUTO = "auto"', '    SAFE = "safe"', 'DEFAULTS = {Mode.AUTO: "bypassPermissions", Mode.SAFE: "default"}'];

runPythonCases(rule, {
  valid: [
    // Through the alias, a mode that is not bypass.
    code("from .own import mock_query", "run = query if USE_SDK else mock_query", `run(prompt="x", ${options.replace("bypassPermissions", "plan")})`),
    // Another module loaded by name.
    code('import importlib', 'sdk = importlib.import_module("my_agent_sdk")', 'sdk.query(prompt="x", options=sdk.ClaudeAgentOptions(permission_mode="bypassPermissions"))'),
    // The defaults entry read is the safe one.
    code('from enum import Enum', ...modes, 'query(prompt="x", options=ClaudeAgentOptions(permission_mode=DEFAULTS[Mode.SAFE]))'),
    // A fallback that is not bypass.
    code('def handle(req):', '    mode = req.permission_mode or "plan"', '    return ClaudeAgentOptions(permission_mode=mode)'),
    // `**kwargs` holds only the keywords that name no other parameter.
    code('def make(permission_mode="default", **extra):', '    return ClaudeAgentOptions(**extra)', 'make(permission_mode="bypassPermissions", model="x")'),
  ],
  invalid: [
    {
      name: 'the entry point called through a conditional alias of the SDK query',
      ...bypassAt(code('from .own import mock_query', 'run = query if USE_SDK else mock_query', `run(prompt="x", ${options})`), 4, 'is'),
    },
    {
      name: 'the SDK loaded with importlib.import_module',
      ...bypassAt(code('import importlib', 'sdk = importlib.import_module("claude_agent_sdk")', 'sdk.query(prompt="x", options=sdk.ClaudeAgentOptions(permission_mode="bypassPermissions"))'), 4, 'is'),
    },
    {
      name: 'a defaults dict indexed by an enum member',
      ...bypassAt(code('from enum import Enum', ...modes, 'query(prompt="x", options=ClaudeAgentOptions(permission_mode=DEFAULTS[Mode.AUTO]))'), 6, 'is'),
    },
    {
      name: 'a request field with a bypass fallback: can be',
      ...bypassAt(code('def handle(req):', '    mode = req.permission_mode or "bypassPermissions"', '    return ClaudeAgentOptions(permission_mode=mode)'), 3, 'can be', ' (the fallback when req.permission_mode is not set)'),
    },
    {
      name: 'a private method returning the options',
      ...bypassAt(code('class Runner:', '    def _options(self):', '        return ClaudeAgentOptions(permission_mode="bypassPermissions")', '    def run(self):', '        return query(prompt="x", options=self._options())'), 4, 'is'),
    },
    {
      name: '**kwargs unpacked into the options: the keyword a call passes, naming the call',
      ...bypassAt(code('def _make(prompt, **overrides):', '    return ClaudeAgentOptions(**overrides)', '_make("x", permission_mode="bypassPermissions")'), 4, 'is', ' (passed to _make() as overrides)'),
    },
  ],
});
