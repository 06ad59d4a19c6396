import bareRule from '../../../rules/no-bare-allowed-tools.js';
import bypassRule from '../../../rules/no-bypass-without-disallowed-tools.js';
import { runRuleTests } from '../../support/rule-tester.js';

// Parameters and lists built the way real agent code builds them (issue 16):
// a rest parameter holds the arguments each call passes from its place on,
// an object rest what the caller's object holds besides the keys named, and
// a list built in steps (splice, a helper that fills it) is what the steps
// add. The Python twin is test/rules/python/params-and-lists.test.ts.
const lines = (...each: string[]) => each.join('\n');
const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
const columnOf = (code: string, line: number, needle: string) => code.split('\n')[line - 1]!.indexOf(needle) + 1;
/** One bare entry each, at the `needle` of its line; entries outside one literal list have no suggestion. */
const bareAt = (code: string, ...at: Array<[line: number, tool: string]>) => ({
  code,
  errors: at.map(([line, tool]) => ({ messageId: 'bareTool' as const, line, column: columnOf(code, line, `'${tool}'`), suggestions: [] })),
});
const names = { mode: 'permissionMode', deny: 'disallowedTools', tools: 'tools', allowed: 'allowedTools', exposure: '' };
const bypassAt = (code: string, line: number, certainty: string, from = '') => ({
  code,
  errors: [{ messageId: 'bypassWithoutDeny' as const, data: { ...names, certainty, from }, line, column: columnOf(code, line, "'bypassPermissions'") }],
});

/** A wrapper whose rest parameter adds to the allow list (line 2), then `calls`. */
const extraTools = (...calls: string[]) => lines(sdk, "function run(prompt: string, ...extra: string[]) { return query({ prompt, options: { allowedTools: ['Read', ...extra] } }); }", ...calls);
/** A wrapper in bypass mode whose rest parameter is the deny list (line 2), then `calls`. */
const restDeny = (...calls: string[]) =>
  lines(sdk, "function run(prompt: string, ...deny: string[]) { return query({ prompt, options: { permissionMode: 'bypassPermissions', disallowedTools: deny } }); }", ...calls);
/** A wrapper that passes the rest of its object as the options (line 2), then `calls`. */
const objectRest = (...calls: string[]) => lines(sdk, 'function run({ prompt, ...options }: { prompt: string; [key: string]: unknown }) { return query({ prompt, options }); }', ...calls);
const jsObjectRest = (...calls: string[]) => lines(sdk, 'function run({ prompt, ...options }) { return query({ prompt, options }); }', ...calls);
/** The one bare entry of the literal list in `call`, which its suggestion removes. */
const bareInCall = (build: (call: string) => string, call: string, line: number, tool: string) => ({
  code: build(call),
  errors: [
    {
      messageId: 'bareTool' as const,
      line,
      column: columnOf(build(call), line, `'${tool}'`),
      suggestions: [{ messageId: 'removeEntry' as const, output: build(call.replace(`'${tool}'`, '')) }],
    },
  ],
});
/** A function with a `this` parameter before its `mode` (declared as `mode`) that passes it to query (line 2), then `calls`. */
const thisRuns = (mode: string, ...calls: string[]) =>
  lines(sdk, `function run(this: void, ${mode}) { return query({ prompt: 'x', options: { permissionMode: mode as 'default' } }); }`, ...calls);
/** A JavaScript function that passes its `mode` parameter (declared as `head`) to query (line 2), then `calls`. */
const jsRuns = (head: string, ...calls: string[]) => lines(sdk, `${head} { return query({ prompt: 'x', options: { permissionMode: mode } }); }`, ...calls);
/** A deny list built in `steps` (from line 3) for a bypass agent. */
const denyBuilt = (...steps: string[]) =>
  lines(sdk, 'const deny: string[] = [];', ...steps, "query({ prompt: 'x', options: { permissionMode: 'bypassPermissions', disallowedTools: deny } });");
/** An allow list built in `steps` (from line 3). */
const allowBuilt = (...steps: string[]) => lines(sdk, "const tools: string[] = ['Read'];", ...steps, "query({ prompt: 'x', options: { allowedTools: tools } });");

