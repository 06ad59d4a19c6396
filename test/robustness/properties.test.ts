import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { allRules } from '../../rules/index.js';
import { analyseText, prepareFor } from '../../src/engine/analyse.js';
import { checkModel } from '../../src/engine/check.js';
import { isPythonPath } from '../../src/frontends/python/index.js';

// Properties over random agent configurations: the findings depend on what
// the configuration says, not on how it is written (spacing, quotes,
// trailing commas), not on unrelated code around it, and not on whether it
// is written in TypeScript or Python.

const modes = ['default', 'acceptEdits', 'bypassPermissions', 'plan', 'dontAsk'] as const;
const tools = ['Bash', 'Read', 'Edit', 'Write', 'WebFetch', 'Glob', 'Grep', 'Bash(npm test *)', 'Read(./docs/**)', 'Edit(./src/**)', 'WebFetch(domain:example.com)', 'mcp__payments__refund', 'mcp__payments'];

type Review = 'none' | 'allow' | 'deny' | 'fails open' | 'fails closed';

/**
 * How the mode reaches the options: written there, passed to a function, its parameter's default, an
 * environment fallback, a request field's fallback, a defaults object indexed by a constant's member.
 */
type Route = 'inline' | 'argument' | 'default' | 'environment' | 'request' | 'constant';

interface Configuration {
  permissionMode?: (typeof modes)[number];
  modeRoute: Route;
  allowedTools?: string[];
  disallowedTools?: string[];
  canUseTool: Review;
  /** The entry point is called through a constant that holds it or a stand-in (`cond ? query : stub`). */
  aliased: boolean;
  /** The allow list is built by a loop over a literal list that pushes each name. */
  looped: boolean;
  /**
   * The options go through a helper that spreads them over defaults of its own (`{ model: 'haiku',
   * ...overrides }`), which another call also calls with an object of its own.
   */
  spreadByHelper: boolean;
  /**
   * The options go through a wrapper that copies each field of its parameter on its own
   * (`permissionMode: o.permissionMode`, `permission_mode=permission_mode`); not with `spreadByHelper`.
   */
  copiedByWrapper?: boolean;
}

const configuration: fc.Arbitrary<Configuration> = fc.record(
  {
    permissionMode: fc.constantFrom(...modes),
    allowedTools: fc.uniqueArray(fc.constantFrom(...tools), { maxLength: 5 }),
    disallowedTools: fc.uniqueArray(fc.constantFrom(...tools), { maxLength: 3 }),
    canUseTool: fc.constantFrom<Review>('none', 'allow', 'deny', 'fails open', 'fails closed'),
    modeRoute: fc.constantFrom<Route>('inline', 'argument', 'default', 'environment', 'request', 'constant'),
    aliased: fc.boolean(),
    looped: fc.boolean(),
    spreadByHelper: fc.boolean(),
  },
  { requiredKeys: ['canUseTool', 'modeRoute', 'aliased', 'looped', 'spreadByHelper'] },
);

interface Style {
  quote: "'" | '"' | '`';
  /** Line breaks and indentation between items, or everything on one line. */
  multiline: boolean;
  trailingCommas: boolean;
  /** Extra spaces inside brackets and around `:` and `=`. */
  spacious: boolean;
}

const style: fc.Arbitrary<Style> = fc.record({
  quote: fc.constantFrom<Style['quote']>("'", '"', '`'),
  multiline: fc.boolean(),
  trailingCommas: fc.boolean(),
  spacious: fc.boolean(),
});

function list(items: string[], open: string, close: string, { multiline, trailingCommas, spacious }: Style, indent: string): string {
  if (items.length === 0) return `${open}${close}`;
  if (!multiline) {
    const pad = spacious ? ' ' : '';
    return `${open}${pad}${items.join(spacious ? ' ,  ' : ', ')}${trailingCommas ? ',' : ''}${pad}${close}`;
  }
  const inner = `${indent}  `;
  return `${open}\n${items.map((item) => `${inner}${item}`).join(',\n')}${trailingCommas ? ',' : ''}\n${indent}${close}`;
}

