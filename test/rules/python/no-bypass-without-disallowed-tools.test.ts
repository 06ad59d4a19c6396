import rule from '../../../rules/no-bypass-without-disallowed-tools.js';
import { py, runPythonCases } from '../../support/python-cases.js';

/** Line 1: the SDK import; cases start on line 2. */
const code = (...lines: string[]) => py('from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient', ...lines);
const names = { mode: 'permission_mode', deny: 'disallowed_tools', tools: 'tools' };
const fromEnvironment = (name: string) => ` (the fallback when the environment variable ${name} is not set)`;
const fromDefault = (name: string, owner: string) => ` (the default of parameter ${name} of ${owner}(), taken when a call leaves it out)`;
const fromArgument = (name: string, owner: string) => ` (passed to ${owner}() as ${name})`;
/** A class whose `options` method passes `self.permission_mode` on, with `members` (lines each) before it; line 2 opens it. */
const session = (...members: string[]) =>
  code('class Session:', ...members.map((line) => `    ${line}`), '    def options(self):', '        return ClaudeAgentOptions(permission_mode=self.permission_mode)');
/** A function whose `mode` parameter (declared by `head`) becomes the mode, then `calls`; lines 2-3 declare it. */
const runs = (head: string, ...calls: string[]) => code(`${head}:`, '    return ClaudeAgentOptions(permission_mode=mode)', ...calls);
/** A keyword-only wrapper whose parameters each become an option (lines 2-3), then `calls`: each caller's stay that caller's. */
const builds = (decorators: string[], ...calls: string[]) =>
  code(...decorators, 'def _build(*, mode=None, deny=None, tools=None):', '    return ClaudeAgentOptions(permission_mode=mode, disallowed_tools=deny, tools=tools)', ...calls);
/** The 1-based column of `needle` in line `line` of `source`. */
const columnOf = (source: string, line: number, needle: string) => source.split('\n')[line - 1]!.indexOf(needle) + 1;
const bypassAt = (source: string, line: number, certainty: string, from: string) => ({
  code: source,
  errors: [{ messageId: 'bypassWithoutDeny' as const, line, column: columnOf(source, line, '"bypassPermissions"'), data: { certainty, from } }],
});

