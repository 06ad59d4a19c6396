import shadowed from '../../../rules/no-shadowed-can-use-tool.js';
import bare from '../../../rules/no-bare-allowed-tools.js';
import { runRuleTests } from '../../support/rule-tester.js';

// The other rules that read a mode or an allow list see the values of
// test/rules/values/objects-and-classes.test.ts the same way: a getter and
// an instance switched by a handler (no-shadowed-can-use-tool), a field the
// constructor sets and Object.assign (no-bare-allowed-tools). Plain
// JavaScript, run as TypeScript and as JavaScript.
const lines = (...each: string[]) => each.join('\n');
const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
const gate = 'const canUseTool = async () => ({ behavior: "deny", message: "no" });';
const columnOf = (code: string, line: number, needle: string) => code.split('\n')[line - 1]!.indexOf(needle) + 1;
/** A class `Agent` (line 3 on) whose `run` passes `options` (with canUseTool), with `members` before it, then `after`. */
const agent = (members: string[], options: string, after: string[] = []) =>
  lines(sdk, gate, 'class Agent {', ...members.map((member) => `  ${member}`), `  run() { return query({ prompt: 'x', options: { ${options} } }); }`, '}', ...after);
const withMode = (members: string[], after: string[] = []) => agent(members, 'permissionMode: this.mode, canUseTool', after);
const switchedBy = (mode: string) => withMode(["mode = 'default';"], ['const agent = new Agent();', `export function onKey() { agent.mode = '${mode}'; }`]);
const mode = (certainty: string, from = '') => ({ mode: 'permissionMode', certainty, from, callback: 'canUseTool' });

const shadowedCases = {
  valid: [withMode(["get mode() { return 'default'; }"]), switchedBy('plan')],
  invalid: [
    {
      name: 'a getter that returns dontAsk next to canUseTool',
      code: withMode(["get mode() { return 'dontAsk'; }"]),
      errors: [{ messageId: 'dontAskMode' as const, data: mode('is'), line: 4, column: columnOf(withMode(["get mode() { return 'dontAsk'; }"]), 4, "'dontAsk'") }],
    },
    {
      name: "a handler that switches an instance's mode to bypass: can be, naming the write",
      code: switchedBy('bypassPermissions'),
      errors: [{ messageId: 'bypassMode' as const, data: mode('can be', ' (written to agent.mode in onKey())'), line: 8, column: columnOf(switchedBy('bypassPermissions'), 8, "'bypassPermissions'") }],
    },
  ],
};
runRuleTests(shadowed, { typescript: shadowedCases, javascript: shadowedCases });

const withTools = (members: string[], after: string[] = []) => lines(sdk, 'class Agent {', ...members.map((member) => `  ${member}`), "  run() { return query({ prompt: 'x', options: { allowedTools: this.tools } }); }", '}', ...after);
const fieldTools = (list: string) => withTools([`constructor() { this.tools = [${list}]; }`]);
const assigned = (list: string) => lines(sdk, "const options = { model: 'haiku' };", `Object.assign(options, { allowedTools: [${list}] });`, "query({ prompt: 'x', options });");
const bareAt = (code: string, line: number, entry: string) => ({
  code,
  errors: [{ messageId: 'bareTool' as const, line, column: columnOf(code, line, `'${entry}'`), suggestions: [{ messageId: 'removeEntry' as const, data: { entry }, output: code.replace(`'${entry}'`, '') }] }],
});
/** An instance whose allow list a command handler replaces with `list` (line 7). */
const trusted = (list: string) => withTools(["tools = ['Read'];"], ['const agent = new Agent();', `export function onTrust() { agent.tools = [${list}]; }`]);
const bareCases = {
  valid: [fieldTools("'Read', 'Bash(npm test *)'"), assigned("'Grep'"), trusted("'Read', 'Bash(git status)'")],
  invalid: [
    {
      name: 'an allow list a handler switches elsewhere: reported at the write',
      code: trusted("'Read', 'Bash'"),
      errors: [
        {
          messageId: 'bareTool' as const,
          line: 7,
          column: columnOf(trusted("'Read', 'Bash'"), 7, "'Bash'"),
          suggestions: [{ messageId: 'removeEntry' as const, data: { entry: 'Bash' }, output: trusted("'Read'") }],
        },
      ],
    },
    { name: 'an allow list the constructor keeps in a field', ...bareAt(fieldTools("'Bash'"), 3, 'Bash') },
    { name: 'an allow list merged in with Object.assign', ...bareAt(assigned("'WebFetch'"), 3, 'WebFetch') },
  ],
};
runRuleTests(bare, { typescript: bareCases, javascript: bareCases });