function typescript(config: Configuration, format: Style, otherAllows = false): string {
  const q = (text: string): string => `${format.quote}${text}${format.quote}`;
  const colon = format.spacious ? ' :  ' : ': ';
  const options: string[] = [];
  const mode = config.permissionMode && { inline: q(config.permissionMode), argument: 'mode', default: 'mode', environment: `process.env.MODE ?? ${q(config.permissionMode)}`, request: `request.permissionMode ?? ${q(config.permissionMode)}`, constant: 'DEFAULTS[Mode.Auto]' }[config.modeRoute];
  if (mode) options.push(`permissionMode${colon}${mode}`);
  const constants = config.permissionMode && config.modeRoute === 'constant' ? `const Mode = { Auto: ${q('auto')}, Safe: ${q('safe')} } as const;\nconst DEFAULTS = { [Mode.Auto]: ${q(config.permissionMode)}, [Mode.Safe]: ${q('default')} };\n\n` : '';
  const alias = config.aliased ? `const stub = (_: unknown) => undefined;\nconst entry = process.env.STUB ? stub : query;\n\n` : '';
  const allowed = config.allowedTools && list(config.allowedTools.map(q), '[', ']', format, '    ');
  const loop = allowed && config.looped ? `const allowed: string[] = [];\nfor (const name of ${allowed}) allowed.push(name);\n\n` : '';
  if (allowed) options.push(`allowedTools${colon}${loop ? 'allowed' : allowed}`);
  if (config.disallowedTools) options.push(`disallowedTools${colon}${list(config.disallowedTools.map(q), '[', ']', format, '    ')}`);
  if (config.canUseTool !== 'none') options.push(`canUseTool${colon}review`);
  const review: Record<Exclude<Review, 'none'>, string> = {
    allow: `return { behavior: ${q('allow')}, updatedInput: input };`,
    deny: `return { behavior: ${q('deny')}, message: ${q('no')} };`,
    'fails open': `try { await check(toolName); } catch { return { behavior: ${q('allow')}, updatedInput: input }; }\n  return { behavior: ${q('deny')}, message: ${q('no')} };`,
    'fails closed': `try { await check(toolName); } catch { return { behavior: ${q('deny')}, message: ${q('down')} }; }\n  return { behavior: ${q('allow')}, updatedInput: input };`,
  };
  const reviewFunction =
    config.canUseTool === 'none' ? '' : `async function review(toolName: string, input: Record<string, unknown>) {\n  ${review[config.canUseTool]}\n}\n\n`;
  const entry = config.aliased ? 'entry' : 'query';
  const written = list(options, '{', '}', format, '  ');
  const direct = config.copiedByWrapper ? `_copy(${written});\n` : `${entry}(${list([`prompt${colon}${q('Do the task')}`, `options${colon}${written}`], '{', '}', format, '')});\n`;
  const call = config.spreadByHelper ? `_agent(${written});\n` : direct;
  const copied = ['permissionMode', 'allowedTools', 'disallowedTools', 'canUseTool'].map((key) => `${key}: o.${key}`).join(', ');
  // Another caller of the copying wrapper, with the same mode and deny rules of its own.
  const other = config.permissionMode ? `permissionMode: ${q(config.permissionMode)}, ` : '';
  const copier = config.copiedByWrapper
    ? `function _copy(o: any) {\n  return ${entry}({ prompt: ${q('Do the task')}, options: { ${copied} } });\n}\n\n${otherAllows ? `_copy({ ${other}disallowedTools: [${q('Bash')}] });\n\n` : ''}`
    : '';
  const helper = config.spreadByHelper
    ? `function _agent(overrides: object) {\n  return ${entry}({ prompt: ${q('Do the task')}, options: { model: ${q('haiku')}, ...overrides } });\n}\n\n_agent({ model: ${q('sonnet')}${otherAllows ? `, allowedTools: [${q('Read')}]` : ''} });\n\n`
    : '';
  const wrapped = throughParameter(config, q, call, (parameter, body) => `function _run(${parameter.replace('=', ' = ')}) {\n  ${body}}\n\n`, ';');
  return `import { query } from ${q('@anthropic-ai/claude-agent-sdk')};\n\n${constants}${alias}${loop}${reviewFunction}${helper}${copier}${wrapped}`;
}

/** The options call, inside `_run(mode)` (private in both languages) when the mode is its parameter: called with the mode, or without it to take the default. */
function throughParameter(config: Configuration, q: (text: string) => string, call: string, define: (parameter: string, body: string) => string, end: string): string {
  if (!config.permissionMode || (config.modeRoute !== 'argument' && config.modeRoute !== 'default')) return call;
  const byDefault = config.modeRoute === 'default';
  return `${define(byDefault ? `mode=${q(config.permissionMode)}` : 'mode', call)}_run(${byDefault ? '' : q(config.permissionMode)})${end}\n`;
}

