import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import rule from '../../../rules/no-bypass-without-disallowed-tools.js';
import { py, runPythonCases } from '../../support/python-cases.js';
import { fixtureFindings } from '../../support/scan.js';

// Python twins of test/rules/values/objects-and-classes.test.ts: modes kept in
// objects and classes (issue 16): a field `__init__` sets, a `@property`, an
// instance read outside its class, `__init__`'s parameters given by the
// class's calls, copies and merged dicts, frozen config objects, subclasses
// of settings classes, a class another module defines.
const code = (...lines: string[]) => py('import copy', 'from claude_agent_sdk import ClaudeAgentOptions, query', ...lines);
const columnOf = (source: string, line: number, needle: string) => source.split('\n')[line - 1]!.indexOf(needle) + 1;
const bypassAt = (source: string, line: number, certainty = 'is', from = '') => ({
  code: source,
  errors: [{ messageId: 'bypassWithoutDeny' as const, line, column: columnOf(source, line, '"bypassPermissions"'), data: { certainty, from } }],
});
/** A class `Session` (line 3 on) whose `run` passes `read` as the mode, with `members` before it, then `after`. */
const session = (members: string[], after: string[] = [], read = 'self.mode') =>
  code('class Session:', ...members.map((line) => `    ${line}`), '    def run(self):', `        return query(prompt="x", options=ClaudeAgentOptions(permission_mode=${read}))`, ...after);
/** A class `Other` with the same members, which no options read. */
const other = (...members: string[]) => ['class Other:', ...members.map((line) => `    ${line}`)];
const settingUp = (mode: string) => ['def __init__(self):', `    self.mode = "${mode}"`];
const asProperty = (mode: string) => ['@property', 'def mode(self):', `    return "${mode}"`];
const readOutside = (...lines: string[]) => code(...lines, 'session = Session()', 'query(prompt="x", options=ClaudeAgentOptions(permission_mode=session.mode))');

/** A module-level `session` of class Session whose mode a command handler `head` may switch with `write` (line 9 on). */
const switched = (write: string, head = 'def on_yolo():', ...more: string[]) => session(['mode = "default"'], ['session = Session()', ...more, head, `    ${write}`]);
const fromWrite = (name: string, owner: string) => ` (written to ${name} in ${owner}())`;
/** A toolbar click handler (a UI action, registered by a decorator) that sets the mode to `mode` (line 10). */
const clicked = (mode: string) => switched(`session.mode = "${mode}"`, 'def on_yolo_clicked(event):', '@toolbar.on_click("yolo")');
/** A class whose `reset()` writes `mode` back to its attribute (line 6). */
const resets = (mode: string) => session(['mode = "default"', 'def reset(self):', `    self.mode = "${mode}"`]);
/** A class attribute a handler sets through the class to `mode` (line 6). */
const classSwitched = (mode: string) =>
  code('class Config:', '    MODE = "default"', 'def on_yolo():', `    Config.MODE = "${mode}"`, 'query(prompt="x", options=ClaudeAgentOptions(permission_mode=Config.MODE))');

/** `imports`, then `lines` (from line 4 on), then a query whose mode is `read`. */
const frozen = (imports: string, ...rest: string[]) => {
  const read = rest.pop()!;
  return code(imports, ...rest, `query(prompt="x", options=ClaudeAgentOptions(permission_mode=${read}))`);
};
/** A class `Base` (`base`, from line 7 on), a subclass `Settings` decorated by `decorator` adding a field, `settings = <call>`, and a query reading its mode. */
const subclass = (base: string[], decorator: string, call = 'Settings()') =>
  code(
    'import attr',
    'from dataclasses import dataclass',
    'from pydantic import BaseModel',
    'from pydantic_settings import BaseSettings, SettingsConfigDict',
    ...base,
    ...(decorator ? [decorator] : []),
    'class Settings(Base):',
    '    model: str = "haiku"',
    `settings = ${call}`,
    'query(prompt="x", options=ClaudeAgentOptions(permission_mode=settings.permission_mode))',
  );
const dataclassBase = ['@dataclass', 'class Base:', '    permission_mode: str = "bypassPermissions"'];
const pydanticBase = ['class Base(BaseModel):', '    permission_mode: str = "bypassPermissions"'];
const settingsBase = ['class Base(BaseSettings):', '    permission_mode: str = "bypassPermissions"'];
const attrsBase = ['@attr.s', 'class Base:', '    permission_mode = attr.ib(default="bypassPermissions")'];
const settingsDefault = ' (the default of parameter permission_mode of Settings(), taken when a call leaves it out)';

