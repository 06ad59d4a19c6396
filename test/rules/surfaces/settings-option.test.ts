import bare from '../../../rules/no-bare-allowed-tools.js';
import bypass from '../../../rules/no-bypass-without-disallowed-tools.js';
import shadowed from '../../../rules/no-shadowed-can-use-tool.js';
import valid from '../../../rules/valid-permission-rule.js';
import { py, runPythonCases } from '../../support/python-cases.js';
import { runRuleTests } from '../../support/rule-tester.js';

/*
 * The settings option is the flag tier: as an object or a JSON string its
 * allow rules approve before canUseTool, its deny rules count, and its
 * defaultMode is the mode where permissionMode is not given.
 */
const col = (code: string, line: number, needle: string) => code.split('\n')[line - 1]!.indexOf(needle) + 1;
const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
const gate = 'const canUseTool = async () => ({ behavior: "deny" as const, message: "no" });';
const agent = (settings: string, more = '') => `${sdk}\n${gate}\nquery({ prompt: 'x', options: {\n  settings: ${settings},${more}\n  canUseTool,\n} });`;
const json = (text: string) => `'${text}'`;

const objectAllow = agent(`{ permissions: { allow: ['Bash', 'Read(./src/**)'] } }`);
const jsonAllow = agent(json('{"permissions": {"allow": ["WebFetch", "Read(./src/**)"]}}'));
const jsonMode = agent(json('{"permissions": {"defaultMode": "dontAsk"}}'));
const removal = (entry: string, output: string) => [{ messageId: 'removeEntry' as const, data: { entry, callback: 'canUseTool' }, output }];
const shadowedCases = {
  valid: [
    agent(`{ permissions: { allow: ['Bash(npm test *)'] } }`),
    agent(json('{"permissions": {"allow": ["Bash(npm test *)"], "defaultMode": "default"}}')),
    // The option's mode wins over the settings' defaultMode.
    agent(json('{"permissions": {"defaultMode": "bypassPermissions"}}'), "\n  permissionMode: 'default',"),
    // JSON that does not parse is rejected by Claude Code: nothing in it applies.
    agent(json('{"permissions": {"allow": ["Bash"]}')),
  ],
  invalid: [
    {
      name: 'a whole-tool allow in a settings object',
      code: objectAllow,
      errors: [
        {
          messageId: 'wholeToolAllowed' as const,
          data: { entry: 'Bash', tool: 'Bash', example: 'Bash(npm test *)', option: 'settings.permissions.allow', callback: 'canUseTool' },
          line: 4,
          column: col(objectAllow, 4, "'Bash'"),
          suggestions: removal('Bash', agent(`{ permissions: { allow: ['Read(./src/**)'] } }`)),
        },
      ],
    },
    {
      name: 'a JSON string: the entry placed inside the literal',
      code: jsonAllow,
      errors: [
        {
          messageId: 'wholeToolAllowed' as const,
          data: { entry: 'WebFetch', tool: 'WebFetch', example: 'WebFetch(domain:example.com)', option: 'settings.permissions.allow', callback: 'canUseTool' },
          line: 4,
          column: col(jsonAllow, 4, '"WebFetch"'),
          suggestions: removal('WebFetch', agent(json('{"permissions": {"allow": ["Read(./src/**)"]}}'))),
        },
      ],
    },
    {
      name: "the settings' defaultMode is the mode, named as coming from there",
      code: jsonMode,
      errors: [
        {
          messageId: 'dontAskMode' as const,
          data: { mode: 'permissionMode', certainty: 'is', from: ' (permissions.defaultMode of the settings option)', callback: 'canUseTool' },
          line: 4,
          column: col(jsonMode, 4, '"dontAsk"'),
        },
      ],
    },
  ],
};
const untyped = (code: string) => code.replace(' as const', '');
runRuleTests(shadowed, {
  typescript: shadowedCases,
  javascript: {
    valid: shadowedCases.valid.map(untyped),
    invalid: shadowedCases.invalid.map((item) => ({
      ...item,
      code: untyped(item.code),
      errors: item.errors.map((error) => ('suggestions' in error ? { ...error, suggestions: error.suggestions.map((fix) => ({ ...fix, output: untyped(fix.output) })) } : error)),
    })),
  },
});

runRuleTests(bypass, {
  typescript: {
    valid: [
      // Deny rules in the settings object count, as disallowedTools does.
      `${sdk}\nquery({ prompt: 'x', options: { settings: '{"permissions": {"defaultMode": "bypassPermissions", "deny": ["Bash(rm *)"]}}' } });`,
    ],
    invalid: [
      {
        name: "bypass as the settings' defaultMode, with no deny rules",
        code: `${sdk}\nquery({ prompt: 'x', options: { settings: { permissions: { defaultMode: 'bypassPermissions' } } } });`,
        errors: [{ messageId: 'bypassWithoutDeny', line: 2, column: 73 }],
      },
    ],
  },
});

runRuleTests(valid, {
  typescript: {
    valid: [`${sdk}\nquery({ prompt: 'x', options: { settings: '{"permissions": {"deny": ["Bash(rm *)"]}}' } });`],
    invalid: [
      {
        name: 'a misspelt deny rule inside a JSON string',
        code: `${sdk}\nquery({ prompt: 'x', options: { settings: '{"permissions": {"deny": ["Webfetch"]}}' } });`,
        errors: [
          {
            messageId: 'wrongCase',
            line: 2,
            column: 70,
            suggestions: [{ messageId: 'replace', output: `${sdk}\nquery({ prompt: 'x', options: { settings: '{"permissions": {"deny": ["WebFetch"]}}' } });` }],
          },
        ],
      },
    ],
  },
});

const head = ['from claude_agent_sdk import ClaudeAgentOptions', ''];
runPythonCases(bare, {
  valid: [py(...head, `options = ClaudeAgentOptions(settings='{"permissions": {"allow": ["Bash(npm test *)"]}}')`)],
  invalid: [
    {
      name: 'a bare Bash in a Python settings JSON string',
      code: py(...head, `options = ClaudeAgentOptions(settings='{"permissions": {"allow": ["Bash"]}}')`),
      errors: [
        {
          messageId: 'bareTool',
          line: 3,
          column: 67,
          suggestions: [{ messageId: 'removeEntry', output: py(...head, `options = ClaudeAgentOptions(settings='{"permissions": {"allow": []}}')`) }],
        },
      ],
    },
  ],
});
runPythonCases(bypass, {
  valid: [py(...head, `options = ClaudeAgentOptions(settings='{"permissions": {"defaultMode": "bypassPermissions"}}', disallowed_tools=["Bash(rm *)"])`)],
  invalid: [
    {
      name: "a Python settings JSON string whose defaultMode is bypass",
      code: py(...head, `options = ClaudeAgentOptions(settings='{"permissions": {"defaultMode": "bypassPermissions"}}')`),
      errors: [{ messageId: 'bypassWithoutDeny', data: { certainty: 'is', from: ' (permissions.defaultMode of the settings option)' }, line: 3, column: 72 }],
    },
  ],
});
