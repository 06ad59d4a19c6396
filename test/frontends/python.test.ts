import { describe, expect, it } from 'vitest';
import { analyseText } from '../../src/engine/analyse.js';
import { LineIndex } from '../../src/model/line-index.js';
import { extractPython, isPythonPath, loadPythonParser, PythonProject } from '../../src/frontends/python/index.js';
import { exitDecisions } from '../../src/model/decisions.js';
import { hookMatchers } from '../../src/model/hooks.js';
import type { AgentModel, Span, Value } from '../../src/model/types.js';
import { optionOf } from '../../src/model/values.js';
import { py } from '../support/python-cases.js';

await loadPythonParser();

const sdk = 'from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient, HookMatcher, PermissionResultAllow, PermissionResultDeny, query, tool';

function model(code: string, path = 'agent.py'): AgentModel {
  const { model, syntaxErrors } = extractPython(code, path);
  expect(syntaxErrors).toEqual([]);
  expect(model).toBeDefined();
  return model!;
}

function shown(value: Value): string {
  if (value.kind === 'string') return value.value;
  if (value.kind === 'array') return `[${value.elements.map((element) => element.alternatives.map(shown).join('|')).join(', ')}${value.complete ? '' : ', ...'}]`;
  return value.kind;
}

/** The values an option can have in the file's only configuration. */
function option(code: string, key: string): string[] {
  const [config, ...others] = model(code).configurations;
  expect(others.map((other) => other.entry)).toEqual([]);
  return optionOf(config!, key).values.map(shown);
}

/** Where a span starts, as `line:column`. */
function at(code: string, span: Span): string {
  const { line, column } = new LineIndex(code).locate(span.start);
  return `${line}:${column}`;
}

describe('files', () => {
  it('reads .py files', () => {
    expect(isPythonPath('agent/main.py')).toBe(true);
    expect(isPythonPath('types.pyi')).toBe(false);
  });

  it('does not parse a file that never mentions the SDK (its syntax errors go unseen)', () => {
    expect(extractPython('options = dict(permission_mode="bypassPermissions",\n', 'a.py')).toEqual({ syntaxErrors: [] });
  });

  it('reports syntax errors of a file that uses the SDK, with positions', () => {
    const code = py(sdk, 'options = ClaudeAgentOptions(permission_mode="plan",', 'def broken(:', '    pass');
    const { model, syntaxErrors } = extractPython(code, 'agent.py');
    expect(model).toBeDefined();
    expect(syntaxErrors.length).toBeGreaterThan(0);
    expect(syntaxErrors[0]!.span.start).toBeGreaterThan(sdk.length);
  });

  it('keeps offsets in UTF-16 code units, as the line index counts them', () => {
    const code = py(sdk, 'NOTE = "🚀 café"; options = ClaudeAgentOptions(permission_mode="plan")');
    const [config] = model(code).configurations;
    const [mode] = optionOf(config!, 'permissionMode').values;
    expect(at(code, mode!.span)).toBe(`2:${'NOTE = "🚀 café"; options = ClaudeAgentOptions(permission_mode='.length + 1}`);
  });

  it('reads CRLF line ends and survives hostile input', () => {
    const code = py(sdk, 'options = ClaudeAgentOptions(permission_mode="plan")').replace(/\n/g, '\r\n');
    expect(option(code, 'permissionMode')).toEqual(['plan']);
    const deep = `${sdk}\nx = ${'('.repeat(5000)}1${')'.repeat(5000)}\ny = ${'['.repeat(5000)}\n`;
    expect(() => extractPython(deep, 'deep.py')).not.toThrow();
    expect(() => extractPython(`claude_agent_sdk\n\u0000\uFFFD${'\u0001'.repeat(100)}`, 'binary.py')).not.toThrow();
  });

  it('walks a very long function without deep recursion, and conditional writes do not multiply alternatives', () => {
    const branches = Array.from({ length: 3000 }, (_, index) => `    if input_data.get("k${index}"):\n        seen.add(${index})`);
    const long = py(sdk, 'async def guard(input_data, tool_use_id, context):', ...branches, '    return {}', 'o = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(hooks=[guard])]})');
    const guard = model(long).functions.find((facts) => facts.name === 'guard')!;
    expect(guard.exits.map((exit) => exit.kind)).toEqual(['return']);
    const writes = Array.from({ length: 40 }, (_, index) => `if FLAG_${index}:\n    o.max_turns = ${index}`);
    const [config] = model(py(sdk, 'o = ClaudeAgentOptions(permission_mode="plan")', ...writes, 'ClaudeSDKClient(o)')).configurations;
    expect(config!.options.alternatives).toHaveLength(1);
    expect(optionOf(config!, 'maxTurns').values).toHaveLength(41);
  });

  it('needs the parser loaded first, which scan does', async () => {
    await expect(loadPythonParser()).resolves.toBeUndefined();
  });
});

