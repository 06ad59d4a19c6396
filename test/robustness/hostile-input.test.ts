import { beforeAll, describe, expect, it } from 'vitest';
import { analyseText, prepareFor } from '../../src/engine/analyse.js';
import { scan } from '../support/scan.js';
import { badAgent, badPythonAgent, cli, parseSarif, pathOfUri, sdkImport, tree, type JsonReport } from './support.js';

// What a repository can hold besides well-formed code, and the outcome
// toolgate promises for each: never a crash, never a file passed over in
// silence. A file it cannot read or parse is a problem (exit 2, or 0/1 with
// --allow-unparsed, still listed); everything else is checked as usual.

beforeAll(async () => prepareFor('any.py'));

/** Bytes from a fixed seed: the same "binary file" on every run. */
function noise(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    bytes[i] = state >> 16;
  }
  return bytes;
}

describe('syntax errors and half-typed code', () => {
  const root = tree({
    'src/typing.ts': `${sdkImport}query({ prompt: 'x', options: { allowedTools: ['Bash'`,
    'src/typing.py': "from claude_agent_sdk import query, ClaudeAgentOptions\nquery(prompt='x', options=ClaudeAgentOptions(allowed_tools=['Bash'\n",
    'src/plain-broken.ts': 'export const = ;\n',
    'src/agent.ts': badAgent,
  });

  it('reports a file that uses the SDK and does not parse, with no findings from it, and exits 2', async () => {
    const result = await scan({ cwd: root });
    expect(result.problems.map(({ path, kind, line }) => ({ path, kind, line }))).toEqual([
      { path: 'src/typing.py', kind: 'parse', line: expect.any(Number) },
      { path: 'src/typing.ts', kind: 'parse', line: 2 },
    ]);
    expect(result.findings.map((finding) => finding.path)).toEqual(['src/agent.ts']);
    // A file that does not mention the SDK is not parsed at all, so its syntax does not matter.
    expect(result.stats).toMatchObject({ files: 4, analysed: 1, skipped: 1, failed: 2 });

    const run = await cli(root, 'scan');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^src\/typing\.py:\d+:\d+: Syntax error: .+\nsrc\/typing\.ts:2:\d+: Syntax error: .+\n$/);
  });

  it('with --allow-unparsed: the same report, on stderr, in JSON and in SARIF, and the exit code of the findings alone', async () => {
    const pretty = await cli(root, 'scan', '--allow-unparsed');
    expect(pretty.code).toBe(1);
    expect(pretty.stderr.split('\n').filter(Boolean)).toHaveLength(2);
    expect(pretty.stdout).toContain('✖ 2 files could not be checked');

    const json = await cli(root, 'scan', '--allow-unparsed', '--format', 'json');
    expect(json.code).toBe(1);
    expect((JSON.parse(json.stdout) as JsonReport).problems.map((problem) => problem.path)).toEqual(['src/typing.py', 'src/typing.ts']);

    const sarif = await cli(root, 'scan', '--allow-unparsed', '--format', 'sarif');
    const [invocation] = parseSarif(sarif.stdout).runs[0]!.invocations;
    expect(invocation!.executionSuccessful).toBe(false);
    expect(invocation!.toolExecutionNotifications.map((note) => pathOfUri(note.locations[0]!.physicalLocation.artifactLocation.uri))).toEqual([
      'src/typing.py',
      'src/typing.ts',
    ]);

    const clean = tree({ 'typing.ts': `${sdkImport}query({ prompt: 'x', options: {` });
    expect((await cli(clean, 'scan', '--allow-unparsed')).code).toBe(0);
    expect((await cli(clean, 'scan')).code).toBe(2);
  });
});