runPythonCases(rule, {
  valid: [
    // Deny rules, or a narrowed tool set, bound what bypass mode can run.
    code('options = ClaudeAgentOptions(permission_mode="bypassPermissions", disallowed_tools=["Bash(rm *)"])'),
    code('options = ClaudeAgentOptions(permission_mode="bypassPermissions", tools=["Read", "Grep"])'),
    // Deny rules that cannot be seen may be there.
    code('from .policy import DENY', 'options = ClaudeAgentOptions(permission_mode="bypassPermissions", disallowed_tools=DENY)'),
    // Not bypass mode.
    code('options = ClaudeAgentOptions(permission_mode="acceptEdits")'),
    code('import os', 'options = ClaudeAgentOptions(permission_mode=os.environ.get("MODE"))'),
    // Fallbacks that are not bypass, and reads with none.
    code('import os', 'options = ClaudeAgentOptions(permission_mode=os.environ.get("MODE", "default"))'),
    code('import os', 'options = ClaudeAgentOptions(permission_mode=os.getenv("MODE", default="acceptEdits"))'),
    code('import os', 'options = ClaudeAgentOptions(permission_mode=os.getenv("MODE") or "default")'),
    code('import os', 'options = ClaudeAgentOptions(permission_mode=os.environ["MODE"])'),
    // Parameters: every call passes a mode that is not bypass, by keyword or by position.
    runs('def _run(prompt, mode="bypassPermissions")', '_run("a", mode="default")', '_run("b", "acceptEdits")'),
    // No default and no call; calls whose splats may hold the mode.
    runs('def run(prompt, mode)'),
    runs('def _run(prompt, mode="bypassPermissions")', '_run(*ARGS)', '_run("a", **KWARGS)'),
    // Fields: no write is bypass; __init__ replaces a bypass class attribute; another object's field.
    session('permission_mode = "default"', 'def reset(self):', '    self.permission_mode = "acceptEdits"'),
    session('permission_mode = "bypassPermissions"', 'def __init__(self):', '    self.permission_mode = "default"'),
    session('def __init__(self):', '    self.permission_mode = "default"', 'def copy(self, other):', '    other.permission_mode = "bypassPermissions"'),
    session('permission_mode: str = "default"'),
    // A default that is not bypass, taken by a call.
    runs('def _run(prompt, *, mode="default")', '_run("a")'),
    // The deny list is added before the options are used.
    code(
      'options = ClaudeAgentOptions(permission_mode="bypassPermissions")',
      'options.disallowed_tools = ["WebFetch"]',
      'client = ClaudeSDKClient(options=options)',
    ),
    // The later of two writes wins.
    code(
      'options = ClaudeAgentOptions()',
      'options.permission_mode = "bypassPermissions"',
      'options.permission_mode = "default"',
      'client = ClaudeSDKClient(options=options)',
    ),
    // Keyword parameters copied one by one: each caller that passes bypass brings deny rules or tools.
    builds([], '_build(mode="bypassPermissions", deny=["Bash"])', '_build(mode="bypassPermissions", tools=["Read"])', '_build(mode="default")'),
    // A decorator of the project may call the function with arguments of its own: its calls are not its callers.
    builds(['@audited'], '_build(mode="bypassPermissions")'),
    // An allow list a wrapper leaves empty for the bypass caller (`allowed_tools or []`).
    code('def _build(*, mode=None, allowed=None):', '    return ClaudeAgentOptions(permission_mode=mode, disallowed_tools=["Bash"], allowed_tools=allowed or [])', '_build(mode="bypassPermissions")'),
    // `**kwargs: object` forwarded: the one caller brings deny rules.
    code('def _make(**kwargs: object):', '    return ClaudeAgentOptions(cli_path="claude", **kwargs)', '_make(permission_mode="bypassPermissions", disallowed_tools=["Bash"])'),
  ],
  invalid: [
    {
      name: "keyword parameters copied one by one: the caller with bypass and no deny rules, not another caller's",
      ...bypassAt(builds([], '_build(mode="bypassPermissions", deny=["Bash"])', '_build(mode="bypassPermissions")'), 5, 'is', fromArgument('mode', '_build')),
    },
    {
      name: "keyword parameters copied one by one: another caller's tools do not narrow this caller's",
      ...bypassAt(builds([], '_build(mode="default", tools=["Read"])', '_build(mode="bypassPermissions")'), 5, 'can be', fromArgument('mode', '_build')),
    },
    {
      name: 'a wrapper decorated with contextlib.asynccontextmanager keeps its callers',
      ...bypassAt(builds(['import contextlib', '@contextlib.asynccontextmanager'], '_build(mode="bypassPermissions")'), 6, 'is', fromArgument('mode', '_build')),
    },
    {
      name: 'a wrapper decorated with functools.lru_cache(...) keeps its callers',
      ...bypassAt(builds(['from functools import lru_cache', '@lru_cache(maxsize=4)'], '_build(mode="bypassPermissions")'), 6, 'is', fromArgument('mode', '_build')),
    },
    {
      name: 'typed **kwargs forwarded into the options',
      ...bypassAt(code('def _make(**kwargs: object):', '    return ClaudeAgentOptions(cli_path="claude", **kwargs)', '_make(permission_mode="bypassPermissions")'), 4, 'is', fromArgument('kwargs', '_make')),
    },
    {
      name: 'a later write turns bypass on',
      code: code(
        'options = ClaudeAgentOptions()',
        'options.permission_mode = "default"',
        'options.permission_mode = "bypassPermissions"',
        'client = ClaudeSDKClient(options=options)',
      ),
      errors: [{ messageId: 'bypassWithoutDeny', line: 4, column: 27 }],
    },
    {
      name: 'bypass with no deny rules',
      code: code('options = ClaudeAgentOptions(permission_mode="bypassPermissions")'),
      errors: [{ messageId: 'bypassWithoutDeny', line: 2, column: 46, data: { ...names, certainty: 'is' } }],
    },
    {
      name: 'an empty deny list, and allowed_tools that does not limit bypass',
      code: code('options = ClaudeAgentOptions(', '    permission_mode="bypassPermissions",', '    disallowed_tools=[],', '    allowed_tools=["Read"],', ')'),
      errors: [
        { messageId: 'bypassWithoutDeny', line: 3, column: 21 },
        { messageId: 'allowedToolsIgnored', line: 5, column: 5, data: { allowed: 'allowed_tools', deny: 'disallowed_tools' } },
      ],
    },
    {
      name: 'bypass on one path: can be',
      code: code('mode = "bypassPermissions" if YOLO else "default"', 'client = ClaudeSDKClient(ClaudeAgentOptions(permission_mode=mode))'),
      errors: [{ messageId: 'bypassWithoutDeny', line: 2, column: 8, data: { certainty: 'can be' } }],
    },
    {
      name: 'bypass added by dataclasses.replace to a base without deny rules',
      code: code('from dataclasses import replace', 'base = ClaudeAgentOptions(allowed_tools=["Read"])', 'options = replace(base, permission_mode="bypassPermissions")'),
      errors: [
        { messageId: 'allowedToolsIgnored', line: 3, column: 27 },
        { messageId: 'bypassWithoutDeny', line: 4, column: 41 },
      ],
    },
    {
      name: 'a dict of keyword arguments',
      code: code('settings = {"permission_mode": "bypassPermissions", "max_turns": 3}', 'options = ClaudeAgentOptions(**settings)'),
      errors: [{ messageId: 'bypassWithoutDeny', line: 2, column: 32 }],
    },
    {
      name: 'os.environ.get with a bypass fallback: can be, naming the variable',
      code: code('import os', 'options = ClaudeAgentOptions(permission_mode=os.environ.get("MODE", "bypassPermissions"))'),
      errors: [{ messageId: 'bypassWithoutDeny', line: 3, column: 69, data: { certainty: 'can be', from: fromEnvironment('MODE') } }],
    },
    {
      name: 'os.getenv with default=, through a variable',
      code: code('from os import getenv', 'mode = getenv("AGENT_MODE", default="bypassPermissions")', 'options = ClaudeAgentOptions(permission_mode=mode)'),
      errors: [{ messageId: 'bypassWithoutDeny', line: 3, column: 37, data: { certainty: 'can be', from: fromEnvironment('AGENT_MODE') } }],
    },
    {
      name: 'an `or` fallback after environ.get',
      code: code('from os import environ', 'options = ClaudeAgentOptions(permission_mode=environ.get("MODE") or "bypassPermissions")'),
      errors: [{ messageId: 'bypassWithoutDeny', line: 3, column: 69, data: { certainty: 'can be', from: fromEnvironment('MODE') } }],
    },
    {
      name: 'a public function that is never called keeps its bypass default: can be, naming it',
      ...bypassAt(runs('def run(prompt, mode="bypassPermissions")'), 2, 'can be', fromDefault('mode', 'run')),
    },
    {
      name: 'the one call passes bypass by position: is, at the argument',
      ...bypassAt(runs('def _run(prompt, mode)', '_run("a", "bypassPermissions")'), 4, 'is', fromArgument('mode', '_run')),
    },
    {
      name: 'a keyword-only parameter, one call of two passes bypass',
      ...bypassAt(runs('def _run(prompt, *, mode="default")', '_run("a", mode="bypassPermissions")', '_run("b")'), 4, 'can be', fromArgument('mode', '_run')),
    },
    {
      name: 'a call that leaves the argument out takes the default',
      ...bypassAt(runs('def _run(prompt, mode: str = "bypassPermissions")', '_run("a", mode="default")', '_run("b")'), 2, 'can be', fromDefault('mode', '_run')),
    },
    {
      name: 'a field a method switches to bypass: can be, naming the write',
      ...bypassAt(
        session('def __init__(self):', '    self.permission_mode = "default"', 'def yolo(self):', '    self.permission_mode = "bypassPermissions"'),
        6,
        'can be',
        ' (written to self.permission_mode in yolo())',
      ),
    },
    {
      name: 'a typed class field (a dataclass or pydantic default) can be overridden by the constructor call: can be',
      ...bypassAt(session('permission_mode: str = "bypassPermissions"'), 3, 'can be', ' (the default of parameter permission_mode of Session(), taken when a call leaves it out)'),
    },
    {
      name: 'a plain class attribute no method changes: is',
      ...bypassAt(session('permission_mode = "bypassPermissions"'), 3, 'is', ''),
    },
  ],
});
