import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import rule from '../../rules/hook-script-must-block.js';
import { analyseText } from '../../src/engine/analyse.js';
import { runRules } from '../../src/engine/check.js';
import { applyEdits } from '../../src/engine/edits.js';
import { scan } from '../support/scan.js';
import { readText } from '../../src/engine/sources.js';

const cwd = fileURLToPath(new URL('../../fixtures/settings/hook-scripts/', import.meta.url));

describe('scan reads the scripts settings hooks run', () => {
  it('reports a missing script and an exit 1 at the command in the settings file', async () => {
    const result = await scan({ cwd, rules: ['hook-script-must-block'], configFile: false });
    expect(result.problems).toEqual([]);
    expect(result.findings.map(({ ruleId, messageId, path: file, line, column, endColumn, message }) => ({ ruleId, messageId, file, line, column, endColumn, message }))).toEqual([
      {
        ruleId: 'hook-script-must-block',
        messageId: 'exitOne',
        file: '.claude/settings.json',
        line: 4,
        column: 70,
        endColumn: 121,
        message:
          "The PreToolUse hook script '\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/block-rm.sh' exits with code 1 (line 6), which Claude Code treats as a non-blocking error: the tool call goes ahead. Exit with code 2 to block it; stderr then goes to the model.",
      },
      {
        ruleId: 'hook-script-must-block',
        messageId: 'missingScript',
        file: '.claude/settings.json',
        line: 6,
        column: 74,
        endColumn: 102,
        message:
          "The PreToolUse hook runs '.claude/hooks/check-url.sh', which is not in the repository: the shell exits with code 127, which Claude Code treats as a non-blocking error, so the call goes ahead unchecked. Add the script or fix the path.",
      },
    ]);
  });

  it('gives the exit 1 a suggestion whose edit is in the script, at the exit', () => {
    const settings = path.join(cwd, '.claude/settings.json');
    const script = path.join(cwd, '.claude/hooks/block-rm.sh');
    const { model } = analyseText(readText(settings)!, settings, readText);
    const [report] = runRules(model!, [{ rule, severity: 'error', options: undefined }]);
    expect(report!.suggestions).toEqual([
      { messageId: 'exitTwo', message: "Exit with code 2: 'exit 2'.", data: { blocking: 'exit 2' }, edits: [{ span: { start: 226, end: 232, file: script }, text: 'exit 2' }] },
    ]);
    expect(applyEdits(readText(script)!, report!.suggestions![0]!.edits)).toBe(readText(script)!.replace('  exit 1\n', '  exit 2\n'));
  });

  it.skipIf(process.platform === 'win32')('does not block on a FIFO where the script should be, and reports it as not checked', async () => {
    const project = mkdtempSync(path.join(tmpdir(), 'toolgate-fifo-'));
    try {
      mkdirSync(path.join(project, '.claude/hooks'), { recursive: true });
      execFileSync('mkfifo', [path.join(project, '.claude/hooks/guard.sh')]);
      writeFileSync(path.join(project, '.claude/settings.json'), '{ "hooks": { "PreToolUse": [{ "hooks": [{ "type": "command", "command": ".claude/hooks/guard.sh" }] }] } }');
      const result = await scan({ cwd: project, rules: ['hook-script-must-block'], configFile: false });
      // There, but not a file toolgate reads: not taken for a missing script, and the run fails closed.
      expect(result.findings).toEqual([]);
      expect(result.problems).toEqual([
        { path: '.claude/settings.json', kind: 'read', message: 'Cannot read the hook script .claude/hooks/guard.sh: it is not a regular file (a device, FIFO or socket)' },
      ]);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
