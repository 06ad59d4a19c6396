import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scan } from '../support/scan.js';
import { badAgent, badPythonAgent, cli, parseSarif, pathOfUri, sdkImport, tree, unsafeInTerminal, writeTo, type JsonReport } from './support.js';

// What a file system can hold besides plain files and folders, and the
// outcome for each: links are never followed (counted as ignored), a file or
// folder toolgate cannot read is a problem (exit 2), and names are printed
// so that no terminal acts on them and every JSON and SARIF reader can parse
// them.

describe('symbolic links', () => {
  it('follows no link: not a loop, not one out of the scanned folder, not a dangling one', async () => {
    const outside = tree({ 'agent.ts': badAgent });
    const root = tree({ 'src/agent.ts': `${sdkImport}query({ prompt: 'x', options: {} });\n` });
    symlinkSync('.', path.join(root, 'src/loop'));
    symlinkSync('..', path.join(root, 'src/up'));
    symlinkSync(outside, path.join(root, 'outside'));
    symlinkSync(path.join(outside, 'agent.ts'), path.join(root, 'src/linked.ts'));
    symlinkSync(path.join(root, 'nowhere.ts'), path.join(root, 'src/dangling.ts'));

    const run = await cli(root, 'scan', '--format', 'json');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(report.findings).toEqual([]);
    expect(report.problems).toEqual([]);
    expect(report.summary).toMatchObject({ files: 1, analysed: 1, ignored: 5 });
    const pretty = await cli(root, 'scan');
    expect(pretty.stdout).toContain('1 file checked (1 analysed, 0 skipped by prefilter, 0 failed), 5 ignored\n');
  });

  it('takes a link named on the command line as given', async () => {
    const outside = tree({ 'agent.ts': badAgent });
    const root = tree({});
    symlinkSync(outside, path.join(root, 'linked'));
    const result = await scan({ cwd: root, paths: ['linked'] });
    expect(result.findings.map((finding) => finding.path)).toEqual(['linked/agent.ts']);
  });
});

describe('a .gitignore that is not what git expects', () => {
  it('reads what it can of patterns that are binary, malformed or odd, and checks the rest', async () => {
    const root = tree({
      '.gitignore': Buffer.concat([Buffer.from('[z-a]\n[\n\\\n**/[\n!\n\u0000\n*.gen.ts\n'), Buffer.from([0xff, 0xfe, 0x00, 0x0a])]),
      'agent.ts': badAgent,
      'skip.gen.ts': badAgent,
    });
    const result = await scan({ cwd: root });
    expect(result.problems).toEqual([]);
    expect(result.findings.map((finding) => finding.path)).toEqual(['agent.ts']);
    expect(result.stats).toMatchObject({ files: 1, ignored: 1 });
  });
});

describe('files and folders that cannot be read', () => {
  /**
   * Tests run as root, which reads any file whatever its mode; as root the
   * scan runs with the effective user `nobody`, as an ordinary user would.
   */
  async function asUnprivileged<T>(work: () => Promise<T>): Promise<T> {
    if (process.getuid?.() !== 0) return work();
    process.seteuid!(65534);
    try {
      return await work();
    } finally {
      process.seteuid!(0);
    }
  }

  it.skipIf(process.platform === 'win32')('reports each one (EACCES) and exits 2; --allow-unparsed lets them through, still reported', async () => {
    const root = tree({ 'agent.ts': badAgent, 'secret/agent.ts': badAgent, 'locked.ts': badAgent, 'locked.py': badPythonAgent });
    chmodSync(root, 0o755);
    chmodSync(path.join(root, 'locked.ts'), 0o000);
    chmodSync(path.join(root, 'locked.py'), 0o000);
    chmodSync(path.join(root, 'secret'), 0o000);
    try {
      const { run, allowed, json } = await asUnprivileged(async () => ({
        run: await cli(root, 'scan'),
        allowed: await cli(root, 'scan', '--allow-unparsed'),
        json: await cli(root, 'scan', '--allow-unparsed', '--format', 'json'),
      }));
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        [
          'locked.py: Cannot read file: EACCES: permission denied',
          'locked.ts: Cannot read file: EACCES: permission denied',
          'secret: Cannot list directory: EACCES: permission denied',
          '',
        ].join('\n'),
      );
      expect(run.stdout).toContain('✖ 3 files could not be checked');
      expect(allowed.code).toBe(1);
      expect(allowed.stderr).toBe(run.stderr);
      const report = JSON.parse(json.stdout) as JsonReport;
      expect(report.problems.map(({ path, kind }) => `${path} ${kind}`)).toEqual(['locked.py read', 'locked.ts read', 'secret read']);
      expect(report.summary).toMatchObject({ files: 4, analysed: 1, failed: 3 });
    } finally {
      chmodSync(path.join(root, 'secret'), 0o755);
    }
  });

  it.skipIf(process.platform === 'win32')('leaves out a FIFO with a source file name (reading it would block), and refuses one named on the command line', async () => {
    const root = tree({ 'agent.ts': badAgent });
    execFileSync('mkfifo', [path.join(root, 'pipe.ts'), path.join(root, 'pipe.py')]);
    const run = await cli(root, 'scan', '--format', 'json');
    expect(run.code).toBe(1);
    expect((JSON.parse(run.stdout) as JsonReport).summary).toMatchObject({ files: 1, ignored: 2 });
    const named = await cli(root, 'scan', 'pipe.ts');
    expect(named).toMatchObject({ code: 2, stderr: 'error: Not a file or directory: pipe.ts\n' });
  });
});

