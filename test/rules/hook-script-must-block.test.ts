import { describe, expect, it } from 'vitest';
import rule from '../../rules/hook-script-must-block.js';
import { checkModel } from '../../src/engine/check.js';
import { applyEdits } from '../../src/engine/edits.js';
import { LineIndex } from '../../src/model/line-index.js';
import { extractSettings } from '../../src/frontends/settings/index.js';

// The rule reads facts the engine gathers from the repository, so its cases
// are settings files together with the scripts they name (see scan.test.ts
// for the same through `scan`, and test/eslint for ESLint).

/** A project settings file with one PreToolUse hook on line 4: `{ "type": "command", <hook> }`. */
const settings = (hook: string, event = 'PreToolUse') =>
  `{\n  "hooks": {\n    "${event}": [\n      { "matcher": "Bash", "hooks": [{ "type": "command", ${hook} }] }\n    ]\n  }\n}`;
const command = (text: string) => `"command": ${JSON.stringify(text)}`;
/** Column of the command string on line 4. */
const at = '      { "matcher": "Bash", "hooks": [{ "type": "command", "command": '.length + 1;

const shellDeny = '#!/usr/bin/env bash\ncommand=$(jq -r .tool_input.command)\nif [[ $command == *"rm -rf"* ]]; then\n  echo "rm -rf is not allowed" >&2\n  exit 1\nfi\n';

interface Case {
  name: string;
  code: string;
  files?: Record<string, string>;
  path?: string;
}

function reports({ code, files = {}, path = '.claude/settings.json' }: Case) {
  const analysis = extractSettings(code, path, (file) => files[file]);
  expect(analysis.syntaxErrors).toEqual([]);
  const lines = new LineIndex(code);
  return checkModel(analysis.model!, [{ rule, severity: 'error', options: undefined }]).map(({ messageId, data, span, suggestions }) => ({
    messageId,
    data,
    ...lines.locate(span.start),
    endColumn: lines.locate(span.end).column,
    ...(suggestions
      ? {
          suggestions: suggestions.map(({ message, edits }) => ({
            message,
            file: edits[0]!.span.file,
            output: applyEdits(files[edits[0]!.span.file!]!, edits),
          })),
        }
      : {}),
  }));
}