describe('configurations', () => {
  it.each([
    ['ClaudeAgentOptions on its own', py(sdk, 'options = ClaudeAgentOptions(permission_mode="plan")'), 'ClaudeAgentOptions'],
    ['query(options=...)', py(sdk, 'query(prompt="p", options=ClaudeAgentOptions(permission_mode="plan"))'), 'query'],
    ['ClaudeSDKClient(options=...)', py(sdk, 'ClaudeSDKClient(options=ClaudeAgentOptions(permission_mode="plan"))'), 'ClaudeSDKClient'],
    ['ClaudeSDKClient(options)', py(sdk, 'o = ClaudeAgentOptions(permission_mode="plan")', 'ClaudeSDKClient(o)'), 'ClaudeSDKClient'],
    ['a module alias', py('import claude_agent_sdk as sdk', 'sdk.query(prompt="p", options=sdk.ClaudeAgentOptions(permission_mode="plan"))'), 'query'],
    ['a submodule', py('from claude_agent_sdk.types import ClaudeAgentOptions', 'o = ClaudeAgentOptions(permission_mode="plan")'), 'ClaudeAgentOptions'],
    ['the older SDK', py('from claude_code_sdk import ClaudeCodeOptions as Options', 'o = Options(permission_mode="plan")'), 'ClaudeCodeOptions'],
  ])('%s', (_name, code, entry) => {
    const [config, ...others] = model(code).configurations;
    expect(others).toEqual([]);
    expect(config!.entry).toBe(entry);
    expect(optionOf(config!, 'permissionMode').values.map(shown)).toEqual(['plan']);
  });

  it('keys options by their TypeScript names and keeps the Python spelling', () => {
    const code = py(sdk, 'o = ClaudeAgentOptions(permission_mode="plan", allowed_tools=["Read"], can_use_tool=None, add_dirs=["/tmp"], permission_prompt_tool_name="x")');
    const [config] = model(code).configurations;
    const object = config!.options.alternatives[0]!;
    expect(object.kind === 'object' && [...object.properties.values()].map((property) => `${property.key}=${property.spelling}`)).toEqual([
      'permissionMode=permission_mode',
      'allowedTools=allowed_tools',
      'canUseTool=can_use_tool',
      'additionalDirectories=add_dirs',
      'permissionPromptToolName=permission_prompt_tool_name',
    ]);
    expect(object.kind === 'object' && object.constructedBy).toBe('ClaudeAgentOptions');
    expect(optionOf(config!, 'canUseTool').values.map(shown)).toEqual(['undefined']);
    expect(optionOf(config!, 'disallowedTools').values.map(shown)).toEqual(['absent']);
  });

  it('options an entry point or dataclasses.replace uses are checked there, not on their own', () => {
    const code = py(sdk, 'from dataclasses import replace', 'base = ClaudeAgentOptions(permission_mode="plan")', 'strict = replace(base, disallowed_tools=["Bash"])', 'query(prompt="p", options=base)');
    expect(model(code).configurations.map((config) => config.entry)).toEqual(['query', 'replace']);
  });

  it('an options class that is not the SDK is not a configuration', () => {
    expect(model(py('# claude_agent_sdk', 'from mylib import ClaudeAgentOptions', 'o = ClaudeAgentOptions(permission_mode="plan")')).configurations).toEqual([]);
  });
});

