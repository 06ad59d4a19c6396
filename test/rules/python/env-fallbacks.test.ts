import rule from '../../../rules/no-bypass-without-disallowed-tools.js';
import { py, runPythonCases } from '../../support/python-cases.js';

// Python twin of test/rules/values/env-fallbacks.test.ts (issue 16):
// `os.getenv(k, fallback)` by position, and an environment fallback as a
// parameter's default, where the variable still names where the value comes from.
const code = (...lines: string[]) => py('import os', 'from claude_agent_sdk import ClaudeAgentOptions', ...lines);
const columnOf = (source: string, line: number, needle: string) => source.split('\n')[line - 1]!.indexOf(needle) + 1;
const fromEnvironment = (name: string) => ` (the fallback when the environment variable ${name} is not set)`;
const bypassAt = (source: string, line: number, from: string) => ({
  code: source,
  errors: [{ messageId: 'bypassWithoutDeny' as const, line, column: columnOf(source, line, '"bypassPermissions"'), data: { certainty: 'can be', from } }],
});
/** A public function whose mode defaults to `fallback` (lines 3-4), never called in the module. */
const defaulted = (fallback: string) => code(`def execute(prompt, permission_mode=${fallback}):`, '    return ClaudeAgentOptions(permission_mode=permission_mode)');
const direct = (mode: string) => code(`options = ClaudeAgentOptions(permission_mode=${mode})`);

runPythonCases(rule, {
  valid: [direct('os.getenv("MODE", "plan")'), defaulted('os.environ.get("AGENT_MODE", "default")')],
  invalid: [
    { name: 'os.getenv with a positional bypass fallback', ...bypassAt(direct('os.getenv("MODE", "bypassPermissions")'), 3, fromEnvironment('MODE')) },
    { name: 'an environment fallback as a parameter default names the variable', ...bypassAt(defaulted('os.environ.get("AGENT_MODE", "bypassPermissions")'), 3, fromEnvironment('AGENT_MODE')) },
  ],
});