runRuleTests(bareRule, {
  typescript: {
    valid: [
      // Each call's rest arguments are scoped or read-only; a spread whose list is not known.
      extraTools("run('a', 'Bash(npm test *)');", "run('b', 'Grep', 'Glob');", 'run(\'c\');'),
      extraTools('declare const more: string[];', "run('a', ...more);"),
      // The keys the object rest leaves out are not options.
      objectRest("run({ prompt: 'x', allowedTools: ['Read'] });"),
      // Spliced in: scoped; a splice that inserts nothing.
      allowBuilt("tools.splice(1, 0, 'Bash(git status)');"),
      allowBuilt('tools.splice(0, 1);'),
      // Entries that may have been taken out again.
      lines(sdk, "const tools = ['Read', 'Bash'];", 'tools.pop();', "query({ prompt: 'x', options: { allowedTools: tools } });"),
      lines(sdk, "const tools = ['Bash', 'Read'];", 'tools.shift();', "query({ prompt: 'x', options: { allowedTools: tools } });"),
      // A bare entry added to another list, or to a copy that is thrown away.
      allowBuilt('const other: string[] = [];', "other.push('Bash');", "tools.concat(['Write']);"),
      // A map that is not a copy; a list that adds only a scoped entry to what it held.
      lines(sdk, "const TOOLS = ['Read', 'Bash'];", 'const allowed = TOOLS.map((name) => `${name}(./src/**)`);', "query({ prompt: 'x', options: { allowedTools: allowed } });"),
      lines(sdk, "let tools: string[] = ['Read'];", "tools = [...tools, 'Bash(npm test *)'];", "query({ prompt: 'x', options: { allowedTools: tools } });"),
    ],
    invalid: [
      { name: 'a copy of a list by an identity map', ...bareAt(lines(sdk, "const TOOLS = ['Read', 'Bash'];", 'const allowed = TOOLS.map((name) => name);', "query({ prompt: 'x', options: { allowedTools: allowed } });"), [2, 'Bash']) },
      { name: 'a list read in its own write', ...bareAt(lines(sdk, "let tools: string[] = ['Read'];", "tools = [...tools, 'Bash'];", "query({ prompt: 'x', options: { allowedTools: tools } });"), [3, 'Bash']) },
      { name: 'a rest parameter: the bare entries a call passes', ...bareAt(extraTools("run('a', 'Grep');", "run('b', 'Read', 'Bash', 'Write');"), [4, 'Bash'], [4, 'Write']) },
      { name: 'a rest parameter filled by a spread of a known list', ...bareAt(extraTools("const SHELL = ['Bash'];", "run('a', ...SHELL);"), [3, 'Bash']) },
      { name: 'an object rest holds the keys besides those named', ...bareInCall(objectRest, "run({ prompt: 'x', allowedTools: ['Bash'] });", 3, 'Bash') },
      { name: 'splice inserting entries', ...bareAt(allowBuilt("tools.splice(1, 0, 'Bash', 'Grep');"), [3, 'Bash']) },
      { name: 'an entry added after a pop', ...bareAt(allowBuilt('tools.pop();', "tools.push('Write');"), [4, 'Write']) },
    ],
  },
  javascript: {
    valid: [
      lines(sdk, "function run(prompt, ...extra) { return query({ prompt, options: { allowedTools: ['Read', ...extra] } }); }", "run('a', 'Bash(npm test *)');"),
      lines(sdk, 'const tools = [];', "tools.splice(0, 0, 'Read');", "query({ prompt: 'x', options: { allowedTools: tools } });"),
      // The keys the object rest leaves out; a spread of a known read-only list.
      jsObjectRest("run({ prompt: 'x', allowedTools: ['Read'] });"),
      lines(sdk, "function run(prompt, ...extra) { return query({ prompt, options: { allowedTools: ['Read', ...extra] } }); }", "const SEARCH = ['Grep', 'Glob'];", "run('a', ...SEARCH);"),
      // unshift, concat, a helper and a module constant that add only read-only or scoped entries.
      lines(sdk, "const SEARCH = ['Grep'];", "function listing() { return ['Glob']; }", "const tools = [...SEARCH].concat(['Bash(npm test *)']);", 'tools.unshift(...listing());', "tools.unshift('Bash(git status)');", "query({ prompt: 'x', options: { allowedTools: tools } });"),
    ],
    invalid: [
      { name: 'a rest parameter in JavaScript', ...bareAt(lines(sdk, "function run(prompt, ...extra) { return query({ prompt, options: { allowedTools: ['Read', ...extra] } }); }", "run('a', 'Edit');"), [3, 'Edit']) },
      { name: 'a rest parameter filled by a spread of a known list, in JavaScript', ...bareAt(lines(sdk, "function run(prompt, ...extra) { return query({ prompt, options: { allowedTools: ['Read', ...extra] } }); }", "const SHELL = ['Bash'];", "run('a', ...SHELL);"), [3, 'Bash']) },
      { name: 'concat in JavaScript', ...bareAt(lines(sdk, "const tools = ['Read'].concat(['Grep'], 'Write');", "query({ prompt: 'x', options: { allowedTools: tools } });"), [2, 'Write']) },
      { name: 'an object rest in JavaScript', ...bareInCall(jsObjectRest, "run({ prompt: 'x', allowedTools: ['Bash'] });", 3, 'Bash') },
      { name: 'splice, unshift, a helper and a module constant', ...bareAt(lines(sdk, "const EDITING = ['Edit'];", "function shell() { return ['Bash']; }", 'const tools = [...EDITING];', 'tools.unshift(...shell());', "tools.splice(1, 0, 'WebFetch');", "query({ prompt: 'x', options: { allowedTools: tools } });"), [2, 'Edit'], [3, 'Bash'], [6, 'WebFetch']) },
    ],
  },
});

