import { describe, expect, it } from 'vitest';
import { extractPython, loadPythonParser } from '../../src/frontends/python/index.js';
import { extractTypeScript } from '../../src/frontends/typescript/index.js';
import type { AgentModel, FunctionFacts } from '../../src/model/types.js';
import { py } from '../support/python-cases.js';

await loadPythonParser();

/** The facts of the function named `name`, with each call site as `callee [ids] text`. */
function sites(model: AgentModel | undefined, name: string, code: string): { async: boolean; calls: string[] } {
  const facts = model!.functions.find((candidate) => candidate.name === name) as FunctionFacts;
  const ids = (list: number[]) => list.map((id) => model!.functions[id]!.name).join(',');
  return {
    async: facts.async === true,
    calls: facts.callSites.map((site) => `${site.callee ?? '-'} [${ids(site.functionIds)}] ${code.slice(site.span.start, site.span.end)}`),
  };
}

describe('call sites in TypeScript', () => {
  it('names callees through imports, keeps globals, and leaves local names out', () => {
    const code = [
      "import { query } from '@anthropic-ai/claude-agent-sdk';",
      "import axios from 'axios';",
      "import * as http from 'node:http';",
      "import { request as send } from 'undici';",
      'function helper(x: unknown) { return x; }',
      'async function after(input: any) {',
      '  const client = axios.create();',
      '  await fetch(input.url);',
      '  await axios.post(input.url, helper(input));',
      '  http.request(input.url);',
      '  await send(input.url);',
      '  await client.get(input.url);',
      '  (globalThis.fetch)(input.url);',
      '  return {};',
      '}',
      "query({ prompt: 'x', options: { hooks: { PostToolUseFailure: [{ hooks: [after] }] } } });",
    ].join('\n');
    expect(sites(extractTypeScript(code, 'agent.ts').model, 'after', code)).toEqual({
      async: true,
      calls: [
        'axios.create [] axios.create()',
        'fetch [] fetch(input.url)',
        'axios.post [] axios.post(input.url, helper(input))',
        '- [helper] helper(input)',
        'node:http.request [] http.request(input.url)',
        'undici.request [] send(input.url)',
        '- [] client.get(input.url)',
        'globalThis.fetch [] (globalThis.fetch)(input.url)',
      ],
    });
  });

  it('marks only async functions as async', () => {
    const code = "import { query } from '@anthropic-ai/claude-agent-sdk';\nconst after = (input: any) => ({});\nquery({ prompt: 'x', options: { hooks: { PostToolUseFailure: [{ hooks: [after] }] } } });";
    expect(sites(extractTypeScript(code, 'agent.ts').model, 'after', code)).toEqual({ async: false, calls: [] });
  });
});

describe('call sites in Python', () => {
  it('names callees through imports, keeps builtins, and leaves local names out', () => {
    const code = py(
      'import httpx, requests',
      'from claude_agent_sdk import ClaudeAgentOptions, HookMatcher, query',
      'from urllib.request import urlopen',
      'def helper(x):',
      '    return x',
      'async def after(input_data, tool_use_id, context):',
      '    client = httpx.AsyncClient()',
      '    requests.post(input_data["url"], json=helper(input_data))',
      '    urlopen(input_data["url"])',
      '    await client.post(input_data["url"])',
      '    print("failed")',
      '    return {}',
      'options = ClaudeAgentOptions(hooks={"PostToolUseFailure": [HookMatcher(hooks=[after])]})',
    );
    expect(sites(extractPython(code, 'agent.py').model, 'after', code)).toEqual({
      async: true,
      calls: [
        'httpx.AsyncClient [] httpx.AsyncClient()',
        'requests.post [] requests.post(input_data["url"], json=helper(input_data))',
        '- [helper] helper(input_data)',
        'urllib.request.urlopen [] urlopen(input_data["url"])',
        '- [] client.post(input_data["url"])',
        'print [] print("failed")',
      ],
    });
  });

  it('marks only async def as async', () => {
    const code = py(
      'from claude_agent_sdk import ClaudeAgentOptions, HookMatcher',
      'def after(input_data, tool_use_id, context):',
      '    return {}',
      'options = ClaudeAgentOptions(hooks={"PostToolUseFailure": [HookMatcher(hooks=[after])]})',
    );
    expect(sites(extractPython(code, 'agent.py').model, 'after', code)).toEqual({ async: false, calls: [] });
  });
});
