import bypass from '../../../rules/no-bypass-without-disallowed-tools.js';
import shadowed from '../../../rules/no-shadowed-can-use-tool.js';
import { py, runPythonCases } from '../../support/python-cases.js';
import { runRuleTests } from '../../support/rule-tester.js';

// A helper that spreads each caller's object into defaults of its own
// (`{ model: 'haiku', ...options }`, `Object.assign({}, defaults, options)`,
// `{**defaults, **kwargs}`, `dict(defaults, **kw)`) gives one options object
// per caller: a callback one call passes and an allow list another passes
// are two agents, not one.
const lines = (...each: string[]) => each.join('\n');
const columnOf = (line: string, needle: string) => line.indexOf(needle) + 1;
const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
const callback = 'canUseTool: async () => ({ behavior: "allow", updatedInput: {} })';
// The two shapes of helper: one that calls query itself, one that only builds the options.
const runner = "function run(overrides) { return query({ prompt: 'x', options: { model: 'haiku', ...overrides } }); }";
const builder = "function makeOptions(options) { return Object.assign({}, { model: 'haiku' }, options); }";
const built = (options: string) => `query({ prompt: 'x', options: makeOptions({ ${options} }) });`;

const both = `run({ ${callback}, allowedTools: ['Bash'] });`;
const shadowedCases = {
  valid: [
    lines(sdk, runner, `run({ ${callback} });`, "run({ allowedTools: ['Read', 'Bash'] });"),
    lines(sdk, builder, built(callback), built("allowedTools: ['Bash']")),
  ],
  invalid: [
    {
      name: 'one caller passes both the callback and a bare entry',
      code: lines(sdk, runner, both, "run({ allowedTools: ['Read'] });"),
      errors: [
        {
          messageId: 'wholeToolAllowed' as const,
          line: 3,
          column: columnOf(both, "'Bash'"),
          suggestions: [{ messageId: 'removeEntry' as const, output: lines(sdk, runner, both.replace("'Bash'", ''), "run({ allowedTools: ['Read'] });") }],
        },
      ],
    },
  ],
};
const typed = (code: string) => code.replace('function run(overrides)', 'function run(overrides: object)').replace('function makeOptions(options)', 'function makeOptions(options: object)');
runRuleTests(shadowed, {
  javascript: shadowedCases,
  typescript: {
    valid: shadowedCases.valid.map(typed),
    invalid: shadowedCases.invalid.map(({ code, errors, ...rest }) => ({ ...rest, code: typed(code), errors: errors.map((error) => ({ ...error, suggestions: error.suggestions.map((s) => ({ ...s, output: typed(s.output) })) })) })),
  },
});

// Past 16 callers their objects are merged again: the fields of two callers are not compared.
const manyCallers = Array.from({ length: 16 }, (_, index) => `run({ model: 'm${index}' });`);
runRuleTests(shadowed, {
  javascript: { valid: [lines(sdk, runner, `run({ ${callback} });`, "run({ allowedTools: ['Bash'] });", ...manyCallers)], invalid: [] },
});

const bypassOnly = "run({ permissionMode: 'bypassPermissions' });";
runRuleTests(bypass, {
  javascript: {
    valid: [
      // The bypass call brings its own deny rules; the allow list is another call's.
      lines(sdk, runner, "run({ permissionMode: 'bypassPermissions', disallowedTools: ['Bash(rm *)'] });", "run({ allowedTools: ['Read'] });"),
    ],
    invalid: [
      {
        name: "a bypass call whose deny rules are another call's",
        code: lines(sdk, runner, bypassOnly, "run({ disallowedTools: ['Bash'] });"),
        errors: [{ messageId: 'bypassWithoutDeny' as const, line: 3, column: columnOf(bypassOnly, "'bypass") }],
      },
      {
        // Beyond the cap the rule still sees that the mode can be bypass, and no call adds deny rules.
        name: 'a bypass call among many',
        code: lines(sdk, runner, bypassOnly, ...manyCallers),
        errors: [{ messageId: 'bypassWithoutDeny' as const, line: 3, column: columnOf(bypassOnly, "'bypass") }],
      },
    ],
  },
});

const prelude = [
  'from claude_agent_sdk import ClaudeAgentOptions, PermissionResultAllow, query',
  '',
  'DEFAULTS = {"model": "haiku"}',
  '',
  '',
  'async def decide(name, data, context):',
  '    return PermissionResultAllow()',
  '',
  '',
];
// Each helper shape as Python writes it.
const helpers = {
  literal: ['def run(options):', '    return query(prompt="x", options=ClaudeAgentOptions(**{"model": "haiku", **options}))'],
  keywords: ['def run(**kwargs):', '    return query(prompt="x", options=ClaudeAgentOptions(**{**DEFAULTS, **kwargs}))'],
  dict: ['def run(kw):', '    return query(prompt="x", options=ClaudeAgentOptions(**dict(DEFAULTS, **kw)))'],
};
const pass = (helper: keyof typeof helpers, options: string) => `run(${helper === 'keywords' ? options.replace(/"(\w+)": /g, '$1=') : `{${options}}`})`;
const pyBoth = pass('literal', '"can_use_tool": decide, "allowed_tools": ["Bash"]');
runPythonCases(shadowed, {
  valid: (Object.keys(helpers) as Array<keyof typeof helpers>).map((helper) =>
    py(...prelude, ...helpers[helper], '', '', pass(helper, '"can_use_tool": decide'), pass(helper, '"allowed_tools": ["Bash"]')),
  ),
  invalid: [
    {
      name: 'one caller passes both the callback and a bare entry',
      code: py(...prelude, ...helpers.literal, '', '', pyBoth, pass('literal', '"allowed_tools": ["Read"]')),
      errors: [
        {
          messageId: 'wholeToolAllowed',
          line: 14,
          column: columnOf(pyBoth, '"Bash"'),
          suggestions: [{ messageId: 'removeEntry', output: py(...prelude, ...helpers.literal, '', '', pyBoth.replace('"Bash"', ''), pass('literal', '"allowed_tools": ["Read"]')) }],
        },
      ],
    },
  ],
});

const pyBypass = pass('keywords', '"permission_mode": "bypassPermissions"');
runPythonCases(bypass, {
  valid: [py(...prelude, ...helpers.keywords, '', '', pass('keywords', '"permission_mode": "bypassPermissions", "disallowed_tools": ["Bash"]'), pass('keywords', '"allowed_tools": ["Read"]'))],
  invalid: [
    {
      name: "a bypass call whose deny rules are another call's",
      code: py(...prelude, ...helpers.keywords, '', '', pyBypass, pass('keywords', '"disallowed_tools": ["Bash"]')),
      errors: [{ messageId: 'bypassWithoutDeny', line: 14, column: columnOf(pyBypass, '"bypass'), data: { certainty: 'can be' } }],
    },
  ],
});