describe('value sets', () => {
  const options = (...lines: string[]) => py(sdk, ...lines);

  it('a conditional expression can be either value', () => {
    expect(option(options('o = ClaudeAgentOptions(permission_mode="plan" if CI else "default")'), 'permissionMode')).toEqual(['plan', 'default']);
  });

  it('if, elif and else assignments; an unconditional one replaces', () => {
    expect(option(options('mode = "default"', 'if A:', '    mode = "plan"', 'o = ClaudeAgentOptions(permission_mode=mode)'), 'permissionMode')).toEqual(['plan', 'default']);
    expect(option(options('if A:', '    mode = "plan"', 'elif B:', '    mode = "auto"', 'else:', '    mode = "default"', 'o = ClaudeAgentOptions(permission_mode=mode)'), 'permissionMode')).toEqual(['plan', 'auto', 'default']);
    expect(option(options('mode = "default"', 'mode = "plan"', 'o = ClaudeAgentOptions(permission_mode=mode)'), 'permissionMode')).toEqual(['plan']);
  });

  it('loops, try and with blocks: what may have run', () => {
    expect(option(options('mode = "default"', 'for arg in ARGS:', '    mode = "plan"', 'o = ClaudeAgentOptions(permission_mode=mode)'), 'permissionMode')).toEqual(['plan', 'default']);
    expect(option(options('try:', '    mode = load()', 'except KeyError:', '    mode = "plan"', 'o = ClaudeAgentOptions(permission_mode=mode)'), 'permissionMode')).toEqual(['unknown', 'plan']);
    expect(option(options('with open("x") as f:', '    mode = "plan"', 'o = ClaudeAgentOptions(permission_mode=mode)'), 'permissionMode')).toEqual(['plan']);
  });

  it('**base unpacking and dict literals passed as **kwargs, with later keywords on top', () => {
    const code = options('base = {"permission_mode": "default", "model": "m"}', 'extra = dict(max_turns=3)', 'o = ClaudeAgentOptions(**base, **extra, model="n")');
    expect(option(code, 'permissionMode')).toEqual(['default']);
    expect(option(code, 'model')).toEqual(['n']);
    expect(option(code, 'maxTurns')).toEqual(['number']);
  });

  it('an unknown **kwargs may set anything', () => {
    const code = options('def make(**kwargs):', '    return ClaudeAgentOptions(permission_mode="plan", **kwargs)');
    expect(option(code, 'permissionMode')).toEqual(['plan', 'unknown']);
    expect(option(code, 'allowedTools')).toEqual(['unknown']);
  });

  it('dataclasses.replace copies and overrides', () => {
    const code = options('import dataclasses', 'base = ClaudeAgentOptions(permission_mode="plan", allowed_tools=["Read"])', 'o = dataclasses.replace(base, permission_mode="default")');
    expect(option(code, 'permissionMode')).toEqual(['default']);
    expect(option(code, 'allowedTools')).toEqual(['[Read]']);
  });

  it('attribute writes, item writes and appends after construction', () => {
    const code = options(
      'o = ClaudeAgentOptions(allowed_tools=["Read"], hooks={})',
      'if A:',
      '    o.permission_mode = "plan"',
      'o.allowed_tools.append("Grep")',
      'o.allowed_tools += ["Glob"]',
      'o.hooks["PreToolUse"] = []',
      'ClaudeSDKClient(options=o)',
    );
    expect(option(code, 'permissionMode')).toEqual(['plan', 'absent']);
    expect(option(code, 'allowedTools')).toEqual(['[Read, Grep, Glob]']);
    const [config] = model(code).configurations;
    expect(optionOf(config!, 'permissionMode').properties[0]!.spelling).toBe('permission_mode');
    expect(hookMatchers(config!)).toEqual([]);
  });

  it('helpers, lambdas, walrus and tuple unpacking', () => {
    expect(option(options('def make(mode, tools=("Read",)):', '    return ClaudeAgentOptions(permission_mode=mode, allowed_tools=list(tools))', 'o = ClaudeSDKClient(make("plan"))'), 'allowedTools')).toEqual(['[Read]']);
    expect(option(options('def make(mode):', '    opts = ClaudeAgentOptions(permission_mode=mode)', '    return opts', 'c = ClaudeSDKClient(make(mode="plan"))'), 'permissionMode')).toEqual(['plan']);
    expect(option(options('mode, model = "plan", "m"', 'o = ClaudeAgentOptions(permission_mode=mode)'), 'permissionMode')).toEqual(['plan']);
    expect(option(options('if (mode := "plan"):', '    o = ClaudeAgentOptions(permission_mode=mode)'), 'permissionMode')).toEqual(['plan']);
  });

  it('module-level values seen from inside a function are their final values', () => {
    const code = options('MODE = "default"', 'async def main():', '    async for m in query(prompt="p", options=ClaudeAgentOptions(permission_mode=MODE)):', '        pass', 'MODE = "plan"');
    expect(option(code, 'permissionMode')).toEqual(['plan']);
  });

  it('values it cannot see stay unknown', () => {
    const code = options('import os', 'from .settings import MODE', 'o = ClaudeAgentOptions(permission_mode=MODE, model=os.environ["MODEL"])');
    expect(option(code, 'permissionMode')).toEqual(['unknown']);
    expect(option(code, 'model')).toEqual(['unknown']);
    expect(extractPython(code, 'agent.py').crossesModules).toBe(true);
  });
});