describe('very long paths', () => {
  it('checks a file 4,000 characters deep, and a name of 255 characters', async () => {
    const root = tree({});
    const folders = Array.from({ length: 15 }, (_, i) => `${String(i).padStart(2, '0')}${'d'.repeat(250)}`);
    const deep = path.join(...folders, 'agent.ts');
    const long = `${'n'.repeat(252)}.ts`;
    writeTo(root, deep, badAgent);
    writeTo(root, long, badAgent);
    expect(path.join(root, deep).length).toBeGreaterThan(3_800);

    const json = await cli(root, 'scan', '--format', 'json');
    expect(json.code).toBe(1);
    expect((JSON.parse(json.stdout) as JsonReport).findings.map((finding) => finding.path).sort()).toEqual([deep, long].sort());
    const sarif = parseSarif((await cli(root, 'scan', '--format', 'sarif')).stdout);
    expect(sarif.runs[0]!.results.map((result) => pathOfUri(result.locations[0]!.physicalLocation.artifactLocation.uri)).sort()).toEqual([deep, long].sort());
  });
});

describe('file names with spaces, quotes, newlines and terminal escapes', () => {
  const names = [
    'with space.ts',
    'quote "double" \'single\'.ts',
    'new\nline.ts',
    'carriage\rreturn.py',
    'tab\there.ts',
    '\u001b[31mred\u001b[0m.ts',
    '\u001b]8;;https:example.com\u0007link.ts',
    'bidi\u202eevil.ts',
    'back\\slash %41 #hash?.ts',
    'ünïcödé ✓.ts',
  ];
  const broken = 'broken\u001b[2J.ts';

  function hostileTree(): string {
    const files: Record<string, string> = {};
    for (const name of names) files[`dir\u0007bell/${name}`] = name.endsWith('.py') ? badPythonAgent : badAgent;
    files[broken] = `${sdkImport}query({`;
    return tree(files);
  }
  const expected = [...names.map((name) => `dir\u0007bell/${name}`), broken].sort();

  it('finds the mistake in each file, whatever its name', async () => {
    const result = await scan({ cwd: hostileTree() });
    expect([...new Set(result.findings.map((finding) => finding.path)), ...result.problems.map((problem) => problem.path)].sort()).toEqual(expected);
  });

  it('escapes control characters in the pretty report and on stderr, so the terminal shows them and acts on none', async () => {
    const run = await cli(hostileTree(), 'scan');
    expect(run.code).toBe(2);
    expect(run.stdout).not.toMatch(unsafeInTerminal);
    expect(run.stderr).not.toMatch(unsafeInTerminal);
    expect(run.stdout).toContain('dir\\x07bell/new\\x0aline.ts\n');
    expect(run.stdout).toContain('dir\\x07bell/\\x1b[31mred\\x1b[0m.ts\n');
    expect(run.stdout).toContain('dir\\x07bell/bidi\\u202eevil.ts\n');
    expect(run.stdout).toContain('dir\\x07bell/carriage\\x0dreturn.py\n');
    expect(run.stderr).toMatch(/^broken\\x1b\[2J\.ts:2:\d+: Syntax error: .*\n$/);
    // One line per finding: no name breaks a line of the report.
    expect(run.stdout.split('\n').filter((line) => /^\s+\d+:\d+ /.test(line) && line.includes('no-bare-allowed-tools'))).toHaveLength(names.length);
  });

  it('gives JSON that parses back to the exact names', async () => {
    const run = await cli(hostileTree(), 'scan', '--format', 'json', '--allow-unparsed');
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as JsonReport;
    expect([...report.findings.map((finding) => finding.path), ...report.problems.map((problem) => problem.path)].sort()).toEqual(expected);
  });

  it('gives SARIF that the 2.1.0 schema accepts, with URIs that decode to the exact names', async () => {
    const run = await cli(hostileTree(), 'scan', '--format', 'sarif');
    const [sarifRun] = parseSarif(run.stdout).runs;
    const uris = [
      ...sarifRun!.results.map((result) => result.locations[0]!.physicalLocation.artifactLocation.uri),
      ...sarifRun!.invocations[0]!.toolExecutionNotifications.map((note) => note.locations[0]!.physicalLocation.artifactLocation.uri),
    ];
    for (const uri of uris) expect(uri).toMatch(/^[A-Za-z0-9\-._~!$&'()*+,;=:@/%]+$/);
    expect(uris.map(pathOfUri).sort()).toEqual(expected);
  });

  it('keeps every GitHub annotation on its own line, with no control a log viewer acts on', async () => {
    const run = await cli(hostileTree(), 'scan', '--format', 'github');
    expect(run.stdout).not.toMatch(unsafeInTerminal);
    const lines = run.stdout.split('\n').filter(Boolean);
    expect(lines.every((line) => line.startsWith('::') || line.startsWith('toolgate: '))).toBe(true);
    expect(lines.filter((line) => line.startsWith('::'))).toHaveLength(names.length + 1);
  });

  it('escapes them in toolgate inspect too, and gives JSON that parses', async () => {
    const root = hostileTree();
    const pretty = await cli(root, 'inspect');
    expect(pretty.code).toBe(2);
    expect(pretty.stdout).not.toMatch(unsafeInTerminal);
    expect(pretty.stderr).not.toMatch(unsafeInTerminal);
    expect(pretty.stdout).toContain('dir\\x07bell/new\\x0aline.ts:2:1');
    const json = await cli(root, 'inspect', '--format', 'json');
    const report = JSON.parse(json.stdout) as { configurations: Array<{ path: string }> };
    expect(report.configurations.map((configuration) => configuration.path).sort()).toEqual(names.map((name) => `dir\u0007bell/${name}`).sort());
  });

  it('escapes control characters that come from the source text, in messages', async () => {
    const root = tree({
      'agent.ts':
        `${sdkImport}import type { HookCallback } from '@anthropic-ai/claude-agent-sdk';\n` +
        "const guard: HookCallback = async () => {\n  await audit('\u001b[2J\u202e\u0007');\n  return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' } };\n};\n" +
        "query({ prompt: 'x', options: { hooks: { PreToolUse: [{ hooks: [guard] }] } } });\n",
    });
    const run = await cli(root, 'scan');
    expect(run.stdout).toContain("await audit('\\x1b[2J\\u202e\\x07')");
    expect(run.stdout).not.toMatch(unsafeInTerminal);
    const json = JSON.parse((await cli(root, 'scan', '--format', 'json')).stdout) as JsonReport;
    expect(json.findings.find((finding) => finding.ruleId === 'no-fail-open-hook')!.message).toContain("audit('\u001b[2J\u202e\u0007')");
  });
});

describe('a backslash in a file name (a plain character on Linux and macOS)', () => {
  it.skipIf(process.platform === 'win32')('places findings in that file, functions included', async () => {
    const agent =
      `${sdkImport}import type { CanUseTool } from '@anthropic-ai/claude-agent-sdk';\n` +
      "const review: CanUseTool = async (tool, input) => {\n  try { await check(input); } catch { return { behavior: 'allow', updatedInput: input }; }\n  return { behavior: 'deny', message: 'no' };\n};\n" +
      "query({ prompt: 'x', options: { canUseTool: review, allowedTools: ['Bash'] } });\n";
    const result = await scan({ cwd: tree({ 'a\\b.ts': agent }) });
    expect(result.problems).toEqual([]);
    expect(result.findings.map(({ path, line, column, ruleId }) => `${path}:${line}:${column} ${ruleId}`)).toEqual([
      'a\\b.ts:4:31 no-fail-open-hook',
      'a\\b.ts:7:68 no-shadowed-can-use-tool',
    ]);
  });
});

describe('a file that is not valid UTF-8 by name', () => {
  it.skipIf(process.platform !== 'linux')('is reported as one that cannot be opened by name, never passed over', async () => {
    const root = tree({ 'agent.ts': badAgent });
    mkdirSync(path.join(root, 'odd'));
    // Linux names are bytes; Node.js reads 0xFF as U+FFFD and then cannot open the file by that name.
    const name = Buffer.concat([Buffer.from(path.join(root, 'odd/')), Buffer.from([0x62, 0xff, 0x2e, 0x74, 0x73])]);
    writeFileSync(name, badAgent);
    const run = await cli(root, 'scan');
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('odd/b\uFFFD.ts: Cannot read file: its name is not valid UTF-8, so it cannot be opened by name\n');
  });
});