function python(config: Configuration, format: Style, otherAllows = false): string {
  const quote = format.quote === '`' ? "'" : format.quote;
  const q = (text: string): string => `${quote}${text}${quote}`;
  const equals = format.spacious ? ' = ' : '=';
  const options: string[] = [];
  // Keywords of ClaudeAgentOptions, or the keys of the dict a helper spreads.
  const option = (name: string, value: string): string => (config.spreadByHelper ? `${q(name)}${format.spacious ? ' :  ' : ': '}${value}` : `${name}${equals}${value}`);
  const mode = config.permissionMode && { inline: q(config.permissionMode), argument: 'mode', default: 'mode', environment: `os.environ.get(${q('MODE')}, ${q(config.permissionMode)})`, request: `request.permission_mode or ${q(config.permissionMode)}`, constant: 'DEFAULTS[Mode.AUTO]' }[config.modeRoute];
  if (mode) options.push(option('permission_mode', mode));
  const constants = config.permissionMode && config.modeRoute === 'constant' ? `class Mode:\n    AUTO = ${q('auto')}\n    SAFE = ${q('safe')}\n\n\nDEFAULTS = {Mode.AUTO: ${q(config.permissionMode)}, Mode.SAFE: ${q('default')}}\n\n\n` : '';
  const alias = config.aliased ? `def stub(**kwargs):\n    return None\n\n\nentry = stub if os.environ.get(${q('STUB')}) else query\n\n\n` : '';
  const allowed = config.allowedTools && list(config.allowedTools.map(q), '[', ']', format, '        ');
  const loop = allowed && config.looped ? `allowed = []\nfor name in ${allowed}:\n    allowed.append(name)\n\n\n` : '';
  if (allowed) options.push(option('allowed_tools', loop ? 'allowed' : allowed));
  if (config.disallowedTools) options.push(option('disallowed_tools', list(config.disallowedTools.map(q), '[', ']', format, '        ')));
  if (config.canUseTool !== 'none') options.push(option('can_use_tool', 'review'));
  const allow = 'return PermissionResultAllow(updated_input=input_data)';
  const deny = (message: string) => `return PermissionResultDeny(message=${q(message)})`;
  const review: Record<Exclude<Review, 'none'>, string> = {
    allow,
    deny: deny('no'),
    'fails open': `try:\n        await check(tool_name)\n    except Exception:\n        ${allow}\n    ${deny('no')}`,
    'fails closed': `try:\n        await check(tool_name)\n    except Exception:\n        ${deny('down')}\n    ${allow}`,
  };
  const reviewFunction = config.canUseTool === 'none' ? '' : `async def review(tool_name, input_data, context):\n    ${review[config.canUseTool]}\n\n\n`;
  const entry = config.aliased ? 'entry' : 'query';
  const call = config.spreadByHelper
    ? `_agent(${list(options, '{', '}', format, '    ')})\n`
    : config.copiedByWrapper
      ? `_copy${list(options, '(', ')', format, '    ')}\n`
      : `${entry}${list([`prompt${equals}${q('Do the task')}`, `options${equals}ClaudeAgentOptions${list(options, '(', ')', format, '    ')}`], '(', ')', format, '')}\n`;
  const keywords = ['permission_mode', 'allowed_tools', 'disallowed_tools', 'can_use_tool'];
  const other = config.permissionMode ? `permission_mode=${q(config.permissionMode)}, ` : '';
  const copier = config.copiedByWrapper
    ? `def _copy(*, ${keywords.map((name) => `${name}=None`).join(', ')}):\n    return ${entry}(prompt=${q('Do the task')}, options=ClaudeAgentOptions(${keywords.map((name) => `${name}=${name}`).join(', ')}))\n\n\n${otherAllows ? `_copy(${other}disallowed_tools=[${q('Bash')}])\n\n\n` : ''}`
    : '';
  const helper = config.spreadByHelper
    ? `def _agent(overrides):\n    return ${entry}(prompt=${q('Do the task')}, options=ClaudeAgentOptions(**{${q('model')}: ${q('haiku')}, **overrides}))\n\n\n_agent({${q('model')}: ${q('sonnet')}${otherAllows ? `, ${q('allowed_tools')}: [${q('Read')}]` : ''}})\n\n\n`
    : '';
  const wrapped = throughParameter(config, q, call, (parameter, body) => `def _run(${parameter}):\n    ${body}\n\n`, '');
  return `import os\nfrom claude_agent_sdk import ClaudeAgentOptions, PermissionResultAllow, PermissionResultDeny, query\n\n\n${constants}${alias}${loop}${reviewFunction}${helper}${copier}${wrapped}`;
}