runRuleTests(bypassRule, {
  typescript: {
    valid: [
      // Deny lists built in steps that end with rules.
      denyBuilt("deny.push('Bash(rm *)');"),
      denyBuilt("if (process.env.CI) deny.push('Bash');"),
      denyBuilt("deny.splice(0, 0, 'Bash');"),
      // A helper that fills the list it is handed; one the project does not show.
      denyBuilt("function addRules(list: string[]) { list.push('Bash'); }", 'addRules(deny);'),
      denyBuilt("import { addRules } from './rules';", 'addRules(deny);'),
      // Every call brings deny rules through the rest parameter.
      restDeny("run('a', 'Bash');", "run('b', 'WebFetch', 'Write');"),
      // A `this` parameter is no argument: the call's first argument is the mode.
      thisRuns("mode = 'bypassPermissions'", "run('default');"),
      // The object rest keeps the caller's deny rules.
      objectRest("run({ prompt: 'x', permissionMode: 'bypassPermissions', disallowedTools: ['Bash'] });"),
    ],
    invalid: [
      { name: 'a rule pushed to another list leaves the deny list empty', ...bypassAt(denyBuilt('const other: string[] = [];', "other.push('Bash');"), 5, 'is') },
      { name: 'a concat whose result is thrown away', ...bypassAt(denyBuilt("deny.concat(['Bash']);"), 4, 'is') },
      { name: 'a list handed to calls that only read it', ...bypassAt(denyBuilt('console.log(deny);', "logger.info('deny', deny);", 'JSON.stringify(deny);', 'declare const logger: Console;'), 7, 'is') },
      { name: 'a splice that removes and inserts nothing', ...bypassAt(denyBuilt('deny.splice(0, 0);'), 4, 'is') },
      { name: 'after a `this` parameter, the argument a call passes', ...bypassAt(thisRuns('mode: string', "run('bypassPermissions');"), 3, 'is', ' (passed to run() as mode)') },
      { name: 'a rest parameter a call leaves empty', ...bypassAt(restDeny("run('a', 'Bash');", "run('b');"), 2, 'is') },
      {
        name: 'an object rest: the mode one caller passes, naming the call',
        ...bypassAt(objectRest("run({ prompt: 'x', permissionMode: 'bypassPermissions' });"), 3, 'is', ' (passed to run() as options)'),
      },
    ],
  },
  javascript: {
    valid: [
      lines(sdk, 'const deny = [];', "for (const t of ['Bash', 'WebFetch']) deny.push(t);", "query({ prompt: 'x', options: { permissionMode: 'bypassPermissions', disallowedTools: deny } });"),
      // Every call passes a mode, so the bypass default never applies; a default that is not bypass.
      jsRuns("function run(prompt, mode = 'bypassPermissions')", "run('a', 'default');"),
      jsRuns("function run({ mode = 'bypassPermissions' } = {})", "run({ mode: 'plan' });"),
      jsRuns("const run = (prompt, mode = 'default') =>", "run('a');"),
      // Exported, and every call in the project overrides the bypass default.
      jsRuns("export function run(prompt, mode = 'bypassPermissions')", "run('a', 'default');", "run('b', 'plan');"),
    ],
    invalid: [
      {
        name: 'a rest parameter no call fills',
        ...bypassAt(lines(sdk, "function run(prompt, ...deny) { return query({ prompt, options: { permissionMode: 'bypassPermissions', disallowedTools: deny } }); }", "run('a');"), 2, 'is'),
      },
      { name: 'an object passed to a destructured parameter, in JavaScript', ...bypassAt(jsRuns("function run({ mode = 'default' })", "run({ mode: 'bypassPermissions' });"), 3, 'is', ' (passed to run() as mode)') },
      { name: 'one call of two passes bypass: can be, at that argument', ...bypassAt(jsRuns('function run(prompt, mode)', "run('a', 'default');", "run('b', 'bypassPermissions');"), 4, 'can be', ' (passed to run() as mode)') },
      { name: 'the one call passes bypass by position', ...bypassAt(jsRuns('function run(prompt, mode)', "run('a', 'bypassPermissions');"), 3, 'is', ' (passed to run() as mode)') },
      {
        name: 'a call that leaves the argument out takes the default',
        ...bypassAt(jsRuns("const run = (prompt, mode = 'bypassPermissions') =>", "run('a', 'default');", "run('b');"), 2, 'can be', ' (the default of parameter mode of run(), taken when a call leaves it out)'),
      },
      {
        name: 'an exported destructured default never called',
        ...bypassAt(jsRuns("export function run({ mode = 'bypassPermissions' } = {})"), 2, 'can be', ' (the default of parameter mode of run(), taken when a call leaves it out)'),
      },
    ],
  },
});