describe('gates', () => {
  const code = py(
    sdk,
    'from claude_agent_sdk import HookContext',
    'async def pre(input_data, tool_use_id, context):',
    '    return {}',
    'post = lambda input_data, tool_use_id, context: {}',
    'async def spare(input_data: dict, tool_use_id: str | None, context: HookContext):',
    '    return {"decision": "block", "reason": "no"}',
    'async def ask(tool_name, tool_input, context):',
    '    return PermissionResultDeny(message="no")',
    '@tool("refund", "Refund an order", {"order_id": str})',
    'async def refund(args):',
    '    return {"content": []}',
    'async def handler(args):',
    '    return {"content": []}',
    'lookup = tool("lookup", "Look up an order", {})(handler)',
    'o = ClaudeAgentOptions(can_use_tool=ask, hooks={',
    '    "PreToolUse": [HookMatcher(matcher="Bash", hooks=[pre], timeout=30)],',
    '    "PostToolUse": [HookMatcher(None, [post, pre])],',
    '})',
  );

  it('wires hook callbacks to their events, and finds can_use_tool, @tool handlers and annotated hooks', () => {
    const found = model(code);
    const gates = found.gates.map((gate) => [gate.kind, found.functions[gate.functionId]!.name ?? '(anonymous)', gate.events.join(',')]);
    expect(gates).toEqual(
      expect.arrayContaining([
        ['hook', 'pre', 'PreToolUse'],
        ['hook', 'post', 'PostToolUse'],
        ['hook', 'pre', 'PostToolUse'],
        ['canUseTool', 'ask', ''],
        ['hook', 'spare', ''],
        ['tool', 'refund', ''],
        ['tool', 'handler', ''],
      ]),
    );
    expect(gates).toHaveLength(7);
  });

  it('reads HookMatcher keyword and positional arguments', () => {
    const [config] = model(code).configurations;
    const matchers = hookMatchers(config!).map((view) => `${view.event} ${view.matcher.map(shown)} ${view.callbacks.length} ${view.timeout.map(shown)}`);
    expect(matchers).toEqual(['PreToolUse Bash 1 number', 'PostToolUse undefined 2 absent']);
  });
});