describe('binary files with source extensions', () => {
  it('skips binary data that cannot hold agent code, and reports binary data that names the SDK as unparsable', async () => {
    const sdk = Buffer.from("import '@anthropic-ai/claude-agent-sdk';");
    const root = tree({
      'blob.ts': noise(64 * 1024, 1),
      'blob.py': noise(64 * 1024, 2),
      'named.js': Buffer.concat([noise(4096, 3), sdk, noise(4096, 4)]),
      'named.py': Buffer.concat([noise(4096, 5), Buffer.from('\nimport claude_agent_sdk\n'), noise(4096, 6)]),
      '.claude/settings.json': noise(4096, 7),
    });
    const result = await scan({ cwd: root });
    expect(result.problems.map(({ path, kind }) => `${path} ${kind}`)).toEqual(['.claude/settings.json parse', 'named.js parse', 'named.py parse']);
    expect(result.stats).toMatchObject({ files: 5, skipped: 2, failed: 3 });
    expect(result.findings).toEqual([]);
    const run = await cli(root, 'scan');
    expect(run.code).toBe(2);
    // The settings parser quotes the byte it stopped at; the terminal gets it escaped.
    expect(run.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });
});

describe('a 5 MB minified line', () => {
  const filler = Array.from({ length: 180_000 }, (_, i) => `var v${i}=[${i},"s${i}"];`).join('');

  it('finds the mistake in the middle of it, at the right column', async () => {
    const head = `import{query as q}from"@anthropic-ai/claude-agent-sdk";${filler}q({prompt:"x",options:{allowedTools:[`;
    const text = `${head}"Bash"]}});${filler}`;
    expect(text.length).toBeGreaterThan(5_000_000);
    expect(text).not.toContain('\n');
    const root = tree({ 'bundle.min.js': text, 'other.min.js': filler });
    const result = await scan({ cwd: root });
    expect(result.problems).toEqual([]);
    expect(result.stats).toMatchObject({ files: 2, analysed: 1, skipped: 1 });
    expect(result.findings.map(({ path, line, column, ruleId }) => ({ path, line, column, ruleId }))).toEqual([
      { path: 'bundle.min.js', line: 1, column: head.length + 1, ruleId: 'no-bare-allowed-tools' },
    ]);
  });

  it('reads a settings file written on one 5 MB line', async () => {
    const entries = Array.from({ length: 250_000 }, (_, i) => `"Read(./docs/${i}/**)"`).join(',');
    const text = `{"permissions":{"allow":[${entries},"Bash"]}}`;
    expect(text.length).toBeGreaterThan(5_000_000);
    const result = await scan({ cwd: tree({ '.claude/settings.json': text }) });
    expect(result.problems).toEqual([]);
    expect(result.findings.map(({ line, column, ruleId }) => ({ line, column, ruleId }))).toEqual([
      { line: 1, column: text.indexOf('"Bash"') + 1, ruleId: 'no-bare-allowed-tools' },
    ]);
  });
});

describe('byte order marks and line ends', () => {
  const line3 = "query({ prompt: 'x', options: { allowedTools: ['Bash'] } });";
  const ts = (eol: string) => `// agent\n${sdkImport.trimEnd()}\n${line3}\n`.replace(/\n/g, eol);
  const py = (eol: string) => `# agent\nfrom claude_agent_sdk import query, ClaudeAgentOptions\nquery(prompt='x', options=ClaudeAgentOptions(allowed_tools=['Bash']))\n`.replace(/\n/g, eol);
  const settings = (eol: string) => '{\n  "permissions": {\n    "allow": ["Bash"]\n  }\n}\n'.replace(/\n/g, eol);

  it.each([
    ['LF', '\n', ''],
    ['CRLF', '\r\n', ''],
    ['lone CR', '\r', ''],
    ['a BOM and CRLF', '\r\n', '\uFEFF'],
  ])('places findings by line and column with %s', async (_name, eol, bom) => {
    const root = tree({ 'agent.ts': bom + ts(eol), 'agent.py': bom + py(eol), '.claude/settings.json': bom + settings(eol) });
    const result = await scan({ cwd: root });
    expect(result.problems).toEqual([]);
    expect(result.findings.map(({ path, line, column }) => `${path}:${line}:${column}`)).toEqual([
      '.claude/settings.json:3:15',
      'agent.py:3:61',
      'agent.ts:3:48',
    ]);
  });
});

describe('invalid UTF-8', () => {
  it('reads the text as a decoder would (U+FFFD for each bad sequence) and still finds what is there', async () => {
    const bad = Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0xe2, 0x82]);
    const root = tree({
      'agent.ts': Buffer.concat([Buffer.from('// '), bad, Buffer.from(`\n${badAgent.replace("'x'", "'x\u00ff'")}`)]),
      'agent.py': Buffer.concat([Buffer.from('# '), bad, Buffer.from(`\n${badPythonAgent}`)]),
      'strings.ts': Buffer.concat([Buffer.from(`${sdkImport}query({ prompt: '`), bad, Buffer.from("', options: { allowedTools: ['Bash'] } });\n")]),
    });
    const result = await scan({ cwd: root });
    expect(result.problems).toEqual([]);
    expect(result.findings.map(({ path, line, ruleId }) => `${path}:${line} ${ruleId}`)).toEqual([
      'agent.py:4 no-bare-allowed-tools',
      'agent.ts:3 no-bare-allowed-tools',
      'strings.ts:2 no-bare-allowed-tools',
    ]);
    const json = await cli(root, 'scan', '--format', 'json');
    expect(() => JSON.parse(json.stdout)).not.toThrow();
  });
});