describe('hook-script-must-block', () => {
  const valid: Case[] = [
    { name: 'a script that blocks with exit 2', code: settings(command('$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh')), files: { '.claude/hooks/guard.sh': shellDeny.replace('exit 1', 'exit 2') } },
    {
      name: 'exit 1 in a comment, a string, or as exit 10',
      code: settings(command('bash .claude/hooks/guard.sh')),
      files: { '.claude/hooks/guard.sh': '# exit 1 would let the call through\necho "never exit 1" >&2\nexit 10\n' },
    },
    { name: 'python exiting 2', code: settings(command('python3 .claude/hooks/guard.py')), files: { '.claude/hooks/guard.py': 'import sys\n# sys.exit(1) is non-blocking\nprint("no", file=sys.stderr)\nsys.exit(2)\n' } },
    { name: 'node exiting 2', code: settings(command('node .claude/hooks/guard.js')), files: { '.claude/hooks/guard.js': '// process.exit(1) would not block\nconsole.error("no");\nprocess.exit(2);\n' } },
    // Commands that are not a project script: a program on PATH, inline shell, other variables.
    { name: 'a program on PATH', code: settings(command("jq -e '.tool_input.command | test(\"rm -rf\") | not'")) },
    { name: 'inline shell that exits 1', code: settings(command('echo blocked >&2; exit 1')) },
    { name: 'a script name without a folder is looked up on PATH', code: settings(command('guard.sh')) },
    { name: 'another variable', code: settings(command('$HOME/hooks/guard.sh')) },
    // Outside the repository: whether it exists depends on the machine.
    { name: 'a home path', code: settings(command('~/.claude/hooks/guard.sh')) },
    { name: 'an absolute path', code: settings(command('/usr/local/bin/guard.sh')) },
    { name: 'a path that leaves the project', code: settings(command('../shared/guard.sh')) },
    // Hooks that cannot let a call through by failing.
    { name: 'a PostToolUse hook', code: settings(command('.claude/hooks/missing.sh'), 'PostToolUse') },
    { name: "onFailure: 'block'", code: settings(`${command('.claude/hooks/missing.sh')}, "onFailure": "block"`) },
    { name: 'an async hook', code: settings(`${command('.claude/hooks/missing.sh')}, "async": true`) },
    { name: 'a PowerShell hook', code: settings(`${command('.claude/hooks/missing.ps1')}, "shell": "powershell"`) },
    { name: 'managed settings run in any project', code: settings(command('.claude/hooks/missing.sh')), path: '/etc/claude-code/managed-settings.json' },
    { name: 'a script of unknown language is only checked to exist', code: settings(command('.claude/hooks/guard')), files: { '.claude/hooks/guard': 'exit 1\n' } },
  ];
  it.each(valid.map((item) => [item.name, item] as const))('valid: %s', (_name, item) => {
    expect(reports(item)).toEqual([]);
  });

  it('reports a missing script run directly, at the command', () => {
    expect(reports({ name: '', code: settings(command('"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh')) })).toEqual([
      {
        messageId: 'missingScript',
        data: {
          script: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh',
          consequence: 'the shell exits with code 127, which Claude Code treats as a non-blocking error, so the call goes ahead unchecked',
        },
        line: 4,
        column: at,
        endColumn: at + 48,
      },
    ]);
  });

  it('says what each runner does with a missing script', () => {
    const consequence = (text: string) => reports({ name: '', code: settings(command(text)) }).map(({ data }) => data.consequence);
    expect(consequence('bash .claude/hooks/guard.sh')).toEqual(['bash exits with code 127, which Claude Code treats as a non-blocking error, so the call goes ahead unchecked']);
    expect(consequence('node .claude/hooks/guard.js')).toEqual(['node exits with code 1, which Claude Code treats as a non-blocking error, so the call goes ahead unchecked']);
    expect(consequence('python3 .claude/hooks/guard.py')).toEqual(['python3 exits with code 2, so Claude Code blocks every call this hook matches']);
    expect(consequence('sh .claude/hooks/guard.sh')).toEqual(['sh exits with code 127 or 2, depending on the system, so the call goes ahead unchecked or every call is blocked']);
  });

  it('reports exit 1 in a shell script, with a suggestion that edits the script', () => {
    const item = { name: '', code: settings(command('"$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh"')), files: { '.claude/hooks/guard.sh': shellDeny } };
    expect(reports(item)).toEqual([
      {
        messageId: 'exitOne',
        data: { script: '"$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh"', line: 5 },
        line: 4,
        column: at,
        endColumn: at + 48,
        suggestions: [{ message: "Exit with code 2: 'exit 2'.", file: '.claude/hooks/guard.sh', output: shellDeny.replace('exit 1', 'exit 2') }],
      },
    ]);
  });

  it('reports each exit 1 of python and node scripts, in local settings and the exec form', () => {
    const python = 'import sys\nif "rm -rf" in sys.stdin.read():\n    print("no", file=sys.stderr)\n    sys.exit(1)\nraise SystemExit( 1 )\n';
    const node = "#!/usr/bin/env node\nif (process.argv.length > 5) process.exitCode = 1;\nelse process.exit(1);\n";
    const code = `{\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "python3 \${CLAUDE_PROJECT_DIR}/hooks/guard.py" }] },\n      { "hooks": [{ "type": "command", "command": "node", "args": ["$CLAUDE_PROJECT_DIR/hooks/guard"], "onFailure": "continue" }] }\n    ]\n  }\n}`;
    const found = reports({ name: '', code, path: 'app/.claude/settings.local.json', files: { 'app/hooks/guard.py': python, 'app/hooks/guard': node } });
    expect(found.map(({ data, line, column, suggestions }) => ({ data, line, column, fixed: suggestions?.map(({ message }) => message) }))).toEqual([
      { data: { script: '${CLAUDE_PROJECT_DIR}/hooks/guard.py', line: 4 }, line: 4, column: at, fixed: ["Exit with code 2: 'sys.exit(2)'."] },
      { data: { script: '${CLAUDE_PROJECT_DIR}/hooks/guard.py', line: 5 }, line: 4, column: at, fixed: ["Exit with code 2: 'raise SystemExit( 2 )'."] },
      { data: { script: '$CLAUDE_PROJECT_DIR/hooks/guard', line: 2 }, line: 5, column: 51, fixed: ["Exit with code 2: 'process.exitCode = 2'."] },
      { data: { script: '$CLAUDE_PROJECT_DIR/hooks/guard', line: 3 }, line: 5, column: 51, fixed: ["Exit with code 2: 'process.exit(2)'."] },
    ]);
  });

  it('reads nothing without a reader: ESLint and scan pass one, a bare model has no script facts', () => {
    const code = settings(command('.claude/hooks/missing.sh'));
    expect(extractSettings(code, '.claude/settings.json').model?.configurations[0]?.hookScripts).toBeUndefined();
  });
});