describe('results and decisions', () => {
  const decisions = (...body: string[]) => {
    const found = model(py(sdk, 'async def gate(input_data, tool_use_id, context):', ...body.map((line) => `    ${line}`), 'o = ClaudeAgentOptions(can_use_tool=gate)'));
    return found.functions.find((facts) => facts.name === 'gate')!.exits.flatMap((exit) => exitDecisions(exit));
  };

  it.each([
    ['PermissionResultAllow(...)', 'return PermissionResultAllow(updated_input=input_data)', ['allow']],
    ['PermissionResultDeny(...)', 'return PermissionResultDeny(message="no", interrupt=True)', ['deny']],
    ['{}', 'return {}', ['none']],
    ['None', 'return None', ['none']],
    ['falling off the end', 'pass', ['none']],
    ['{"continue_": True}', 'return {"continue_": True}', ['none']],
    ['{"continue_": False}', 'return {"continue_": False}', ['deny']],
    ['a deny dict', 'return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny"}}', ['deny']],
    ['decision block', 'return {"decision": "block", "reason": "no"}', ['deny']],
    ['raise', 'raise RuntimeError("no")', []],
    ['sys.exit', 'import sys\n    sys.exit(2)', []],
  ])('%s', (_name, body, expected) => {
    expect(decisions(body)).toEqual(expected);
  });
});

describe('function facts', () => {
  it('describes exits and except handlers, following what runs after the try, and the first possible raise', () => {
    const code = py(
      sdk,
      'async def guard(input_data, tool_use_id, context):',
      '    try:',
      '        await check(input_data)',
      '    except (TimeoutError, ValueError) as error:',
      '        log(error)',
      '    else:',
      '        return {}',
      '    finally:',
      '        cleanup()',
      '    return {"decision": "block"}',
      'o = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(hooks=[guard])]})',
    );
    const guard = model(code).functions.find((facts) => facts.name === 'guard')!;
    expect(guard.exits.map((exit) => `${exit.kind} ${at(code, exit.span)}`)).toEqual(['return 8:9', 'return 11:5']);
    expect(guard.catches.map((handler) => `${at(code, handler.span)} ${handler.exits.map((exit) => exit.kind)}`)).toEqual(['5:5 return']);
    expect(guard.headSpan.start).toBe(code.indexOf('guard'));
    // The handler itself is not guarded: an unknown call there can raise.
    expect(guard.mayThrow?.description).toBe('log(error)');
  });

  it('records calls of functions of the module', () => {
    const code = py(sdk, 'def helper():', '    return {}', 'async def guard(input_data, tool_use_id, context):', '    return helper()', 'o = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(hooks=[guard])]})');
    const found = model(code);
    const guard = found.functions.find((facts) => facts.name === 'guard')!;
    expect(guard.calls.map((id) => found.functions[id]!.name)).toEqual(['helper']);
  });

  it('follows random values and tool use ids into sinks, and tests on the id that gate the call', () => {
    const code = py(
      sdk,
      'import uuid',
      'from uuid import uuid4',
      'async def guard(input_data, call_id, context):',
      '    token = uuid.uuid4().hex',
      '    key = f"refund-{token}"',
      '    await pay(idempotency_key=key, request_id=str(uuid4()))',
      '    if call_id in seen or cache.get(call_id):',
      '        return {"decision": "block"}',
      '    seen.add(call_id)',
      '    return {}',
      'o = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(hooks=[guard])]})',
    );
    const guard = model(code).functions.find((facts) => facts.name === 'guard')!;
    expect(guard.flows.map(({ source, sink }) => `${source.name} -> ${sink.kind} ${sink.name}`)).toEqual([
      'uuid.uuid4() -> variable token',
      'uuid.uuid4() -> variable key',
      'uuid.uuid4() -> argument idempotency_key',
      'uuid4() -> argument request_id',
    ]);
    expect(guard.idLookups.map((lookup) => `${lookup.operation} ${at(code, lookup.span)} ${lookup.gatesCall}`)).toEqual(['in 8:8 true', 'get 8:27 true', 'add 10:5 false']);
  });
});

