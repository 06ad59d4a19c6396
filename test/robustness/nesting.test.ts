import { beforeAll, describe, expect, it } from 'vitest';
import { allRules } from '../../rules/index.js';
import { loadFormatter } from '../../src/cli/formatters/index.js';
import { createColors } from '../../src/cli/color.js';
import { analyseText, prepareFor } from '../../src/engine/analyse.js';
import { checkModel } from '../../src/engine/check.js';
import { scan } from '../support/scan.js';
import { finding, scanResult } from '../cli/support.js';
import { cli, sdkImport, tree } from './support.js';

const formatters = { pretty: await loadFormatter('pretty') };

// Deeply nested and very long code. A TypeScript file nested more than 200
// levels deep (toolgate's own limit, nesting-limit.test.ts) is reported as
// one toolgate cannot analyse (exit 2), never a crash, and so is one that
// overflows the parser's stack. Chains the parser reads in a loop are read
// whole: toolgate's own walks do not recurse per node, and what grows with
// the code (exits of a body, alternatives of a value, arguments of a call)
// is kept from multiplying.

const depth = 10_000;
const r = (text: string, times = depth): string => text.repeat(times);

beforeAll(async () => prepareFor('any.py'));

/** Findings of every rule on one file. */
function check(text: string, file = 'agent.ts'): string[] {
  const { model, syntaxErrors } = analyseText(text, `/virtual/${file}`);
  if (syntaxErrors.length > 0) return syntaxErrors.map((error) => `syntax: ${error.message}`);
  const settings = allRules.map((rule) => ({ rule, severity: 'error' as const, options: undefined }));
  return model ? checkModel(model, settings).map((report) => `${report.ruleId}/${report.messageId}`) : [];
}

const hookOf = (body: string): string =>
  `${sdkImport}import type { HookCallback } from '@anthropic-ai/claude-agent-sdk';\n` +
  `const guard: HookCallback = async (input, toolUseID) => {\n${body}\n  return {};\n};\n` +
  "query({ prompt: 'x', options: { hooks: { PreToolUse: [{ hooks: [guard], onFailure: 'block', timeout: 5 }] } } });\n";

