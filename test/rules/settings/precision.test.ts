import { describe, expect, it } from 'vitest';
import { allRules } from '../../../rules/index.js';
import hookScriptRule from '../../../rules/hook-script-must-block.js';
import { checkModel } from '../../../src/engine/check.js';
import { configRules } from '../../../src/engine/configs.js';
import { extractSettings } from '../../../src/frontends/settings/index.js';
import { LineIndex } from '../../../src/model/line-index.js';
import { locatedReports } from '../../support/suggestions.js';

// What must stay silent in settings files (issue 16), each next to the case
// that shows the rule still fires on the real problem. Findings of the whole
// recommended config, as `scan` reports them: one finding per mistake.

const recommended = configRules('recommended', allRules);
const findings = (code: string, path = '.claude/settings.json') =>
  locatedReports(code, path, recommended).map(({ ruleId, messageId, line, column }) => `${line}:${column} ${ruleId}/${messageId}`);
const columnOf = (code: string, needle: string) => code.split('\n')[0]!.indexOf(needle) + 1;

describe('an empty, blank or malformed allow entry: only valid-permission-rule speaks', () => {
  it.each([
    ['""', 'empty'],
    ['"  "', 'empty'],
    ['"Bash("', 'malformed'],
    ['"(Bash)"', 'misspelt'],
  ])('%s', (entry, messageId) => {
    const code = `{ "permissions": { "allow": [${entry}, "Read"] } }`;
    expect(findings(code)).toEqual([`1:${columnOf(code, entry)} valid-permission-rule/${messageId}`]);
  });

  it('a bare entry next to it is still reported as bare', () => {
    const code = '{ "permissions": { "allow": ["Bash(", "Bash"] } }';
    expect(findings(code)).toEqual([`1:${columnOf(code, '"Bash("')} valid-permission-rule/malformed`, `1:${columnOf(code, '"Bash"')} no-bare-allowed-tools/bareTool`]);
  });
});

describe('bare allow entries under a bypass mode', () => {
  const code = '{ "permissions": { "defaultMode": "bypassPermissions", "deny": ["Bash(rm *)"], "allow": ["Bash"] } }';
  const allow = columnOf(code, '"allow"');

  it('local settings, where Claude Code honours the mode: reported once, at permissions.allow', () => {
    expect(findings(code, '.claude/settings.local.json')).toEqual([`1:${allow} no-bypass-without-disallowed-tools/allowRulesIgnored`]);
  });

  it('project settings, where Claude Code drops the mode and the entry applies: the entry is bare as well', () => {
    expect(findings(code)).toEqual([`1:${allow} no-bypass-without-disallowed-tools/allowRulesIgnored`, `1:${columnOf(code, '"Bash"]')} no-bare-allowed-tools/bareTool`]);
  });
});

describe('a hook run through an installed TypeScript runner: the script it runs is checked, not the runner', () => {
  const settings = (command: string) =>
    `{\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "Bash", "hooks": [{ "type": "command", "command": ${JSON.stringify(command)} }] }\n    ]\n  }\n}`;
  /** Column of the command string on line 4. */
  const at = '      { "matcher": "Bash", "hooks": [{ "type": "command", "command": '.length + 1;
  const blocking = "if (process.argv.length > 9) process.exit(2);\n";
  const reports = (command: string, files: Record<string, string>) => {
    const code = settings(command);
    const analysis = extractSettings(code, '.claude/settings.json', (file) => files[file]);
    expect(analysis.syntaxErrors).toEqual([]);
    const lines = new LineIndex(code);
    return checkModel(analysis.model!, [{ rule: hookScriptRule, severity: 'error', options: undefined }]).map(({ messageId, data, span }) => ({ messageId, data, ...lines.locate(span.start) }));
  };

  // node_modules is installed, not committed: the runner is never in the repository.
  it.each(['node_modules/.bin/tsx hooks/guard.ts', '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/tsx hooks/guard.ts', 'npx tsx hooks/guard.ts', 'npx ts-node hooks/guard.ts'])(
    'silent when the script is there and blocks: %s',
    (command) => {
      expect(reports(command, { 'hooks/guard.ts': blocking })).toEqual([]);
    },
  );

  // The same runner on a JavaScript script, and a Python hook run by the project's virtualenv interpreter (also installed, not committed).
  it.each([
    ['node_modules/.bin/tsx hooks/guard.mjs', 'hooks/guard.mjs', blocking],
    ['.venv/bin/python hooks/guard.py', 'hooks/guard.py', 'import sys\nif len(sys.argv) > 9:\n    sys.exit(2)\n'],
  ])('silent when the script is there and blocks: %s', (command, script, text) => {
    expect(reports(command, { [script]: text })).toEqual([]);
  });

  it.each([
    ['node_modules/.bin/tsx hooks/guard.mjs', 'hooks/guard.mjs', 'if (process.argv.length > 9) process.exit(1);\n'],
    ['.venv/bin/python hooks/guard.py', 'hooks/guard.py', 'import sys\nif len(sys.argv) > 9:\n    sys.exit(1)\n'],
  ])('an exit 1 in the script is reported: %s', (command, script, text) => {
    expect(reports(command, { [script]: text })).toEqual([{ messageId: 'exitOne', data: { script, line: text.startsWith('import') ? 3 : 1 }, line: 4, column: at }]);
  });

  it('silent for another installed program, whose script cannot be known', () => {
    expect(reports('node_modules/.bin/policy-guard --strict', {})).toEqual([]);
    expect(reports('npx policy-guard hooks/guard.ts', {})).toEqual([]);
  });

  it('a missing script behind the runner is reported, with what the runner does', () => {
    expect(reports('npx tsx hooks/guard.ts', {})).toEqual([
      {
        messageId: 'missingScript',
        data: { script: 'hooks/guard.ts', consequence: 'tsx exits with code 1, which Claude Code treats as a non-blocking error, so the call goes ahead unchecked' },
        line: 4,
        column: at,
      },
    ]);
  });

  it('an exit 1 in the script behind the runner is reported', () => {
    expect(reports('node_modules/.bin/tsx hooks/guard.ts', { 'hooks/guard.ts': 'if (process.argv.length > 9) process.exit(1);\n' })).toEqual([
      { messageId: 'exitOne', data: { script: 'hooks/guard.ts', line: 1 }, line: 4, column: at },
    ]);
  });
});
