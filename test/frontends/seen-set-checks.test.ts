import { describe, expect, it } from 'vitest';
import { LineIndex } from '../../src/model/line-index.js';
import { extractPython, loadPythonParser } from '../../src/frontends/python/index.js';
import { extractTypeScript } from '../../src/frontends/typescript/index.js';
import { decisionOf } from '../../src/model/decisions.js';
import type { AgentModel, FunctionFacts } from '../../src/model/types.js';
import { py } from '../support/python-cases.js';

await loadPythonParser();

/** Each seen-set check of the function `name`: where it is, and the decisions it returns when the key was seen. */
function seenSetChecksOf(model: AgentModel | undefined, code: string, name: string): string[] {
  const facts: FunctionFacts | undefined = model?.functions.find((candidate) => candidate.name === name);
  expect(facts, name).toBeDefined();
  const lines = new LineIndex(code);
  return facts!.seenTests.map((test) => {
    const { line, column } = lines.locate(test.span.start);
    const decisions = test.returnsWhenSeen.flatMap((set) => set.alternatives.map((value) => decisionOf(value)));
    return `${line}:${column} ${decisions.join(',')}`;
  });
}

describe('seen-set checks in TypeScript', () => {
  const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
  const typescript = (...lines: string[]) => {
    const code = [sdk, ...lines, "query({ prompt: 'p', options: { hooks: { PreToolUse: [{ hooks: [guard] }] } } });"].join('\n');
    return { code, model: extractTypeScript(code, 'agent.ts').model };
  };

  it('records a membership test on a collection the function inserts into, with the returns it decides', () => {
    const { code, model } = typescript(
      'const seen = new Set<string>();',
      'async function guard(input: unknown) {',
      '  const key = JSON.stringify(input);',
      "  if (seen.has(key)) return { decision: 'block', reason: 'seen' };",
      "  if (!this.done.includes(key)) { this.done.push(key); return {}; }",
      '  seen.add(key);',
      '  return {};',
      '}',
    );
    expect(seenSetChecksOf(model, code, 'guard')).toEqual(['5:7 deny', '6:8 none']);
  });

  it('leaves out collections the function never inserts into, and returns under a further condition', () => {
    const { code, model } = typescript(
      "const blocked = new Set(['rm']);",
      'const seen = new Map<string, number>();',
      'async function guard(input: any) {',
      "  if (blocked.has(input.command)) return { decision: 'block', reason: 'policy' };",
      "  if (seen.get(input.command)) { if (input.force) return { decision: 'block', reason: 'force' }; }",
      '  seen.set(input.command, 1);',
      '  return {};',
      '}',
    );
    expect(seenSetChecksOf(model, code, 'guard')).toEqual(['6:7 ']);
  });

  it('reads a long condition chain without overflowing the stack', () => {
    const chain = Array.from({ length: 10_000 }, (_, index) => `input.f${index}`).join(' && ');
    const { code, model } = typescript('const seen = new Set();', 'async function guard(input: any) {', `  if (${chain} && seen.has(input.key)) return { decision: 'block', reason: 'seen' };`, '  seen.add(input.key);', '  return {};', '}');
    expect(seenSetChecksOf(model, code, 'guard')).toEqual([`4:${code.split('\n')[3]!.indexOf('seen.has') + 1} deny`]);
  });
});

describe('seen-set checks in Python', () => {
  const python = (...lines: string[]) => {
    const code = py('from claude_agent_sdk import ClaudeAgentOptions, HookMatcher', ...lines, 'o = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(hooks=[guard])]})');
    return { code, model: extractPython(code, 'agent.py').model };
  };

  it('records `in`, `not in` and `.get` tests on a collection the function inserts into, with the returns they decide', () => {
    const { code, model } = python(
      'seen = set()',
      'async def guard(input_data, tool_use_id, context):',
      '    key = str(input_data)',
      '    if key in seen:',
      '        return {"decision": "block", "reason": "seen"}',
      '    if key not in self.done:',
      '        self.done[key] = True',
      '        return {}',
      '    seen.add(key)',
      '    return {"decision": "block", "reason": "again"}',
    );
    expect(seenSetChecksOf(model, code, 'guard')).toEqual(['5:8 deny', '7:8 deny']);
  });

  it('leaves out collections the function never inserts into, and returns under a further condition', () => {
    const { code, model } = python(
      'BLOCKED = {"rm"}',
      'async def guard(input_data, tool_use_id, context):',
      '    command = input_data["tool_input"]["command"]',
      '    if command in BLOCKED:',
      '        return {"decision": "block", "reason": "policy"}',
      '    if seen.get(command):',
      '        if "--force" in command:',
      '            return {"decision": "block", "reason": "force"}',
      '    seen.setdefault(command, 1)',
      '    return {}',
    );
    expect(seenSetChecksOf(model, code, 'guard')).toEqual(['7:8 ']);
  });

  it('reads a long condition chain without overflowing the stack', () => {
    const chain = Array.from({ length: 10_000 }, (_, index) => `input_data.f${index}`).join(' and ');
    const { code, model } = python('seen = set()', 'async def guard(input_data, tool_use_id, context):', `    if ${chain} and input_data.key in seen:`, '        return {"decision": "block", "reason": "seen"}', '    seen.add(input_data.key)', '    return {}');
    expect(seenSetChecksOf(model, code, 'guard')).toEqual([`4:${code.split('\n')[3]!.indexOf('input_data.key in') + 1} deny`]);
  });
});