describe('TypeScript nested 10,000 deep', () => {
  const tooDeep = 'The file cannot be analysed: it nests more than 200 syntax levels deep.';
  const unparsable: Record<string, string> = {
    parentheses: `${sdkImport}const x = ${r('(')}1${r(')')};\nquery({ prompt: 'x', options: { allowedTools: x } });`,
    arrays: `${sdkImport}const x = ${r('[')}1${r(']')};`,
    objects: `${sdkImport}const x = ${r('{ a: ')}1${r(' }')};`,
    calls: `${sdkImport}const x = ${r('f(')}1${r(')')};`,
    arrows: `${sdkImport}const x = ${r('() => ')}1;`,
    ternaries: `${sdkImport}const x = ${r('c ? 1 : ')}2;`,
    templates: `${sdkImport}const x = ${r('`${')}1${r('}`')};`,
    blocks: hookOf(`${r('{')}${r('}')}`),
    'if statements': hookOf(`${r('if (a) ')}return {};`),
    'else if chains': hookOf(`if (a) {}${r(' else if (a) {}')}`),
    'try statements': hookOf(`${r('try {')}x()${r('} catch { return {}; }')}`),
    classes: `${sdkImport}${r('class A { m() { ')}${r('} }')}`,
  };

  it.each(Object.entries(unparsable))('%s: reported as a file that cannot be analysed, never a crash', async (_name, text) => {
    expect(check(text)).toEqual([`syntax: ${tooDeep}`]);
    const root = tree({ 'deep.ts': text, 'agent.ts': `${sdkImport}query({ prompt: 'x', options: { allowedTools: ['Bash'] } });\n` });
    const run = await cli(root, 'scan');
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`deep.ts:1:1: Syntax error: ${tooDeep}\n`);
    // The other file is still checked.
    expect(run.stdout).toContain('no-bare-allowed-tools');
  });

  it('after a file the parser gave up on, the next one parses as usual', () => {
    check(unparsable.parentheses!);
    expect(check(`${sdkImport}query({ prompt: 'x', options: { allowedTools: ['Bash'] } });`)).toEqual(['no-bare-allowed-tools/bareTool']);
  });

  const chains: Record<string, string> = {
    'a + b + ...': `${sdkImport}const x = 'a'${r(" + 'a'")};\nquery({ prompt: 'x', options: { allowedTools: ['Bash', x] } });`,
    'a.b.c...': `${sdkImport}const x = a${r('.b')};\nquery({ prompt: 'x', options: { allowedTools: ['Bash', x] } });`,
    'a || b || ...': `${sdkImport}const x = a${r(' || a')};\nquery({ prompt: 'x', options: { allowedTools: ['Bash', x] } });`,
    'x.a.b... = v': `${sdkImport}const x = { allowedTools: ['Bash'] };\nx${r('.b')} = 1;\nquery({ prompt: 'x', options: x });`,
    'key + key + ... in a hook': hookOf(`  const key = toolUseID${r(' + toolUseID')};\n  if (seen.has(key)) return {};`) +
      "query({ prompt: 'y', options: { allowedTools: ['Bash'] } });",
    'statements in a hook': hookOf(r('  if (input.x) log(1);\n')) + "query({ prompt: 'y', options: { allowedTools: ['Bash'] } });",
    'cases in a switch': hookOf(`  switch (input.x) {${r(' case 1: log(1);')} }`) + "query({ prompt: 'y', options: { allowedTools: ['Bash'] } });",
  };

  it.each(Object.entries(chains))('%s, as long as the parser reads it: analysed, and the mistake next to it found', (_name, text) => {
    expect(check(text)).toContain('no-bare-allowed-tools/bareTool');
  });

  it("nesting the parser can still read, past toolgate's limit: no crash", () => {
    for (const text of [
      hookOf(`${r('{', 1500)}${r('}', 1500)}`),
      hookOf(`${r('if (a) ', 4000)}return {};`),
      hookOf(`if (a) {}${r(' else if (a) {}', 3000)}`),
      hookOf(`${r('try {', 1500)}x()${r('} catch { return {}; }', 1500)}`),
      `${sdkImport}const x = ${r('c ? 1 : ', 4000)}2;\nquery({ prompt: 'x', options: { allowedTools: x } });`,
      `${sdkImport}const x = ${r('(', 600)}1${r(')', 600)};\nquery({ prompt: 'x', options: { allowedTools: x } });`,
    ]) {
      expect(() => check(text)).not.toThrow();
    }
  });
});

describe('what grows with the code does not multiply', () => {
  it('a hook with sixty if statements in a row (each doubled the exits walked before)', () => {
    const body = Array.from({ length: 60 }, (_, i) => `  if (input.x${i}) log(${i});`).join('\n');
    expect(check(hookOf(body))).toEqual([]);
  });

  it('a helper whose returns call helpers with many returns (each call evaluated afresh)', () => {
    const helpers = Array.from(
      { length: 30 },
      (_, i) => `function h${i}(a) {\n${Array.from({ length: 8 }, (_, j) => `  if (a === ${j}) return h${i + 1}(a) || h${i + 1}(a + 1);`).join('\n')}\n  return 'Read';\n}`,
    ).join('\n');
    const text = `${sdkImport}${helpers}\nfunction h30() { return 'Read'; }\nquery({ prompt: 'x', options: { allowedTools: [h0(1), 'Bash'] } });`;
    expect(check(text)).toEqual(['no-bare-allowed-tools/bareTool']);
  });

  it('spreads, returns and findings beyond what a call takes as arguments', () => {
    const many = Array.from({ length: 200_000 }, (_, i) => `'Read(./${i})'`).join(',');
    expect(check(`${sdkImport}const x = [${many}];\nquery({ prompt: 'x', options: { allowedTools: [...x, 'Bash'] } });`)).toEqual([
      'no-bare-allowed-tools/bareTool',
    ]);
    const returns = Array.from({ length: 150_000 }, (_, i) => `  if (a === ${i}) return 'Read(./${i})';`).join('\n');
    expect(() => check(`${sdkImport}function f(a) {\n${returns}\n}\nquery({ prompt: 'x', options: { allowedTools: [f(1)] } });`)).not.toThrow();
    const findings = Array.from({ length: 200_000 }, (_, i) => finding({ line: i + 1 }));
    expect(() => formatters.pretty(scanResult({ findings }), { colors: createColors(false), cwd: '/' })).not.toThrow();
  });
});

