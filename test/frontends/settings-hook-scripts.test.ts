import { describe, expect, it } from 'vitest';
import { scriptOf } from '../../src/frontends/settings/hook-command.js';
import { nonBlockingExits } from '../../src/frontends/settings/script-exits.js';

describe('scriptOf: the project script a hook command runs', () => {
  it.each([
    ['.claude/hooks/guard.sh', { written: '.claude/hooks/guard.sh', relative: '.claude/hooks/guard.sh', runner: 'direct' }],
    ['./scripts/../hooks/guard.sh --strict', { written: './scripts/../hooks/guard.sh', relative: 'hooks/guard.sh', runner: 'direct' }],
    ['$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh', { written: '$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh', relative: '.claude/hooks/guard.sh', runner: 'direct' }],
    ['"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh', { written: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh', relative: '.claude/hooks/guard.sh', runner: 'direct' }],
    ['"${CLAUDE_PROJECT_DIR}/my hooks/guard.sh"', { written: '"${CLAUDE_PROJECT_DIR}/my hooks/guard.sh"', relative: 'my hooks/guard.sh', runner: 'direct' }],
    ['bash .claude/hooks/guard.sh', { written: '.claude/hooks/guard.sh', relative: '.claude/hooks/guard.sh', runner: 'bash' }],
    ['/usr/bin/python3 hooks/guard.py --mode=strict', { written: 'hooks/guard.py', relative: 'hooks/guard.py', runner: 'python3' }],
    ['node guard.mjs', { written: 'guard.mjs', relative: 'guard.mjs', runner: 'node' }],
    // An installed TypeScript runner is no script: the file it runs is.
    ['node_modules/.bin/tsx hooks/guard.ts', { written: 'hooks/guard.ts', relative: 'hooks/guard.ts', runner: 'tsx' }],
    ['npx ts-node "$CLAUDE_PROJECT_DIR/hooks/guard.ts"', { written: '"$CLAUDE_PROJECT_DIR/hooks/guard.ts"', relative: 'hooks/guard.ts', runner: 'ts-node' }],
  ])('%s', (command, expected) => {
    expect(scriptOf(command)).toEqual(expected);
  });

  it.each([
    ['a program on PATH', 'jq -r .tool_input.command'],
    ['a script name without a folder', 'guard.sh'],
    ['a pipe', 'cat x | .claude/hooks/guard.sh'],
    ['a list', 'cd hooks && ./guard.sh'],
    ['a redirection', '.claude/hooks/guard.sh 2>/dev/null'],
    ['a substitution', '$(git rev-parse --show-toplevel)/hooks/guard.sh'],
    ['another variable', '$HOME/hooks/guard.sh'],
    ['the variable in single quotes', "'$CLAUDE_PROJECT_DIR/hooks/guard.sh'"],
    ['the variable not at the start', 'x$CLAUDE_PROJECT_DIR/hooks/guard.sh'],
    ['a home path', '~/hooks/guard.sh'],
    ['an absolute path', '/opt/hooks/guard.sh'],
    ['a path out of the project', '../hooks/guard.sh'],
    ['an interpreter flag', 'python3 -m hooks.guard'],
    ['inline code', 'bash -c "exit 1"'],
    ['an environment assignment', 'MODE=strict/x ./guard.sh'],
    ['a glob', 'hooks/*.sh'],
    ['an unclosed quote', '"hooks/guard.sh'],
    ['nothing', ''],
    ['another installed program', 'node_modules/.bin/policy-guard hooks/guard.ts'],
    ['another program run by npx', 'npx policy-guard hooks/guard.ts'],
    ['a flag before the runner', 'npx --yes tsx hooks/guard.ts'],
  ])('%s: not a known project script', (_name, command) => {
    expect(scriptOf(command)).toBeUndefined();
  });

  it('reads the exec form without a shell', () => {
    expect(scriptOf('node', ['${CLAUDE_PROJECT_DIR}/hooks/guard.js', '--x'])).toEqual({
      written: '${CLAUDE_PROJECT_DIR}/hooks/guard.js',
      relative: 'hooks/guard.js',
      runner: 'node',
    });
    expect(scriptOf('/opt/bin/guard', [])).toBeUndefined();
  });
});

describe('nonBlockingExits: exits with code 1 outside comments and strings', () => {
  const exits = (text: string, file: string, runner = 'direct') =>
    nonBlockingExits(text, file, runner).map(({ span, line, blocking }) => ({ text: text.slice(span.start, span.end), file: span.file, line, blocking }));

  it('finds shell exits, skipping comments, strings and other codes', () => {
    const script = '# exit 1 here is a comment\necho "exit 1" \'exit 1\' >&2\n[ -n "$x" ] && exit 1\nexit 10; echo $#; exit 1 # done\n';
    expect(exits(script, 'g.sh')).toEqual([
      { text: 'exit 1', file: 'g.sh', line: 3, blocking: 'exit 2' },
      { text: 'exit 1', file: 'g.sh', line: 4, blocking: 'exit 2' },
    ]);
  });

  it('finds Python exits, skipping docstrings', () => {
    const script = '"""Exits with sys.exit(1) on error."""\nimport os, sys\nsys.exit(1)\nexit( 1 )\nos._exit(1)\nraise SystemExit(1)\nsys.exit(10)\n';
    expect(exits(script, 'g.py').map(({ text, blocking }) => [text, blocking])).toEqual([
      ['sys.exit(1)', 'sys.exit(2)'],
      ['exit( 1 )', 'exit( 2 )'],
      ['os._exit(1)', 'os._exit(2)'],
      ['raise SystemExit(1)', 'raise SystemExit(2)'],
    ]);
  });

  it('finds Node exits, skipping comments and template literals', () => {
    const script = '/* process.exit(1) */\nconsole.error(`process.exit(1)`);\nprocess.exitCode = 1;\nprocess.exit(1);\nprocess.exit(11);\n';
    expect(exits(script, 'g.cjs').map(({ text, line }) => [text, line])).toEqual([
      ['process.exitCode = 1', 3],
      ['process.exit(1)', 4],
    ]);
  });

  it('tells the language by runner, then extension, then #! line', () => {
    expect(exits('sys.exit(1)\n', 'guard.sh', 'python3')).toHaveLength(1);
    expect(exits('#!/usr/bin/env -S python3 -u\nsys.exit(1)\n', 'guard')).toHaveLength(1);
    expect(exits('#!/bin/sh\nexit 1\n', 'guard')).toHaveLength(1);
    expect(exits('exit 1\n', 'guard')).toEqual([]);
  });
});

describe('nonBlockingExits on large scripts', () => {
  // Each exit's line used to be found by splitting the text before it: with
  // 560 KB of `exit 1` lines that took minutes. Now it is one pass over the text.
  it('finds the line of each of many exits in one pass', () => {
    const lines = Array.from({ length: 80_000 }, (_, i) => (i % 2 === 0 ? 'exit 1' : '# exit 1'));
    const exits = nonBlockingExits(`${lines.join('\n')}\n`, 'guard.sh', 'bash');
    expect(exits).toHaveLength(40_000);
    expect(exits.at(-1)).toMatchObject({ line: 79_999, blocking: 'exit 2' });
  });

  it('keeps offsets and lines when strings and comments are blanked', () => {
    const text = 'echo "exit 1"\r\n# exit 1\nx=\'exit 1\' ; exit 1\n';
    const [only, ...others] = nonBlockingExits(text, 'guard.sh', 'bash');
    expect(others).toEqual([]);
    expect(only).toMatchObject({ line: 3, span: { start: text.lastIndexOf('exit 1') } });
  });
});
