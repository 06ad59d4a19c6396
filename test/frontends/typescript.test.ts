import { describe, expect, it } from 'vitest';
import { extractTypeScript } from '../../src/frontends/typescript/index.js';
import type { AgentModel, Value } from '../../src/model/types.js';
import { optionOf } from '../../src/model/values.js';

const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';\n";

function model(code: string, path = 'agent.ts'): AgentModel {
  const { model, syntaxErrors } = extractTypeScript(code, path);
  expect(syntaxErrors).toEqual([]);
  expect(model).toBeDefined();
  return model!;
}

/** The written values an option can have in the file's only configuration. */
function option(code: string, key: string): string[] {
  const [config, ...others] = model(code).configurations;
  expect(others).toEqual([]);
  return optionOf(config!, key).values.map(shown);
}

function shown(value: Value): string {
  return value.kind === 'string' ? value.value : value.kind;
}

describe('the text prefilter', () => {
  it('does not parse a file that never mentions the SDK (its syntax errors go unseen)', () => {
    expect(extractTypeScript('export const options = { permissionMode: "bypassPermissions", ', 'a.ts')).toEqual({ syntaxErrors: [] });
  });

  it('parses a file that mentions the SDK and reports its syntax errors with positions', () => {
    const { model, syntaxErrors } = extractTypeScript(`${sdk}query({ prompt: 'x', options: { ", } });`, 'agent.ts');
    expect(model).toBeDefined();
    expect(syntaxErrors.length).toBeGreaterThan(0);
    expect(syntaxErrors[0]!.span.start).toBeGreaterThan(sdk.length);
  });
});

describe('entry points', () => {
  it.each([
    ['query', `${sdk}query({ prompt: 'p', options: { permissionMode: 'plan' } });`],
    ['startup', "import { startup } from '@anthropic-ai/claude-agent-sdk';\nawait startup({ options: { permissionMode: 'plan' } });"],
    ['prewarm', "import { prewarm } from '@anthropic-ai/claude-agent-sdk';\nprewarm({ options: { permissionMode: 'plan' } });"],
    ['browser query', "import { query } from '@anthropic-ai/claude-agent-sdk/browser';\nquery({ prompt: 'p', permissionMode: 'plan' });"],
    ['v2 session', "import { unstable_v2_resumeSession as resume } from '@anthropic-ai/claude-agent-sdk';\nresume('id', { permissionMode: 'plan' });"],
    ['namespace', "import * as sdk from '@anthropic-ai/claude-agent-sdk';\nsdk.query({ prompt: 'p', options: { permissionMode: 'plan' } });"],
    ['require', "const sdk = require('@anthropic-ai/claude-code');\nsdk.query({ prompt: 'p', options: { permissionMode: 'plan' } });"],
    ['dynamic import', "const { query: q } = await import('@anthropic-ai/claude-agent-sdk');\nq({ prompt: 'p', options: { permissionMode: 'plan' } });"],
  ])('%s', (_name, code) => {
    expect(option(code, 'permissionMode')).toEqual(['plan']);
  });

  it('ignores a query that is not the SDK', () => {
    expect(model(`import type { Options } from '@anthropic-ai/claude-agent-sdk';\nimport { query } from './db';\nquery({ options: { permissionMode: 'plan' } });`).configurations).toEqual([]);
  });

  it.each([
    ['a comment', "import { query } from './db';\nquery({ options: { permissionMode: 'plan' } }); // @anthropic-ai/claude-agent-sdk"],
    ['a string (a bundle naming its own package)', "var name = '@anthropic-ai/claude-agent-sdk';\nquery({ options: { permissionMode: 'plan' } });"],
  ])('skips, without a parse, a file that names the SDK only in %s', (_name, code) => {
    expect(extractTypeScript(code, 'bundle.mjs')).toEqual({ syntaxErrors: [] });
  });
});

