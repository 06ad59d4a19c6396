import rule from '../../../rules/no-bypass-without-disallowed-tools.js';
import { py, runPythonCases } from '../../support/python-cases.js';

// Python twins of test/rules/values/sdk-entry.test.ts: the SDK reached
// without a static import (issue 16), loaded by name with importlib or
// `__import__`. A module handed in as a parameter has no type that says it is
// the SDK, so its calls stay silent.
const columnOf = (source: string, line: number, needle: string) => source.split('\n')[line - 1]!.indexOf(needle) + 1;
const bypassAt = (source: string, line: number) => ({
  code: source,
  errors: [{ messageId: 'bypassWithoutDeny' as const, line, column: columnOf(source, line, '"bypassPermissions"'), data: { certainty: 'is', from: '' } }],
});
const run = (sdk: string) => `${sdk}.query(prompt="x", options=${sdk}.ClaudeAgentOptions(permission_mode="bypassPermissions"))`;

runPythonCases(rule, {
  valid: [
    // A function of that name that is not importlib's.
    py('def import_module(name):', '    return object()', 'sdk = import_module("claude_agent_sdk")', run('sdk')),
    py('from plugins import import_module', 'sdk = import_module("claude_agent_sdk")', run('sdk')),
    // importlib under another name, loading another module.
    py('import importlib as il', 'sdk = il.import_module("my_agent_sdk")', run('sdk')),
    // The SDK loaded, and its options deny what bypass would allow.
    py('from importlib import import_module', 'sdk = import_module("claude_agent_sdk")', 'sdk.query(prompt="x", options=sdk.ClaudeAgentOptions(permission_mode="bypassPermissions", disallowed_tools=["Bash"]))'),
    // A module handed in: nothing says it is the SDK.
    py('from claude_agent_sdk import ClaudeSDKClient', 'def drive(sdk):', `    return ${run('sdk')}`),
  ],
  invalid: [
    { name: 'import_module imported from importlib', ...bypassAt(py('from importlib import import_module', 'sdk = import_module("claude_agent_sdk")', run('sdk')), 3) },
    { name: 'import_module imported under another name', ...bypassAt(py('from importlib import import_module as load', 'sdk = load("claude_agent_sdk")', run('sdk')), 3) },
    { name: 'importlib imported under another name', ...bypassAt(py('import importlib as il', 'sdk = il.import_module("claude_agent_sdk")', run('sdk')), 3) },
    { name: 'importlib.import_module inside a function', ...bypassAt(py('import importlib', 'def main():', '    sdk = importlib.import_module("claude_agent_sdk")', `    return ${run('sdk')}`), 4) },
    { name: '__import__', ...bypassAt(py('sdk = __import__("claude_agent_sdk")', run('sdk')), 2) },
  ],
});
