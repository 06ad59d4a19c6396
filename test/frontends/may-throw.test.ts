import { describe, expect, it } from 'vitest';
import { analyseText } from '../../src/engine/analyse.js';
import { loadPythonParser } from '../../src/frontends/python/index.js';
import { py } from '../support/python-cases.js';

// The may-throw fact of a hook, written once in the core (which reads of the
// input can find nothing) and read from each language's syntax. TypeScript's
// no-fail-open-hook cases are in test/rules/values/precision.test.ts; the
// Python SDK has no onFailure, so there the fact is read by `inspect` only.
await loadPythonParser();

/** Where the first possible throw of `guard` is, as the model describes it; undefined when it cannot throw. */
function firstThrow(code: string, path: string): string | undefined {
  const { model } = analyseText(code, path);
  return model!.functions.find((facts) => facts.name === 'guard')!.mayThrow?.description;
}

describe('TypeScript', () => {
  const hook = (...body: string[]) =>
    [
      "import { query } from '@anthropic-ai/claude-agent-sdk';",
      'function guard(input: any) {',
      ...body.map((line) => `  ${line}`),
      '}',
      "query({ prompt: 'x', options: { hooks: { PreToolUse: [{ hooks: [guard] }] } } });",
    ].join('\n');

  it.each([
    ['a fallback', "const command = input.tool_input.command ?? '';", "return command.trim() ? {} : { decision: 'block' };"],
    ['optional access', "return input.tool_input.command?.trim() ? {} : { decision: 'block' };"],
    ['a test first', "if (!input.tool_input.command) return { decision: 'block' };", "return input.tool_input.command.trim() ? {} : { decision: 'block' };"],
    ['a test of the read a const holds', "if (typeof input.tool_input.command !== 'string') return {};", 'const command = input.tool_input.command;', "return command.trim() ? {} : { decision: 'block' };"],
    ['the input’s own fields', "return input.tool_name.startsWith('mcp__') ? { decision: 'block' } : {};"],
    ['a destructured name with a default', "const { command = '' } = input.tool_input;", "return command.trim() ? {} : { decision: 'block' };"],
  ])('cannot throw: %s', (_name, ...body) => {
    expect(firstThrow(hook(...body), 'agent.ts')).toBeUndefined();
  });

  it.each([
    ['a method of the field', ['return input.tool_input.command.trim() ? {} : {};'], 'input.tool_input.command.trim()'],
    ['a property of the field, through a const', ['const content = input.tool_input.content;', 'return content.length > 9 ? {} : {};'], 'content.length'],
    ['a test of tool_input alone', ['if (!input.tool_input) return {};', 'return input.tool_input.command.trim() ? {} : {};'], 'input.tool_input.command.trim()'],
  ])('can throw: %s', (_name, body, where) => {
    expect(firstThrow(hook(...body), 'agent.ts')).toBe(where);
  });
});

describe('Python', () => {
  const hook = (...body: string[]) =>
    py(
      'from claude_agent_sdk import ClaudeAgentOptions, HookMatcher',
      'def guard(input_data, tool_use_id, context):',
      ...body.map((line) => `    ${line}`),
      'options = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(hooks=[guard])]})',
    );

  it.each([
    ['a default', 'command = input_data["tool_input"].get("command", "")', 'return {} if command.strip() else {"decision": "block"}'],
    ['a test of the key first', 'if "command" not in input_data["tool_input"]:', '    return {"decision": "block"}', 'return {} if input_data["tool_input"]["command"].strip() else {}'],
    ['a test of the value first', 'command = input_data["tool_input"].get("command")', 'if not command:', '    return {"decision": "block"}', 'return {} if command.strip() else {}'],
    ['the input’s own fields', 'return {} if input_data["tool_name"].startswith("mcp__") else {}'],
    ['os.path on a produced value', 'import os', 'path = os.path.join(os.getcwd(), str(input_data["tool_input"].get("file_path", "")))', 'return {} if path.strip() else {}'],
  ])('cannot raise: %s', (_name, ...body) => {
    expect(firstThrow(hook(...body), 'agent.py')).toBeUndefined();
  });

  it.each([
    ['a subscript of a key that can be missing', ['return {} if input_data["tool_input"]["command"] else {}'], 'input_data["tool_input"]["command"]'],
    ['a method of .get without a default, through names', ['tool_input = input_data["tool_input"]', 'command = tool_input.get("command")', 'return {} if command.strip() else {}'], 'command.strip()'],
    ['json.loads', ['import json', 'return json.loads(input_data["tool_input"].get("content", "{}"))'], 'json.loads(input_data["tool_input"].get("content", "{}"))'],
  ])('can raise: %s', (_name, body, where) => {
    expect(firstThrow(hook(...body), 'agent.py')).toBe(where);
  });
});
