import rule from '../../rules/no-bypass-without-disallowed-tools.js';
import { py, pythonReports } from '../support/python-cases.js';
import { it } from 'vitest';
const code = (...lines: string[]) => py('import copy', 'import types', 'from typing import Final', 'from dataclasses import dataclass', 'from pydantic import BaseModel', 'from pydantic_settings import BaseSettings, SettingsConfigDict', 'from claude_agent_sdk import ClaudeAgentOptions, query', ...lines);
const q = (opts: string) => `query(prompt="x", options=${opts})`;
const cases: Record<string, string> = {
  ctorOptionsTp: code('class Session:', '    def __init__(self):', '        self.options = ClaudeAgentOptions(permission_mode="bypassPermissions")', '    def run(self):', '        return ' + q('self.options')),
  ctorOptionsNm: code('class Session:', '    def __init__(self):', '        self.options = ClaudeAgentOptions(permission_mode="bypassPermissions", disallowed_tools=["Bash"])', '    def run(self):', '        return ' + q('self.options')),
  methodTp: code('class Session:', '    def options(self):', '        return ClaudeAgentOptions(permission_mode="bypassPermissions")', '    def run(self):', '        return ' + q('self.options()')),
  methodNm: code('class Session:', '    def options(self):', '        return ClaudeAgentOptions(permission_mode="bypassPermissions", disallowed_tools=["Bash"])', '    def run(self):', '        return ' + q('self.options()')),
  propNm: code('class Session:', '    @property', '    def options(self):', '        return {"permission_mode": "bypassPermissions", "disallowed_tools": ["Bash"]}', '    def run(self):', '        return ' + q('ClaudeAgentOptions(**self.options)')),
  mergeTp: code('FAST = {"permission_mode": "bypassPermissions"}', 'EXTRA = {"max_turns": 3}', q('ClaudeAgentOptions(**{**FAST, **EXTRA})')),
  mergeNm2: code('FAST = {"permission_mode": "bypassPermissions"}', 'EXTRA = {"disallowed_tools": ["Bash"]}', q('ClaudeAgentOptions(**{**FAST, **EXTRA})')),
  dictTp: code('FAST = {"permission_mode": "bypassPermissions"}', q('ClaudeAgentOptions(**dict(FAST, max_turns=3))')),
  dictNm: code('FAST = {"permission_mode": "bypassPermissions"}', q('ClaudeAgentOptions(**dict(FAST, permission_mode="default"))')),
  dictKwTp: code('BASE = dict(permission_mode="bypassPermissions")', q('ClaudeAgentOptions(**BASE)')),
  dictKwNm: code('BASE = dict(permission_mode="bypassPermissions", disallowed_tools=["Bash"])', q('ClaudeAgentOptions(**BASE)')),
  orTp: code('FAST = {"permission_mode": "bypassPermissions"}', q('ClaudeAgentOptions(**(FAST | {"max_turns": 3}))')),
  orNm: code('FAST = {"permission_mode": "bypassPermissions"}', q('ClaudeAgentOptions(**(FAST | {"permission_mode": "default"}))')),
  orEqTp: code('options = {"permission_mode": "bypassPermissions"}', 'options |= {"max_turns": 3}', q('ClaudeAgentOptions(**options)')),
  proxyTp: code('CONFIG = types.MappingProxyType({"mode": "bypassPermissions"})', q('ClaudeAgentOptions(permission_mode=CONFIG["mode"])')),
  proxyNm: code('CONFIG = types.MappingProxyType({"mode": "default"})', q('ClaudeAgentOptions(permission_mode=CONFIG["mode"])')),
  finalTp: code('MODE: Final = "bypassPermissions"', q('ClaudeAgentOptions(permission_mode=MODE)')),
  finalNm: code('MODE: Final = "default"', q('ClaudeAgentOptions(permission_mode=MODE)')),
  finalClsTp: code('class Config:', '    MODE: Final = "bypassPermissions"', q('ClaudeAgentOptions(permission_mode=Config.MODE)')),
  subDcTp: code('@dataclass', 'class Base:', '    permission_mode: str = "bypassPermissions"', '@dataclass', 'class Settings(Base):', '    model: str = "haiku"', 'settings = Settings()', q('ClaudeAgentOptions(permission_mode=settings.permission_mode)')),
  subDcNm: code('@dataclass', 'class Base:', '    permission_mode: str = "bypassPermissions"', '@dataclass', 'class Settings(Base):', '    model: str = "haiku"', 'settings = Settings(permission_mode="default")', q('ClaudeAgentOptions(permission_mode=settings.permission_mode)')),
  subPydTp: code('class Base(BaseModel):', '    permission_mode: str = "bypassPermissions"', 'class Settings(Base):', '    model: str = "haiku"', 'settings = Settings()', q('ClaudeAgentOptions(permission_mode=settings.permission_mode)')),
  subBsTp: code('class Base(BaseSettings):', '    permission_mode: str = "bypassPermissions"', 'class Settings(Base):', '    model: str = "haiku"', 'settings = Settings()', q('ClaudeAgentOptions(permission_mode=settings.permission_mode)')),
  envPrefixTp: code('class Settings(BaseSettings):', '    model_config = SettingsConfigDict(env_prefix="AGENT_")', '    permission_mode: str = "bypassPermissions"', 'settings = Settings()', q('ClaudeAgentOptions(permission_mode=settings.permission_mode)')),
  bsNm: code('class Settings(BaseSettings):', '    permission_mode: str = "bypassPermissions"', 'settings = Settings(permission_mode="default")', q('ClaudeAgentOptions(permission_mode=settings.permission_mode)')),
  bsNm2: code('class Settings(BaseSettings):', '    permission_mode: str = "default"', 'settings = Settings()', q('ClaudeAgentOptions(permission_mode=settings.permission_mode)')),
  frozenDcNm: code('@dataclass(frozen=True)', 'class Settings:', '    permission_mode: str = "default"', 'settings = Settings()', q('ClaudeAgentOptions(permission_mode=settings.permission_mode)')),
};
for (const [name, source] of Object.entries(cases)) it(name, () => { console.log(name, JSON.stringify(pythonReports(source, rule).map((r) => [r.line, r.column, r.data.certainty, r.data.from]))); });
