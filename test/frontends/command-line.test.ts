import { describe, expect, it } from 'vitest';
import { analyseText } from '../../src/engine/analyse.js';
import { isSupportedPath } from '../../src/engine/prefilter.js';
import { isCommandLinePath, mentionsClaudeFlags } from '../../src/frontends/command-line/index.js';
import { shellCommands, unknownChar } from '../../src/frontends/command-line/shell-words.js';

/** Each command's words, an unknown part shown as `?`. */
const words = (text: string, expressions = false) => shellCommands(text, undefined, { expressions }).map((command) => command.map((word) => word.text.replaceAll(unknownChar, '?')));

describe('the command-line front end', () => {
  it('reads shell scripts, Makefiles, package.json and GitHub workflows by name, and nothing else', () => {
    for (const path of ['run.sh', 'a/b.bash', 'Makefile', 'sub/makefile', 'GNUmakefile', 'rules.mk', 'package.json', 'app/package.json', '.github/workflows/ci.yml', '.github/workflows/ci.yaml', 'C:\\repo\\.github\\workflows\\ci.yml', 'C:\\repo\\run.sh']) {
      expect([path, isCommandLinePath(path), isSupportedPath(path)]).toEqual([path, true, true]);
    }
    // A script without an extension is not opened to read its #! line; YAML outside .github/workflows is not a workflow.
    for (const path of ['bin/run', 'Makefile.bak', 'package-lock.json', 'ci.yml', '.github/ci.yml', 'workflows/ci.yml', '.github/workflows/sub/ci.yml', 'x.github/workflows/ci.yml', 'repo/my.github/workflows/ci.yml']) {
      expect([path, isCommandLinePath(path)]).toEqual([path, false]);
    }
  });

  it('passes only text that names claude with a permission flag, or a Claude Code Action', () => {
    expect(mentionsClaudeFlags('claude -p hi --permission-mode plan')).toBe(true);
    expect(mentionsClaudeFlags('uses: anthropics/claude-code-action@v1')).toBe(true);
    expect(mentionsClaudeFlags('claude -p "hello"')).toBe(false);
    expect(mentionsClaudeFlags('rsync --settings x --allowedTools y')).toBe(false);
  });

  it('splits words as the shell does: quotes, escapes, continuations, and what only the shell knows as unknown', () => {
    expect(words(`claude -p 'a b' "c \\"d\\"" e\\ f \\\n  --x=$Y "\${Z}w" $(date) \`id\``)).toEqual([
      ['claude', '-p', 'a b', 'c "d"', 'e f', '--x=?', '?w', '?', '?'],
      ['date'],
      ['id'],
    ]);
    expect(words('a; b && c | d & e\nf # g h\n(i)')).toEqual([['a'], ['b'], ['c'], ['d'], ['e'], ['f'], ['i']]);
    // Redirections and their targets are not words of the command; here-document bodies are skipped.
    expect(words('claude -p x > out.txt 2>&1 <in\ncat <<-"END"\n\tclaude --dangerously-skip-permissions\n\tEND\nnext')).toEqual([['claude', '-p', 'x'], ['cat'], ['next']]);
    // GitHub expressions are replaced before the shell runs, even inside single quotes.
    expect(words(`claude '\${{ inputs.a }}' "b\${{ x }}"`, true)).toEqual([['claude', '?', 'b?']]);
  });

  it('places each word where its characters are written', () => {
    const text = `claude "Bash(git *)" 'x'`;
    const [[, quoted, single]] = shellCommands(text) as [[unknown, { start: number; end: number; at: number[] }, { at: number[] }]];
    expect(quoted.at[0]).toBe(text.indexOf('Bash'));
    expect([quoted.start, quoted.end]).toEqual([7, 20]);
    expect(single.at).toEqual([text.indexOf('x')]);
  });

  it('reports a workflow or package.json that is not valid YAML or JSON as a syntax error, only when it names Claude Code with a flag', () => {
    const workflow = analyseText('on: [issues\njobs:\n  a:\n    steps:\n      - run: claude --dangerously-skip-permissions\n', '.github/workflows/a.yml');
    expect(workflow.syntaxErrors[0]?.message).toMatch(/^the workflow is not valid YAML \(\w+\), so the Claude Code steps in it cannot be checked\.$/);
    const manifest = analyseText('{ "scripts": { "a": "claude --dangerously-skip-permissions" ', 'package.json');
    expect(manifest.syntaxErrors[0]?.message).toMatch(/^package\.json is not valid JSON/);
    expect(analyseText('on: [push\n', '.github/workflows/b.yml').syntaxErrors).toEqual([]);
    expect(analyseText('{ "name": ', 'package.json').syntaxErrors).toEqual([]);
  });

  it('makes one configuration per claude command, with the entry and, for a workflow, the untrusted trigger', () => {
    const text = 'on:\n  pull_request_target:\n  push:\njobs:\n  a:\n    steps:\n      - run: claude -p a --permission-mode plan\n      - uses: anthropics/claude-code-action@v1\n';
    const configurations = analyseText(text, '.github/workflows/a.yml').model!.configurations;
    expect(configurations.map((config) => [config.entry, config.untrustedInput?.trigger, text.slice(config.span.start, config.span.end)])).toEqual([
      ['claude', 'pull_request_target', 'claude -p a --permission-mode plan'],
      ['claude-code-action', 'pull_request_target', 'anthropics/claude-code-action@v1'],
    ]);
    // Behind wrappers and their options; not as an argument of another command.
    for (const line of ['for f in *; do sudo -E claude --permission-mode plan; done', 'if timeout 60 claude --permission-mode plan; then :; fi', 'npm exec -- claude --permission-mode plan']) {
      expect([line, analyseText(`${line}\n`, 'a.sh').model!.configurations.length]).toEqual([line, 1]);
    }
    for (const line of ['echo claude --permission-mode plan', 'git commit -m claude --permission-mode plan', 'claudette --permission-mode plan']) {
      expect([line, analyseText(`${line}\n`, 'a.sh').model!.configurations.length]).toEqual([line, 0]);
    }
  });
});