const everyRule = allRules.map((rule) => ({ rule, severity: 'error' as const, options: undefined }));

/** What was found, without where: rule, message and the data filled into it, sorted. */
function findings(text: string, file: string): string[] {
  const analysis = analyseText(text, file);
  expect(analysis.syntaxErrors, text).toEqual([]);
  if (!analysis.model) return [];
  return checkModel(analysis.model, everyRule)
    .map(({ ruleId, messageId, data }) => `${ruleId}/${messageId} ${JSON.stringify(Object.entries(data).sort(([a], [b]) => (a < b ? -1 : 1)))}`)
    .sort();
}

/** The same, with where each starts: appending code must not move anything. */
function placedFindings(text: string, file: string): string[] {
  const analysis = analyseText(text, file);
  if (!analysis.model) return [];
  return checkModel(analysis.model, everyRule)
    .map(({ ruleId, messageId, span }) => `${span.start}-${span.end} ${ruleId}/${messageId}`)
    .sort();
}

/** Code next to the agent that configures nothing: near misses included (keys and values that look like options). */
const unrelatedTypeScript: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.tuple(fc.nat(99), fc.constantFrom(...tools)).map(([n, tool]) => `const u${n}_tools = [${JSON.stringify(tool)}];`),
      fc.nat(99).map((n) => `export const u${n}_options = { permissionMode: 'bypassPermissions', allowedTools: ['Bash'] };`),
      fc.nat(99).map((n) => `function u${n}_helper(a: number): number {\n  if (a > ${n}) return a;\n  try { return a * 2; } catch { return 0; }\n}`),
      fc.nat(99).map((n) => `class U${n} {\n  canUseTool() { return { behavior: 'allow' }; }\n}`),
      fc.nat(99).map((n) => `const u${n}_key = Date.now() + Math.random();`),
      fc.nat(99).map((n) => `// query({ options: { allowedTools: ['Bash'] } }) ${n}`),
      fc.nat(99).map((n) => `for (let i = 0; i < ${n}; i++) { console.log(i); }`),
    ),
    { maxLength: 8 },
  )
  .map((statements) => statements.join('\n'));

const unrelatedPython: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.tuple(fc.nat(99), fc.constantFrom(...tools)).map(([n, tool]) => `u${n}_tools = [${JSON.stringify(tool)}]`),
      fc.nat(99).map((n) => `u${n}_options = {"permission_mode": "bypassPermissions", "allowed_tools": ["Bash"]}`),
      fc.nat(99).map((n) => `def u${n}_helper(a):\n    if a > ${n}:\n        return a\n    try:\n        return a * 2\n    except Exception:\n        return 0`),
      fc.nat(99).map((n) => `class U${n}:\n    def can_use_tool(self):\n        return {"behavior": "allow"}`),
      fc.nat(99).map((n) => `# query(options=ClaudeAgentOptions(allowed_tools=["Bash"])) ${n}`),
    ),
    { maxLength: 8 },
  )
  .map((statements) => statements.join('\n\n'));

const plain: Style = { quote: "'", multiline: false, trailingCommas: false, spacious: false };

beforeAll(async () => prepareFor('any.py'));