describe('empty files', () => {
  it('checks them and finds nothing: an empty settings file sets nothing', async () => {
    const root = tree({ 'empty.ts': '', 'empty.py': '', 'bom.ts': '\uFEFF', '.claude/settings.json': '', '.claude/settings.local.json': ' \n\t\n' });
    const run = await cli(root, 'scan', '--format', 'json');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(report.summary).toMatchObject({ files: 5, analysed: 2, skipped: 3, failed: 0 });
    expect(report.findings).toEqual([]);
  });
});

describe('JSON settings that Claude Code would not read as written', () => {
  const allowBash = '"permissions": { "allow": ["Bash"] }';

  it.each([
    ['comments', `{\n  // why\n  ${allowBash}\n}\n`, 2, /Comments are not allowed/],
    ['trailing commas', `{\n  ${allowBash},\n}\n`, 2, /Trailing comma/],
    ['invalid syntax', `{\n  ${allowBash}\n  "model": \n}\n`, 3, /Expected|Unexpected/],
    ['a top-level array', `[{ ${allowBash} }]\n`, 1, /holds one JSON object/],
    ['nesting too deep to read', `${'['.repeat(20_000)}${']'.repeat(20_000)}`, 1, /nested too deeply/],
  ])('reports %s as a parse problem (Claude Code ignores the file), and exits 2', async (_name, text, line, message) => {
    const root = tree({ '.claude/settings.json': text });
    const result = await scan({ cwd: root });
    expect(result.problems).toEqual([{ path: '.claude/settings.json', kind: 'parse', message: expect.stringMatching(message), line, column: expect.any(Number) }]);
    expect(result.findings).toEqual([]);
    expect((await cli(root, 'scan')).code).toBe(2);
  });

  it('reads duplicate keys as JSON.parse does: the last one wins', async () => {
    const last = await scan({ cwd: tree({ '.claude/settings.json': `{ ${allowBash}, "permissions": { "allow": ["Read"] } }` }) });
    expect(last.problems).toEqual([]);
    expect(last.findings).toEqual([]);
    const first = await scan({ cwd: tree({ '.claude/settings.json': `{ "permissions": { "allow": ["Read"] }, ${allowBash} }` }) });
    expect(first.findings.map((finding) => finding.ruleId)).toEqual(['no-bare-allowed-tools']);
  });
});

describe('analyseText on hostile text', () => {
  it.each([
    ['NUL bytes', `${sdkImport}\u0000\u0000query(\u0000)`],
    ['lone surrogates', `${sdkImport}query({ prompt: '\uD800', options: { allowedTools: ['\uDC00Bash'] } });`],
    ['only the import', sdkImport],
    ['a stray closing brace', `${sdkImport}}}}`],
    ['an unterminated template', `${sdkImport}query({ prompt: \`\${`],
    ['a shebang and JSX', `#!/usr/bin/env node\n${sdkImport}const a = <div>{query({})}</div>;`],
  ])('survives %s in TypeScript and JavaScript', (_name, text) => {
    for (const file of ['x.ts', 'x.tsx', 'x.js', 'x.mjs', 'x.cjs']) expect(() => analyseText(text, file)).not.toThrow();
  });

  it.each([
    ['NUL bytes', 'import claude_agent_sdk\n\u0000\u0000query(\u0000)'],
    ['tabs and spaces mixed', 'import claude_agent_sdk\nif x:\n\tif y:\n        pass\n'],
    ['Python 2 print', 'import claude_agent_sdk\nprint "hello"\n'],
    ['an unterminated string', "import claude_agent_sdk\nx = '''"],
    ['a lone CR', 'import claude_agent_sdk\rquery(prompt="x")\r'],
    ['a form feed', 'import claude_agent_sdk\n\u000cdef f():\n    return 1\n'],
  ])('survives %s in Python', (_name, text) => {
    expect(() => analyseText(text, 'x.py')).not.toThrow();
  });
});