runPythonCases(rule, {
  valid: [
    // State switched elsewhere: the handler writes a mode that is not bypass, or the attribute of another class's instance.
    switched('session.mode = "acceptEdits"'),
    switched('other.mode = "bypassPermissions"', 'def on_yolo():', ...other('mode = "default"'), 'other = Other()'),
    switched('target.mode = "bypassPermissions"', 'def on_yolo(target: dict):'),
    // A UI action, a reset and a handler writing through the class, each setting a mode that is not bypass.
    clicked('acceptEdits'),
    resets('acceptEdits'),
    classSwitched('acceptEdits'),
    // Another class's attribute of the same name is not this one.
    session(settingUp('default'), other(...settingUp('bypassPermissions'))),
    session(asProperty('plan'), other(...asProperty('bypassPermissions'))),
    readOutside('class Session:', ...settingUp('default').map((line) => `    ${line}`), ...other(...settingUp('bypassPermissions'))),
    // Every call of the class passes a mode that is not bypass, by position or keyword.
    session(['def __init__(self, mode="bypassPermissions"):', '    self.mode = mode'], ['Session("default")', 'Session(mode="plan")']),
    // A class attribute read through the class that is not bypass.
    code('class Config:', '    MODE = "default"', 'query(prompt="x", options=ClaudeAgentOptions(permission_mode=Config.MODE))'),
    // Copies of a safe dict; a later ** entry replaces the bypass one.
    code('BASE = {"permission_mode": "default"}', 'query(prompt="x", options=ClaudeAgentOptions(**copy.deepcopy(BASE)))'),
    code('FAST = {"permission_mode": "bypassPermissions"}', 'SAFE = {"permission_mode": "default"}', 'query(prompt="x", options=ClaudeAgentOptions(**{**FAST, **SAFE}))'),
    // Merges: the later keys replace the bypass entry, or bring deny rules.
    code('FAST = {"permission_mode": "bypassPermissions"}', 'DENY = {"disallowed_tools": ["Bash"]}', 'query(prompt="x", options=ClaudeAgentOptions(**{**FAST, **DENY}))'),
    code('FAST = {"permission_mode": "bypassPermissions"}', 'query(prompt="x", options=ClaudeAgentOptions(**dict(FAST, permission_mode="default")))'),
    code('BASE = dict(permission_mode="bypassPermissions", disallowed_tools=["Bash"])', 'query(prompt="x", options=ClaudeAgentOptions(**BASE))'),
    code('FAST = {"permission_mode": "bypassPermissions"}', 'query(prompt="x", options=ClaudeAgentOptions(**(FAST | {"permission_mode": "default"})))'),
    code('options = {"permission_mode": "bypassPermissions"}', 'options |= {"disallowed_tools": ["Bash"]}', 'query(prompt="x", options=ClaudeAgentOptions(**options))'),
    // `|` of numbers or sets is not a merge of dicts.
    code('FLAGS = 1 | 2', 'query(prompt="x", options=ClaudeAgentOptions(permission_mode="default", max_turns=FLAGS))'),
    // Frozen config objects of a safe mode.
    frozen('import types', 'CONFIG = types.MappingProxyType({"mode": "default"})', 'CONFIG["mode"]'),
    frozen('from typing import Final', 'MODE: Final = "default"', 'MODE'),
    frozen('from typing import Final', 'class Config:', '    MODE: Final[str] = "plan"', 'Config.MODE'),
    frozen('from dataclasses import dataclass', '@dataclass(frozen=True)', 'class Settings:', '    mode: str = "default"', 'Settings().mode'),
    // A subclass call that passes a safe mode; a base default that is not bypass.
    subclass(dataclassBase, '@dataclass', 'Settings(permission_mode="default")'),
    subclass(pydanticBase, '', 'Settings(permission_mode="plan")'),
    subclass(settingsBase, '', 'Settings(permission_mode="default")'),
    subclass(attrsBase, '@attr.s', 'Settings(permission_mode="default")'),
    subclass(['class Base(BaseSettings):', '    model_config = SettingsConfigDict(env_prefix="AGENT_")', '    permission_mode: str = "default"'], '', 'Settings()'),
    // A plain subclass replaces the base's attribute; a base whose attribute comes from its parameters is not followed (as in TypeScript).
    readOutside('class Base:', '    mode = "bypassPermissions"', 'class Session(Base):', '    mode = "default"'),
    readOutside('class Base:', '    def __init__(self, mode="bypassPermissions"):', '        self.mode = mode', 'class Session(Base):', '    model = "haiku"'),
  ],
  invalid: [
    { name: 'a field __init__ sets', ...bypassAt(session(settingUp('bypassPermissions')), 5) },
    { name: 'a @property that returns the mode', ...bypassAt(session(asProperty('bypassPermissions')), 6) },
    {
      name: 'a @property that returns the options',
      ...bypassAt(code('class Session:', '    @property', '    def options(self):', '        return {"permission_mode": "bypassPermissions"}', '    def run(self):', '        return query(prompt="x", options=ClaudeAgentOptions(**self.options))'), 6),
    },
    {
      name: 'an instance read outside its class: the field __init__ sets',
      ...bypassAt(readOutside('class Session:', ...settingUp('bypassPermissions').map((line) => `    ${line}`)), 5),
    },
    {
      // A public class: another module may build it with another mode, so "can be".
      name: "an __init__ parameter kept in a field: what the class's call passes, naming the call",
      ...bypassAt(session(['def __init__(self, mode):', '    self.mode = mode'], ['Session("bypassPermissions")']), 8, 'can be', ' (passed to Session() as mode)'),
    },
    {
      name: 'an instance read outside its class: the argument its call passes to __init__',
      ...bypassAt(code('class Session:', '    def __init__(self, mode):', '        self.mode = mode', 'session = Session("bypassPermissions")', 'query(prompt="x", options=ClaudeAgentOptions(permission_mode=session.mode))'), 6),
    },
    {
      name: 'an __init__ default that one call leaves out: can be, naming the default',
      ...bypassAt(session(['def __init__(self, mode="bypassPermissions"):', '    self.mode = mode'], ['Session("default")', 'Session()']), 4, 'can be', ' (the default of parameter mode of Session(), taken when a call leaves it out)'),
    },
    { name: "a handler that switches an instance's attribute to bypass: can be, naming the write", ...bypassAt(switched('session.mode = "bypassPermissions"'), 9, 'can be', fromWrite('session.mode', 'on_yolo')) },
    {
      name: 'a parameter typed as the class, switched by a handler',
      ...bypassAt(switched('target.mode = "bypassPermissions"', 'def on_yolo(target: Session):'), 9, 'can be', fromWrite('target.mode', 'on_yolo')),
    },
    { name: 'a class attribute read through the class', ...bypassAt(code('class Config:', '    MODE = "bypassPermissions"', 'query(prompt="x", options=ClaudeAgentOptions(permission_mode=Config.MODE))'), 4) },
    { name: 'a class attribute a handler switches through the class: can be, naming the write', ...bypassAt(classSwitched('bypassPermissions'), 6, 'can be', fromWrite('Config.MODE', 'on_yolo')) },
    { name: 'a click handler (a UI action) that switches the attribute to bypass: can be, naming the handler', ...bypassAt(clicked('bypassPermissions'), 10, 'can be', fromWrite('session.mode', 'on_yolo_clicked')) },
    { name: 'a reset method that writes bypass back: can be, naming the write', ...bypassAt(resets('bypassPermissions'), 6, 'can be', fromWrite('self.mode', 'reset')) },
    { name: 'copy.deepcopy of a bypass dict', ...bypassAt(code('BASE = {"permission_mode": "bypassPermissions"}', 'query(prompt="x", options=ClaudeAgentOptions(**copy.deepcopy(BASE)))'), 3) },
    { name: 'copy.copy of a bypass dict', ...bypassAt(code('BASE = {"permission_mode": "bypassPermissions"}', 'query(prompt="x", options=ClaudeAgentOptions(**copy.copy(BASE)))'), 3) },
    {
      name: '{**a, **b} of two dicts, neither with deny rules',
      ...bypassAt(code('FAST = {"permission_mode": "bypassPermissions"}', 'EXTRA = {"max_turns": 3}', 'query(prompt="x", options=ClaudeAgentOptions(**{**FAST, **EXTRA}))'), 3),
    },
    { name: 'dict(base, k=v) over a bypass dict', ...bypassAt(code('FAST = {"permission_mode": "bypassPermissions"}', 'query(prompt="x", options=ClaudeAgentOptions(**dict(FAST, max_turns=3)))'), 3) },
    { name: 'dict(k=v)', ...bypassAt(code('BASE = dict(permission_mode="bypassPermissions")', 'query(prompt="x", options=ClaudeAgentOptions(**BASE))'), 3) },
    { name: 'a | b of dicts', ...bypassAt(code('FAST = {"permission_mode": "bypassPermissions"}', 'query(prompt="x", options=ClaudeAgentOptions(**(FAST | {"max_turns": 3})))'), 3) },
    { name: 'a |= b of dicts', ...bypassAt(code('options = {"permission_mode": "bypassPermissions"}', 'options |= {"max_turns": 3}', 'query(prompt="x", options=ClaudeAgentOptions(**options))'), 3) },
    { name: 'a |= b that brings the bypass entry', ...bypassAt(code('options = {"max_turns": 3}', 'options |= {"permission_mode": "bypassPermissions"}', 'query(prompt="x", options=ClaudeAgentOptions(**options))'), 4) },
    { name: 'types.MappingProxyType of a bypass dict', ...bypassAt(frozen('import types', 'CONFIG = types.MappingProxyType({"mode": "bypassPermissions"})', 'CONFIG["mode"]'), 4) },
    { name: 'a Final module constant', ...bypassAt(frozen('from typing import Final', 'MODE: Final = "bypassPermissions"', 'MODE'), 4) },
    { name: 'a Final class attribute', ...bypassAt(frozen('from typing import Final', 'class Config:', '    MODE: Final[str] = "bypassPermissions"', 'Config.MODE'), 5) },
    {
      name: 'a frozen dataclass default the call leaves out',
      ...bypassAt(frozen('from dataclasses import dataclass', '@dataclass(frozen=True)', 'class Settings:', '    mode: str = "bypassPermissions"', 'Settings().mode'), 6, 'is', ' (the default of parameter mode of Settings(), taken when a call leaves it out)'),
    },
    // Python missed these (TypeScript reads a base's fields through `extends`).
    { name: "an instance of a plain subclass: the base's class attribute", ...bypassAt(readOutside('class Base:', '    mode = "bypassPermissions"', 'class Session(Base):', '    model = "haiku"'), 4) },
    {
      name: "an instance of a plain subclass: the attribute the base's __init__ sets",
      ...bypassAt(readOutside('class Base:', '    def __init__(self):', '        self.mode = "bypassPermissions"', 'class Session(Base):', '    pass'), 5),
    },
    { name: "a dataclass subclass: the base's default", ...bypassAt(subclass(dataclassBase, '@dataclass'), 9, 'is', settingsDefault) },
    { name: "an undecorated subclass of a dataclass: the base's fields and default", ...bypassAt(subclass(dataclassBase, ''), 9, 'is', settingsDefault) },
    { name: "a pydantic BaseModel subclass: the base's default", ...bypassAt(subclass(pydanticBase, ''), 8, 'is', settingsDefault) },
    { name: "an attrs subclass: the base's default", ...bypassAt(subclass(attrsBase, '@attr.s'), 9, 'is', settingsDefault) },
    {
      name: 'a BaseSettings subclass, which the environment may override: can be, naming the variable',
      ...bypassAt(subclass(settingsBase, ''), 8, 'can be', ' (the fallback when the environment variable PERMISSION_MODE is not set)'),
    },
    {
      name: "BaseSettings with model_config's env_prefix: can be, naming the prefixed variable",
      ...bypassAt(subclass(['class Base(BaseSettings):', '    model_config = SettingsConfigDict(env_prefix="AGENT_")', '    permission_mode: str = "bypassPermissions"'], ''), 9, 'can be', ' (the fallback when the environment variable AGENT_PERMISSION_MODE is not set)'),
    },
    {
      name: 'a model_config dict with env_prefix',
      ...bypassAt(subclass(['class Base(BaseSettings):', '    model_config = {"env_prefix": "AGENT_"}', '    permission_mode: str = "bypassPermissions"'], ''), 9, 'can be', ' (the fallback when the environment variable AGENT_PERMISSION_MODE is not set)'),
    },
    {
      name: "a class Config's env_prefix",
      ...bypassAt(subclass(['class Base(BaseSettings):', '    class Config:', '        env_prefix = "AGENT_"', '    permission_mode: str = "bypassPermissions"'], ''), 10, 'can be', ' (the fallback when the environment variable AGENT_PERMISSION_MODE is not set)'),
    },
  ],
});

// A class another module defines, built here by a call (fixtures/objects-and-classes).
const fixtures = fileURLToPath(new URL('../../../fixtures/objects-and-classes/', import.meta.url));
describe('a call of a class another module defines', () => {
  it('a dataclass default and an __init__ default the calls leave out; calls that pass safe modes stay silent', async () => {
    const found = (await fixtureFindings(fixtures, 'classes-py')).map(({ path, line, column, ruleId, message }) => `${path}:${line}:${column} ${ruleId} ${message.replace(/ with no .*/, '')}`);
    expect(found).toEqual([
      "classes-py/app/config.py:6:28 no-bypass-without-disallowed-tools permission_mode is 'bypassPermissions' (the default of parameter permission_mode of Settings(), taken when a call leaves it out)",
      // config.Session(): no argument; Session(mode="plan") passes its mode by keyword.
      "classes-py/app/config.py:10:29 no-bypass-without-disallowed-tools permission_mode is 'bypassPermissions' (the default of parameter mode of Session(), taken when a call leaves it out)",
    ]);
  });
});