describe('suppression comments', () => {
  it('apply to their own line, or to the next line of code', () => {
    const code = py(
      sdk,
      'o = ClaudeAgentOptions(allowed_tools=["Bash"])  # toolgate: disable=no-bare-allowed-tools -- the sandbox limits Bash',
      '# toolgate: disable=no-bypass-without-disallowed-tools, toolgate/no-shadowed-can-use-tool',
      '',
      '# an ordinary comment',
      'p = ClaudeAgentOptions(permission_mode="bypassPermissions")',
      '# toolgate: enable=no-bare-allowed-tools',
    );
    const suppressions = model(code).suppressions!.map((suppression) => ({
      ruleIds: suppression.ruleIds,
      line: at(code, suppression.range),
      reason: suppression.reason,
    }));
    expect(suppressions).toEqual([
      { ruleIds: ['no-bare-allowed-tools'], line: '2:1', reason: 'the sandbox limits Bash' },
      { ruleIds: ['no-bypass-without-disallowed-tools', 'no-shadowed-can-use-tool'], line: '6:1', reason: undefined },
    ]);
  });

  it('are honoured by the engine', () => {
    const code = py(sdk, '# toolgate: disable=no-bare-allowed-tools -- reviewed', 'o = ClaudeAgentOptions(allowed_tools=["Bash"], permission_mode="bypassPermissions")');
    const analysis = analyseText(code, 'agent.py');
    expect(analysis.model!.suppressions).toHaveLength(1);
  });
});

describe('modules of a project', () => {
  const files: Record<string, string> = {
    '/p/agent/__init__.py': '',
    '/p/agent/main.py': py(sdk, 'from . import hooks', 'from .config import BASE', 'from agent.review import review', 'o = ClaudeAgentOptions(**BASE, can_use_tool=review, hooks={"PreToolUse": [HookMatcher(hooks=[hooks.guard])]})'),
    '/p/agent/config.py': py('from .modes import MODE', 'BASE = {"permission_mode": MODE}'),
    '/p/agent/modes.py': py('from .config import BASE  # a cycle', 'MODE = "plan"'),
    '/p/agent/hooks.py': py('async def guard(input_data, tool_use_id, context):', '    return {}'),
    '/p/agent/review.py': py('async def review(tool_name, tool_input, context):', '    return None'),
    '/p/broken.py': py(sdk, 'from .bad import VALUE', 'o = ClaudeAgentOptions(permission_mode=VALUE)'),
    '/p/bad.py': 'VALUE = (\n',
  };
  const project = () => new PythonProject({ readFile: (file) => files[file] }, true);

  it('follows relative, package and submodule imports into modules that never mention the SDK, through cycles', () => {
    const python = project();
    const found = python.analyse(['/p/agent/main.py']).get('/p/agent/main.py')!;
    expect(found.crossesModules).toBe(true);
    const found_ = found.model!;
    const [config] = found_.configurations;
    const [mode] = optionOf(config!, 'permissionMode').values;
    expect(mode).toMatchObject({ kind: 'string', value: 'plan', span: { file: '/p/agent/modes.py' } });
    const gates = found_.gates.map((gate) => `${gate.kind} ${found_.functions[gate.functionId]!.name} ${found_.functions[gate.functionId]!.span.file}`);
    expect(gates).toEqual(['hook guard /p/agent/hooks.py', 'canUseTool review /p/agent/review.py']);
    expect(python.importedFiles(['/p/agent/main.py']).map((file) => file.path).sort()).toEqual([
      '/p/agent/config.py',
      '/p/agent/hooks.py',
      '/p/agent/modes.py',
      '/p/agent/review.py',
    ]);
  });

  it('lists the syntax errors of a module a value was followed into', () => {
    const python = project();
    python.analyse(['/p/broken.py']);
    const [imported] = python.importedFiles(['/p/broken.py']);
    expect(imported?.path).toBe('/p/bad.py');
    expect(imported?.errors.length).toBeGreaterThan(0);
  });

  it('leaves imports unknown without following, and says the file crosses modules', () => {
    const single = extractPython(files['/p/agent/main.py']!, '/p/agent/main.py');
    expect(single.crossesModules).toBe(true);
    expect(optionOf(single.model!.configurations[0]!, 'permissionMode').values.map(shown)).toEqual(['unknown']);
  });
});
