import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { random } from '../../bench/generate.mjs';
import { analyseText, prepareFor } from '../../src/engine/analyse.js';
import { candidateText } from '../../src/engine/prefilter.js';
import { scan } from '../support/scan.js';
import { plugin } from '../../src/index.js';
import { cli, tree } from './support.js';

// Mutated agent files (lines deleted, duplicated, swapped; truncated;
// brackets, quotes, NUL and invalid UTF-8 inserted), from a fixed seed and a
// fixed count, through `scan`, the CLI and the ESLint plugin: nothing
// throws, no stack trace is printed, every run ends, and a file that names
// the SDK and does not parse is always a problem, so the run never exits 0
// over it.

const typeScriptAgent = `import { query, type Options } from '@anthropic-ai/claude-agent-sdk';
import { tools } from './tools';

const options: Options = {
  permissionMode: 'bypassPermissions',
  allowedTools: ['Bash', ...tools],
  hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [async () => ({ decision: 'block' })] }] },
  canUseTool: async (tool, input) => (tool === 'Bash' ? { behavior: 'deny', message: 'no' } : { behavior: 'allow', updatedInput: input }),
};

for await (const message of query({ prompt: \`fix \${process.argv[2]}\`, options })) {
  if (message.type === 'result') console.log(message);
}
`;

const javaScriptAgent = `const { query } = require('@anthropic-ai/claude-agent-sdk');

async function main(prompt) {
  const stream = query({ prompt, options: { allowedTools: ['Read', 'Edit(./src/**)'], disallowedTools: ['WebFetch'] } });
  for await (const message of stream) console.log(message.type);
}

module.exports = { main };
`;

const pythonAgent = `from claude_agent_sdk import ClaudeAgentOptions, HookMatcher, query

async def guard(input_data, tool_use_id, context):
    if input_data["tool_name"] == "Bash":
        return {"decision": "block", "reason": "no"}
    return {}

options = ClaudeAgentOptions(
    permission_mode="acceptEdits",
    allowed_tools=["Bash", "Read"],
    hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[guard])]},
)

async def main():
    async for message in query(prompt="fix it", options=options):
        print(message)
`;

const settings = `{
  "permissions": { "allow": ["Bash(npm test *)", "Read"], "deny": ["WebFetch"] },
  "hooks": { "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "./guard.sh" }] }] }
}
`;

const fixtures = [
  { name: 'agent.ts', text: typeScriptAgent },
  { name: 'agent.js', text: javaScriptAgent },
  { name: 'agent.py', text: pythonAgent },
  { name: '.claude/settings.json', text: settings },
];

const insertions = ['(', ')', '[', ']', '{', '}', "'", '"', '`', '"""', '\u0000'].map((text) => Buffer.from(text));
const invalidUtf8 = [Buffer.from([0xff]), Buffer.from([0x80]), Buffer.from([0xe2, 0x82]), Buffer.from([0xc0, 0xaf]), Buffer.from([0xed, 0xa0, 0x80])];

/** One to three mutations of `text`'s bytes. */
function mutate(text: string, next: () => number): Buffer {
  const pick = (n: number) => Math.floor(next() * n);
  let bytes = Buffer.from(text);
  for (let count = 1 + pick(3); count > 0; count--) {
    const lines = bytes.toString('latin1').split('\n');
    const at = pick(lines.length);
    switch (pick(6)) {
      case 0:
        lines.splice(at, 1);
        bytes = Buffer.from(lines.join('\n'), 'latin1');
        break;
      case 1:
        lines.splice(at, 0, lines[at]!);
        bytes = Buffer.from(lines.join('\n'), 'latin1');
        break;
      case 2: {
        const other = pick(lines.length);
        [lines[at], lines[other]] = [lines[other]!, lines[at]!];
        bytes = Buffer.from(lines.join('\n'), 'latin1');
        break;
      }
      case 3:
        bytes = bytes.subarray(0, pick(bytes.length));
        break;
      default: {
        const where = pick(bytes.length + 1);
        const inserted = pick(2) === 0 ? insertions[pick(insertions.length)]! : invalidUtf8[pick(invalidUtf8.length)]!;
        bytes = Buffer.concat([bytes.subarray(0, where), inserted, bytes.subarray(where)]);
      }
    }
  }
  return bytes;
}

/** Per fixture, this many mutants: 4 × 100 files in one tree, scanned once. */
const perFixture = 100;
const next = random(20_250_14);
const mutants = fixtures.flatMap(({ name, text }) =>
  Array.from({ length: perFixture }, (_, index) => {
    const folder = name.startsWith('.claude/') ? `settings-${index}/` : `m${index}/`;
    return { path: `${folder}${name}`, bytes: mutate(text, next) };
  }),
);
const root = tree(Object.fromEntries([...mutants.map(({ path, bytes }) => [path, bytes] as const), ['m0/tools.ts', "export const tools = ['Glob'];\n"]]));

beforeAll(async () => prepareFor('any.py'));

describe('mutated agent files', () => {
  it('scan reports every mutant that names the SDK and does not parse, and never throws', async () => {
    const result = await scan({ cwd: root, configFile: false, config: 'strict' });
    const problems = new Set(result.problems.map((problem) => problem.path));
    const unparsed = mutants.filter(({ path, bytes }) => {
      const text = candidateText(bytes, path);
      return text !== undefined && analyseText(text, path).syntaxErrors.length > 0;
    });
    // The mutations break most files: the property is exercised, not vacuous.
    expect(unparsed.length).toBeGreaterThan(mutants.length / 4);
    for (const { path } of unparsed) expect(problems, path).toContain(path);
    for (const problem of result.problems) expect(problem.kind, `${problem.path}: ${problem.message}`).not.toBe('internal');
    expect(result.stats.files).toBe(mutants.length + 1);
  });

  it('the CLI exits 2, with no stack trace, in every format', async () => {
    for (const format of ['pretty', 'json', 'sarif']) {
      const run = await cli(root, 'scan', '--format', format);
      expect(run.code).toBe(2);
      expect(run.stderr).not.toMatch(/^\s+at /m);
      expect(run.stderr).not.toMatch(/internal error/i);
    }
  });

  it('the ESLint plugin lints every TypeScript and JavaScript mutant without throwing', () => {
    const linter = new Linter();
    const config: Linter.Config[] = [plugin.configs.strict as Linter.Config, { files: ['**/*.ts'], languageOptions: { parser: tsParser } }];
    let fatal = 0;
    for (const { path, bytes } of mutants.filter((mutant) => /\.[jt]s$/.test(mutant.path))) {
      const messages = linter.verify(bytes.toString('utf8'), config, path);
      fatal += messages.some((message) => message.fatal) ? 1 : 0;
      for (const message of messages) expect(message.message, path).not.toMatch(/^\s+at |toolgate.*(?:internal|crashed)/m);
    }
    expect(fatal).toBeGreaterThan(0);
  });
});
