import rule from '../../../rules/no-bypass-without-disallowed-tools.js';
import { py, runPythonCases } from '../../support/python-cases.js';

// Python twins of test/rules/values/sdk-entry.test.ts: the SDK reached
// without a static import (issue 16), loaded by name with importlib or
// `__import__`, and a client built by the caller and handed in: its run-time
// switch belongs to the options the caller built it with. A module handed in
// as a parameter is the SDK where a call of the module passes it the SDK;
// otherwise nothing says it is, so its calls stay silent.
const columnOf = (source: string, line: number, needle: string) => source.split('\n')[line - 1]!.indexOf(needle) + 1;
const bypassAt = (source: string, line: number) => ({
  code: source,
  errors: [{ messageId: 'bypassWithoutDeny' as const, line, column: columnOf(source, line, '"bypassPermissions"'), data: { certainty: 'is', from: '' } }],
});
const client = 'from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient';
const drive = ['async def drive(client: ClaudeSDKClient, prompt: str):', '    await client.set_permission_mode("bypassPermissions")', '    await client.query(prompt)'];
const switchedAt = (source: string) => ({
  code: source,
  errors: [{ messageId: 'bypassWithoutDeny' as const, line: 3, column: columnOf(source, 3, '"bypassPermissions"'), data: { certainty: 'can be', from: ' (switched at run time by client.set_permission_mode())' } }],
});
const run = (sdk: string) => `${sdk}.query(prompt="x", options=${sdk}.ClaudeAgentOptions(permission_mode="bypassPermissions"))`;

runPythonCases(rule, {
  valid: [
    // A function of that name that is not importlib's.
    py('def import_module(name):', '    return object()', 'sdk = import_module("claude_agent_sdk")', run('sdk')),
    py('from plugins import import_module', 'sdk = import_module("claude_agent_sdk")', run('sdk')),
    // importlib under another name, loading another module.
    py('import importlib as il', 'sdk = il.import_module("my_agent_sdk")', run('sdk')),
    py('import importlib', 'def main():', '    sdk = importlib.import_module("my_agent_sdk")', `    return ${run('sdk')}`),
    // Another module loaded by name: under an alias of import_module, and by __import__.
    py('from importlib import import_module as load', 'sdk = load("my_agent_sdk")', run('sdk')),
    py('sdk = __import__("my_agent_sdk")', run('sdk')),
    // A function of its own named __import__.
    py('def __import__(name):', '    return object()', 'sdk = __import__("claude_agent_sdk")', run('sdk')),
    // The SDK loaded, and its options deny what bypass would allow.
    py('from importlib import import_module', 'sdk = import_module("claude_agent_sdk")', 'sdk.query(prompt="x", options=sdk.ClaudeAgentOptions(permission_mode="bypassPermissions", disallowed_tools=["Bash"]))'),
    // A module handed in: nothing says it is the SDK.
    py('from claude_agent_sdk import ClaudeSDKClient', 'def drive(sdk):', `    return ${run('sdk')}`),
    // What the calls here pass is not the SDK; the SDK passed, with options that deny.
    py('import claude_agent_sdk', 'import own_sdk', 'def drive(sdk):', `    return ${run('sdk')}`, 'drive(own_sdk)'),
    py('import claude_agent_sdk as agent_sdk', 'def drive(sdk):', '    return sdk.query(prompt="x", options=sdk.ClaudeAgentOptions(permission_mode="bypassPermissions", disallowed_tools=["Bash"]))', 'drive(agent_sdk)'),
    // The caller's client denies what bypass would allow; a client no call here is seen to pass.
    py(client, ...drive, 'async def main():', '    async with ClaudeSDKClient(options=ClaudeAgentOptions(disallowed_tools=["Bash(rm *)"])) as session:', '        await drive(session, "x")'),
    py(client, ...drive),
    // What the caller passes is not a client it started.
    py(client, ...drive, 'async def main(session):', '    await drive(session, "x")'),
  ],
  invalid: [
    { name: 'import_module imported from importlib', ...bypassAt(py('from importlib import import_module', 'sdk = import_module("claude_agent_sdk")', run('sdk')), 3) },
    { name: 'import_module imported under another name', ...bypassAt(py('from importlib import import_module as load', 'sdk = load("claude_agent_sdk")', run('sdk')), 3) },
    { name: 'importlib imported under another name', ...bypassAt(py('import importlib as il', 'sdk = il.import_module("claude_agent_sdk")', run('sdk')), 3) },
    { name: 'importlib.import_module inside a function', ...bypassAt(py('import importlib', 'def main():', '    sdk = importlib.import_module("claude_agent_sdk")', `    return ${run('sdk')}`), 4) },
    { name: '__import__', ...bypassAt(py('sdk = __import__("claude_agent_sdk")', run('sdk')), 2) },
    { name: 'a parameter a call of the module passes the SDK', ...bypassAt(py('import claude_agent_sdk as agent_sdk', 'def drive(label, sdk):', `    return ${run('sdk')}`, 'drive("x", sdk=agent_sdk)'), 3) },
    {
      name: 'a client the caller built with async with, switched by the function it is handed to',
      ...switchedAt(py(client, ...drive, 'async def main():', '    async with ClaudeSDKClient(options=ClaudeAgentOptions(model="x")) as session:', '        await drive(session, "x")')),
    },
    {
      name: 'a client built in the call, passed by keyword',
      ...switchedAt(py(client, ...drive, 'async def main():', '    await drive(prompt="x", client=ClaudeSDKClient(ClaudeAgentOptions(model="x")))')),
    },
  ],
});