describe('value sets', () => {
  it('a ternary can be either value', () => {
    expect(option(`${sdk}query({ prompt: 'p', options: { permissionMode: c ? 'plan' : 'default' } });`, 'permissionMode')).toEqual(['plan', 'default']);
  });

  it('an if assignment adds a value; an unconditional one in the same block replaces it', () => {
    const conditional = `${sdk}let mode = 'default';\nif (c) mode = 'plan';\nquery({ prompt: 'p', options: { permissionMode: mode } });`;
    expect(option(conditional, 'permissionMode')).toEqual(['default', 'plan']);
    const unconditional = `${sdk}let mode = 'default';\nmode = 'plan';\nquery({ prompt: 'p', options: { permissionMode: mode } });`;
    expect(option(unconditional, 'permissionMode')).toEqual(['plan']);
  });

  it('property writes and push after the declaration', () => {
    const code = `${sdk}const options: any = { allowedTools: ['Read'] };\nif (c) options.permissionMode = 'plan';\noptions.allowedTools.push('Grep');\nquery({ prompt: 'p', options });`;
    expect(option(code, 'permissionMode')).toEqual(['absent', 'plan']);
    expect(option(code, 'allowedTools')).toEqual(['array']);
    const [tools] = optionOf(model(code).configurations[0]!, 'allowedTools').values;
    expect(tools?.kind === 'array' && tools.elements.map((element) => shown(element.alternatives[0]!))).toEqual(['Read', 'Grep']);
  });

  it('spreads: later properties override, a conditional spread makes "can be", an unknown spread makes the object incomplete', () => {
    const code = `${sdk}import { extra } from './extra';\nconst base = { permissionMode: 'default', model: 'm' };\nquery({ prompt: 'p', options: { ...base, permissionMode: 'plan', ...(c ? { model: 'n' } : {}), ...extra } });`;
    expect(option(code, 'permissionMode')).toEqual(['plan', 'unknown']);
    expect(option(code, 'model')).toEqual(['n', 'm', 'unknown']);
    expect(option(code, 'disallowedTools')).toEqual(['unknown']);
  });

  it('Object.assign and helpers returning a literal', () => {
    const code = `${sdk}function make(mode: string) { return Object.assign({}, { permissionMode: mode }); }\nquery({ prompt: 'p', options: make('plan') });`;
    expect(option(code, 'permissionMode')).toEqual(['plan']);
  });

  it('values it cannot see stay unknown', () => {
    const code = `${sdk}import { mode } from './mode';\nquery({ prompt: 'p', options: { permissionMode: mode, model: process.env.MODEL } });`;
    expect(option(code, 'permissionMode')).toEqual(['unknown']);
    expect(option(code, 'model')).toEqual(['unknown']);
  });

  it('a typed Options object used by an entry point is one configuration, checked with what it is combined with', () => {
    const code = `import { query, type Options } from '@anthropic-ai/claude-agent-sdk';\nconst base: Options = { permissionMode: 'plan' };\nquery({ prompt: 'p', options: { ...base, model: 'm' } });`;
    const configurations = model(code).configurations;
    expect(configurations.map((config) => config.entry)).toEqual(['query']);
  });
});

describe('gates', () => {
  it('wires hook callbacks to their events, and finds canUseTool, tool handlers and SDK-typed functions', () => {
    const code =
      "import { query, tool, type HookCallback, type CanUseTool } from '@anthropic-ai/claude-agent-sdk';\n" +
      'async function pre() { return {}; }\n' +
      'const post = async () => ({});\n' +
      'export const spare: HookCallback = async () => ({});\n' +
      'export const ask: CanUseTool = async () => ({ behavior: "deny", message: "no" });\n' +
      "tool('t', 'd', {}, async () => ({ content: [] }));\n" +
      "query({ prompt: 'p', options: { canUseTool: ask, hooks: { PreToolUse: [{ hooks: [pre] }], PostToolUse: [{ hooks: [post, pre] }] } } });";
    const found = model(code);
    const gates = found.gates.map((gate) => [gate.kind, found.functions[gate.functionId]!.name ?? '(anonymous)', gate.events.join(',')]);
    expect(gates).toEqual(
      expect.arrayContaining([
        ['hook', 'pre', 'PreToolUse'],
        ['hook', 'post', 'PostToolUse'],
        ['hook', 'pre', 'PostToolUse'],
        ['canUseTool', 'ask', ''],
        ['hook', 'spare', ''],
        ['tool', '(anonymous)', ''],
      ]),
    );
    expect(gates).toHaveLength(6);
  });

  it('describes exits and catch handlers, following what runs after the try', () => {
    const code = `${sdk}async function guard() {\n  try {\n    await check();\n  } catch {\n    log();\n  }\n  return { decision: 'block' };\n}\nquery({ prompt: 'p', options: { hooks: { PreToolUse: [{ hooks: [guard] }] } } });`;
    const guard = model(code).functions.find((facts) => facts.name === 'guard')!;
    expect(guard.exits.map((exit) => exit.kind)).toEqual(['return']);
    expect(guard.catches).toHaveLength(1);
    expect(guard.catches[0]!.exits.map((exit) => exit.kind)).toEqual(['return']);
    // The catch handler itself is not guarded: an unknown call there can throw.
    expect(guard.mayThrow?.description).toBe('log()');
  });
});

describe('typed options inside an entry point', () => {
  it('are checked as part of that entry, not twice', () => {
    const code = `import { query, type Options } from '@anthropic-ai/claude-agent-sdk';\nquery({ prompt: 'p', options: { permissionMode: 'plan' } satisfies Options });`;
    expect(model(code).configurations.map((config) => config.entry)).toEqual(['query']);
  });
});

describe('the budget', () => {
  it('a value a helper budget cut short is worked out afresh at its next use, not kept unknown', () => {
    // h0(1) spends all of outer()'s helper steps while `tools` is first evaluated inside it.
    const helpers = Array.from(
      { length: 30 },
      (_, i) => `function h${i}(a) {\n${Array.from({ length: 8 }, (_, j) => `  if (a === ${j}) return h${i + 1}(a) || h${i + 1}(a + 1);`).join('\n')}\n  return 'Read';\n}`,
    ).join('\n');
    const code = `${sdk}${helpers}\nfunction h30() { return 'Read'; }\nconst tools = [h0(1), 'Bash'];\nfunction outer() { return tools; }\nquery({ prompt: 'x', options: { model: outer(), allowedTools: tools } });\n`;
    const [config] = model(code).configurations;
    const [tools] = optionOf(config!, 'allowedTools').values;
    const elements = tools?.kind === 'array' ? tools.elements.flatMap((element) => element.alternatives.map(shown)) : [];
    expect(elements).toContain('Bash');
  });
});