describe('catch handlers the walk of exits reports', () => {
  const canUseTool = (body: string): string =>
    `${sdkImport}import type { CanUseTool } from '@anthropic-ai/claude-agent-sdk';\n` +
    `const review: CanUseTool = async (tool, input) => {\n${body}\n};\n` +
    "query({ prompt: 'x', options: { canUseTool: review } });\n";
  const failOpen = "try { await check(input); } catch { return { behavior: 'allow', updatedInput: input }; }\n  return { behavior: 'deny', message: 'no' };";

  it('reports a handler that lets the call through, after statements or at the end of a switch case', () => {
    expect(check(canUseTool(`  log(tool);\n  ${failOpen}`))).toEqual(['no-fail-open-hook/catchAllows']);
    expect(check(canUseTool(`  switch (tool) {\n    case 'Bash':\n    case 'Edit':\n      ${failOpen}\n  }\n  return { behavior: 'deny', message: 'no' };`))).toEqual([
      'no-fail-open-hook/catchAllows',
    ]);
  });

  it('does not report a handler in code no path reaches', () => {
    const dead = "  if (tool === 'Bash') return { behavior: 'deny', message: 'a' };\n  else return { behavior: 'deny', message: 'b' };\n";
    expect(check(canUseTool(`${dead}  ${failOpen}`))).toEqual([]);
  });
});