describe('findings depend on what a configuration says, not how it is written', () => {
  it('TypeScript: spacing, quotes and trailing commas change no finding', () => {
    fc.assert(
      fc.property(configuration, style, (config, format) => {
        expect(findings(typescript(config, format), 'agent.ts')).toEqual(findings(typescript(config, plain), 'agent.ts'));
      }),
    );
  });

  it('Python: spacing, quotes and trailing commas change no finding', () => {
    fc.assert(
      fc.property(configuration, style, (config, format) => {
        expect(findings(python(config, format), 'agent.py')).toEqual(findings(python(config, plain), 'agent.py'));
      }),
    );
  });

  it("an allow list that another caller of the helper passes is another agent's: it changes no finding", () => {
    fc.assert(
      fc.property(configuration, (config) => {
        const spread = { ...config, spreadByHelper: true };
        expect(findings(typescript(spread, plain, true), 'agent.ts')).toEqual(findings(typescript(spread, plain), 'agent.ts'));
        expect(findings(python(spread, plain, true), 'agent.py')).toEqual(findings(python(spread, plain), 'agent.py'));
      }),
      { numRuns: 100 },
    );
  });

  it("fields a wrapper copies one by one stay each caller's: another caller's deny rules change no finding", () => {
    fc.assert(
      fc.property(configuration, (config) => {
        const copied = { ...config, spreadByHelper: false, copiedByWrapper: true };
        expect(findings(typescript(copied, plain, true), 'agent.ts')).toEqual(findings(typescript(copied, plain), 'agent.ts'));
        expect(findings(python(copied, plain, true), 'agent.py')).toEqual(findings(python(copied, plain), 'agent.py'));
      }),
      { numRuns: 100 },
    );
  });

  it('unrelated code appended after the agent changes no finding, nor where it is', () => {
    fc.assert(
      fc.property(configuration, style, unrelatedTypeScript, unrelatedPython, (config, format, ts, py) => {
        const tsAgent = typescript(config, format);
        expect(placedFindings(`${tsAgent}\n${ts}\n`, 'agent.ts')).toEqual(placedFindings(tsAgent, 'agent.ts'));
        const pyAgent = python(config, format);
        expect(placedFindings(`${pyAgent}\n\n${py}\n`, 'agent.py')).toEqual(placedFindings(pyAgent, 'agent.py'));
      }),
    );
  });
});

describe('TypeScript and Python', () => {
  it.skipIf(!isPythonPath('x.py'))('every route and the aliased entry point bring a bypass mode to the options in both languages', () => {
    for (const modeRoute of ['inline', 'argument', 'default', 'environment', 'request', 'constant'] as const) {
      for (const [aliased, spreadByHelper] of [[false, false], [true, false], [false, true], [true, true]] as const) {
        const config: Configuration = { permissionMode: 'bypassPermissions', modeRoute, aliased, spreadByHelper, canUseTool: 'none', looped: false };
        for (const [text, file] of [[typescript(config, plain), 'agent.ts'], [python(config, plain), 'agent.py']] as const) {
          const how = `${modeRoute}${aliased ? ', aliased' : ''}${spreadByHelper ? ', spread by a helper' : ''}: ${file}`;
          expect(findings(text, file).some((finding) => finding.startsWith('no-bypass-without-disallowed-tools/bypassWithoutDeny')), how).toBe(true);
        }
      }
    }
  });

  it.skipIf(!isPythonPath('x.py'))('an allow list a loop builds brings its bare entries in both languages', () => {
    const config: Configuration = { allowedTools: ['Read', 'Bash'], modeRoute: 'inline', aliased: false, canUseTool: 'none', looped: true, spreadByHelper: false };
    for (const [text, file] of [[typescript(config, plain), 'agent.ts'], [python(config, plain), 'agent.py']] as const) {
      expect(findings(text, file).filter((finding) => finding.startsWith('no-bare-allowed-tools/bareTool')), file).toHaveLength(1);
    }
  });

  // Findings name options as they are spelled in the file (`allowedTools`, `allowed_tools`), so the
  // two languages are compared by rule and message, with each data value in one spelling.
  const spelling = (finding: string): string => finding.replace(/[a-z]+(?:_[a-z]+)+/g, (name) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()));

  it.skipIf(!isPythonPath('x.py'))('the same configuration gives the same findings in both languages', () => {
    const kinds = new Set<string>();
    fc.assert(
      fc.property(configuration, (config) => {
        const found = findings(typescript(config, plain), 'agent.ts');
        for (const finding of found) kinds.add(finding.split(' ')[0]!);
        expect(findings(python(config, plain), 'agent.py').map(spelling)).toEqual(found.map(spelling));
      }),
      { numRuns: 200 },
    );
    // The configurations reach the rules: each of these was found, in both languages alike.
    expect([...kinds].sort()).toEqual(expect.arrayContaining([
      'no-bare-allowed-tools/bareTool',
      'no-bypass-without-disallowed-tools/bypassWithoutDeny',
      'no-fail-open-hook/catchAllows',
    ]));
  });
});
