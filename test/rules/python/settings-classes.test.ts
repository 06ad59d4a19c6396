import bypass from '../../../rules/no-bypass-without-disallowed-tools.js';
import bare from '../../../rules/no-bare-allowed-tools.js';
import { py, runPythonCases } from '../../support/python-cases.js';

// Settings classes read as `settings.permission_mode` (issue 16): dataclass,
// pydantic and attrs fields are the class's constructor parameters, so a
// default the constructor call leaves out is the value, one it passes
// replaces it, and pydantic's BaseSettings reads the environment first.
// A parameter typed as the class is decided by the module's calls of it.
const code = (...lines: string[]) => py('from claude_agent_sdk import ClaudeAgentOptions, query', ...lines);
const columnOf = (source: string, line: number, needle: string) => source.split('\n')[line - 1]!.indexOf(needle) + 1;
const bypassAt = (source: string, line: number, certainty = 'is', from = '') => ({
  code: source,
  errors: [{ messageId: 'bypassWithoutDeny' as const, line, column: columnOf(source, line, '"bypassPermissions"'), data: { certainty, from } }],
});
const defaultOf = (owner: string) => ` (the default of parameter permission_mode of ${owner}(), taken when a call leaves it out)`;
/** `imports` and a class `Settings` (decorated by `decorators`, with `bases`) holding `field`, then `settings = <call>` and a query reading it. */
const settings = (imports: string[], decorators: string[], bases: string, field: string, call = 'Settings()') =>
  code(
    ...imports,
    ...decorators,
    `class Settings${bases}:`,
    `    ${field}`,
    `settings = ${call}`,
    'query(prompt="x", options=ClaudeAgentOptions(permission_mode=settings.permission_mode))',
  );
const dataclass = (field: string, call?: string, decorator = '@dataclass') => settings(['from dataclasses import dataclass, field'], [decorator], '', field, call);
const pydantic = (field: string, call?: string) => settings(['from pydantic import BaseModel, Field'], [], '(BaseModel)', field, call);
const attrs = (field: string, call?: string, decorator = '@attr.s') => settings(['import attr', 'from attrs import define'], [decorator], '', field, call);
/** A function whose `settings: Settings` parameter gives the mode, no call of it, and `calls` of the class. */
const typed = (...calls: string[]) =>
  code(
    'from dataclasses import dataclass',
    '@dataclass',
    'class Settings:',
    '    permission_mode: str = "bypassPermissions"',
    'def build(settings: Settings):',
    '    return ClaudeAgentOptions(permission_mode=settings.permission_mode)',
    ...calls,
  );
const bypassDefault = 'permission_mode: str = "bypassPermissions"';

runPythonCases(bypass, {
  valid: [
    dataclass('permission_mode: str = "default"'),
    // The call replaces the default, by keyword or by position.
    dataclass(bypassDefault, 'Settings(permission_mode="default")'),
    dataclass('permission_mode: str = field(default="bypassPermissions")', 'Settings("plan")', '@dataclass(frozen=True)'),
    pydantic('permission_mode: str = Field(default="bypassPermissions")', 'Settings(permission_mode="acceptEdits")'),
    attrs('permission_mode = attr.ib(default="bypassPermissions")', 'Settings(permission_mode="default")'),
    // A class that is not a settings class: the call's argument is not the attribute.
    settings([], [], '', 'permission_mode = "default"', 'Settings("bypassPermissions")'),
    // The class's only call passes a mode that is not bypass.
    typed('SETTINGS = Settings(permission_mode="default")'),
  ],
  invalid: [
    { name: 'a dataclass default the call leaves out', ...bypassAt(dataclass(bypassDefault), 5, 'is', defaultOf('Settings')) },
    {
      name: 'field(default=...) of a frozen dataclass',
      ...bypassAt(dataclass('permission_mode: str = field(default="bypassPermissions")', 'Settings()', '@dataclass(frozen=True)'), 5, 'is', defaultOf('Settings')),
    },
    { name: 'a pydantic BaseModel default', ...bypassAt(pydantic(bypassDefault), 4, 'is', defaultOf('Settings')) },
    { name: 'pydantic Field(default=...)', ...bypassAt(pydantic('permission_mode: str = Field(default="bypassPermissions")'), 4, 'is', defaultOf('Settings')) },
    {
      name: 'a BaseSettings default, which the environment may override: can be, naming the variable',
      ...bypassAt(settings(['from pydantic_settings import BaseSettings'], [], '(BaseSettings)', bypassDefault), 4, 'can be', ' (the fallback when the environment variable PERMISSION_MODE is not set)'),
    },
    { name: 'attrs attr.ib(default=...)', ...bypassAt(attrs('permission_mode = attr.ib(default="bypassPermissions")'), 6, 'is', defaultOf('Settings')) },
    { name: 'attrs @define with a typed default', ...bypassAt(attrs(bypassDefault, 'Settings()', '@define'), 6, 'is', defaultOf('Settings')) },
    {
      name: 'a parameter typed as the settings class: its calls decide, and one leaves the default',
      ...bypassAt(typed('SETTINGS = Settings()'), 5, 'can be', defaultOf('Settings')),
    },
  ],
});

const tools = (factory: string) => settings(['from dataclasses import dataclass, field'], ['@dataclass'], '', `allowed_tools: list = field(default_factory=${factory})`).replace('permission_mode=settings.permission_mode', 'allowed_tools=settings.allowed_tools');
const bashAt = (source: string, line: number) => ({
  code: source,
  errors: [{ messageId: 'bareTool' as const, line, column: columnOf(source, line, '"Bash"'), suggestions: [{ messageId: 'removeEntry' as const, output: source.replace('"Bash"', '') }] }],
});
runPythonCases(bare, {
  valid: [tools('lambda: ["Read", "Bash(npm test *)"]'), tools('list')],
  invalid: [{ name: 'a default_factory that builds a bare allow list', ...bashAt(tools('lambda: ["Bash"]'), 5) }],
});