describe('Python nested and long', () => {
  const py = "from claude_agent_sdk import query, ClaudeAgentOptions, HookMatcher\n";
  const hook = (body: string): string =>
    `${py}async def guard(input_data, tool_use_id, context):\n${body}\n    return {}\n\n` +
    "query(prompt='x', options=ClaudeAgentOptions(hooks={'PreToolUse': [HookMatcher(hooks=[guard])]}, allowed_tools=['Bash']))\n";

  const tooDeep = 'syntax: The file cannot be analysed: it nests more than 1500 syntax levels deep.';

  it.each([
    ['parentheses', `${py}X = ${r('(')}1${r(')')}\nquery(prompt='x', options=ClaudeAgentOptions(allowed_tools=X))\n`],
    ['lists', `${py}X = ${r('[')}1${r(']')}\n`],
    ['dicts', `${py}X = ${r("{'a': ")}1${r('}')}\n`],
    ['a + b + ...', `${py}X = 'a'${r(" + 'a'")}\n`],
    ['calls', `${py}X = ${r('f(')}1${r(')')}\n`],
    ['not not ...', `${py}X = ${r('not ')}a\n`],
    ['lambdas', `${py}X = ${r('lambda: ')}1\n`],
    ['a key built from the tool use id in a hook', hook(`    key = tool_use_id${r(' + tool_use_id')}\n    seen.add(key)`)],
  ])('%s: reported as a file that cannot be analysed (CPython gives up sooner), never a crash', (_name, text) => {
    expect(check(text, 'agent.py')).toEqual([tooDeep]);
  });

  it('an expression 1,400 operators long (CPython still compiles it): analysed, and the mistakes found', () => {
    expect(check(hook(`    key = tool_use_id${r(' + tool_use_id', 1400)}\n    if key in seen:\n        return {}`), 'agent.py')).toEqual(
      expect.arrayContaining(['no-bare-allowed-tools/bareTool', 'no-tool-use-id-dedupe/dedupeByToolUseId']),
    );
    expect(check(`${py}X = 'a'${r(" + 'a'", 1400)}\nquery(prompt='x', options=ClaudeAgentOptions(allowed_tools=[X, 'Bash']))\n`, 'agent.py')).toEqual([
      'no-bare-allowed-tools/bareTool',
    ]);
  });

  it.each([
    ['elif chains in a hook', hook(`    if a:\n        pass\n${r('    elif a:\n        pass\n')}`)],
    ['a list of 200,000 items in a hook', hook(`    x = [${Array.from({ length: 200_000 }, () => "'Bash'").join(',')}]`)],
    ['a recursive helper in a hook', `${py}def helper(n):\n    return helper(n - 1)\n\n` + hook('    key = helper(3)\n    seen.add(key)')],
  ])('%s: analysed, and the mistake next to it found', (_name, text) => {
    expect(check(text, 'agent.py')).toContain('no-bare-allowed-tools/bareTool');
  });

  it('300 nested ifs in a hook (CPython allows 100 levels of indentation): no crash', () => {
    const text = hook(Array.from({ length: 300 }, (_, i) => `${'    '.repeat(i + 1)}if a:\n`).join('') + `${'    '.repeat(301)}return {}`);
    expect(() => check(text, 'agent.py')).not.toThrow();
  });

  it('a helper whose returns call helpers with many returns (each call evaluated afresh)', () => {
    const helpers = Array.from(
      { length: 30 },
      (_, i) => `def h${i}(a):\n${Array.from({ length: 8 }, (_, j) => `    if a == ${j}:\n        return h${i + 1}(a) or h${i + 1}(a + 1)`).join('\n')}\n    return 'Read'\n`,
    ).join('\n');
    const text = `${py}${helpers}\ndef h30(a):\n    return 'Read'\n\nquery(prompt='x', options=ClaudeAgentOptions(allowed_tools=[h0(1), 'Bash']))\n`;
    expect(check(text, 'agent.py')).toEqual(['no-bare-allowed-tools/bareTool']);
  });

  it('a hook of 60,000 statements assigning one name 20,000 times: analysed, and the fail-open handler after them found', () => {
    const body = Array.from({ length: 20_000 }, (_, i) => `    decision = {'reason': '${i}'}\n    if input_data.get('k${i}'):\n        log(${i})`).join('\n');
    const text =
      `${py}async def guard(input_data, tool_use_id, context):\n${body}\n    decision = {}\n` +
      '    try:\n        check(input_data)\n    except Exception:\n        return decision\n' +
      "    return {'hookSpecificOutput': {'hookEventName': 'PreToolUse', 'permissionDecision': 'deny'}}\n\n" +
      "query(prompt='x', options=ClaudeAgentOptions(hooks={'PreToolUse': [HookMatcher(hooks=[guard], timeout=5)]}))\n";
    expect(check(text, 'agent.py')).toContain('no-fail-open-hook/catchAllows');
  });

  it('a nested settings file and nested code in one scan: each reported for itself', async () => {
    const root = tree({
      '.claude/settings.json': `${r('{"a":')}1${r('}')}`,
      'agent.py': `${py}X = ${r('(')}1${r(')')}\n`,
      'agent.ts': `${sdkImport}const x = ${r('(')}1${r(')')};`,
    });
    const result = await scan({ cwd: root });
    expect(result.problems.map(({ path, kind, line }) => `${path}:${line} ${kind}`)).toEqual([
      '.claude/settings.json:1 parse',
      'agent.py:2 parse',
      'agent.ts:1 parse',
    ]);
    expect(result.stats).toMatchObject({ files: 3, failed: 3 });
    const run = await cli(root, 'scan', 'agent.py');
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`agent.py:2:1502: Syntax error: ${tooDeep.slice('syntax: '.length)}\n`);
  });
});
