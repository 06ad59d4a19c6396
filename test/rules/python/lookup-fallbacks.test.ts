import rule from '../../../rules/no-bypass-without-disallowed-tools.js';
import { py, runPythonCases } from '../../support/python-cases.js';

// `config.get(key, fallback)`: the value at the key, or the fallback, which
// "can be" the value when the dict is not known (issue 16).
const code = (...lines: string[]) => py('from enum import StrEnum', 'from claude_agent_sdk import ClaudeAgentOptions', ...lines);
const columnOf = (source: string, line: number, needle: string) => source.split('\n')[line - 1]!.indexOf(needle) + 1;
const bypassAt = (source: string, line: number, certainty: string, from: string) => ({
  code: source,
  errors: [{ messageId: 'bypassWithoutDeny' as const, line, column: columnOf(source, line, '"bypassPermissions"'), data: { certainty, from } }],
});
const fallback = (lookup: string) => ` (the fallback when ${lookup} is not set)`;
/** Lines 3-5: an enum of keys and a module dict of defaults keyed by its members. */
const keys = ['class Key(StrEnum):', '    MODE = "permission_mode"', 'DEFAULTS = {Key.MODE: "bypassPermissions", "safe": "default"}'];
/** A helper that reads `raw`'s mode with `read` (lines 6-8), and options built from it. */
const settings = (read: string, ...after: string[]) =>
  code(...keys, 'def settings(raw):', '    config = raw or {}', `    return {Key.MODE: ${read}}`, 'def options(raw):', '    return ClaudeAgentOptions(permission_mode=settings(raw)[Key.MODE])', ...after);

runPythonCases(rule, {
  valid: [
    // The fallback is not bypass.
    settings('config.get(Key.MODE, DEFAULTS["safe"])'),
    // A known dict that holds the key: its value, never the fallback.
    code(...keys, 'config = {Key.MODE: "plan"}', 'options = ClaudeAgentOptions(permission_mode=config.get(Key.MODE, DEFAULTS[Key.MODE]))'),
    // A module's get() is a call, not a lookup; get() without a fallback gives None.
    code(...keys, 'import requests', 'options = ClaudeAgentOptions(permission_mode=requests.get("https://x", DEFAULTS[Key.MODE]))'),
    code(...keys, 'def options(config):', '    return ClaudeAgentOptions(permission_mode=config.get(Key.MODE))'),
  ],
  invalid: [
    {
      name: 'an unknown dict read with a fallback from an enum-indexed defaults dict',
      ...bypassAt(settings('config.get(Key.MODE, DEFAULTS[Key.MODE])'), 5, 'can be', fallback('config[Key.MODE]')),
    },
    {
      name: 'a string key and a literal fallback on a parameter',
      ...bypassAt(code('def options(config):', '    return ClaudeAgentOptions(permission_mode=config.get("mode", "bypassPermissions"))'), 4, 'can be', fallback('config["mode"]')),
    },
    {
      name: 'a known dict without the key: the fallback is the value',
      ...bypassAt(code(...keys, 'config = {"model": "opus"}', 'options = ClaudeAgentOptions(permission_mode=config.get(Key.MODE, DEFAULTS[Key.MODE]))'), 5, 'is', fallback('config[Key.MODE]')),
    },
  ],
});
