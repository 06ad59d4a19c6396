import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../support/scan.js';

// One finding per mistake (src/engine/dedupe.ts), through the recommended config as users run it,
// in TypeScript, and below in JavaScript and Python (issue 16). The settings-file forms are in
// test/rules/settings/precision.test.ts.
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'toolgate-dedupe-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function findingsOf(name: string, text: string): Promise<string[]> {
  await writeFile(path.join(dir, name), text);
  const { findings, problems } = await scan({ cwd: dir, paths: [name], configFile: false });
  expect(problems).toEqual([]);
  return findings.map(({ ruleId, messageId, line, column }) => `${line}:${column} ${ruleId}/${messageId}`);
}

const ts = (options: string): string =>
  `import { query } from '@anthropic-ai/claude-agent-sdk';\nquery({ prompt: 'x', options: { ${options} } });\n`;
const py = (options: string): string =>
  `from claude_agent_sdk import ClaudeAgentOptions\noptions = ClaudeAgentOptions(${options})\n`;
const prefix = "query({ prompt: 'x', options: { ".length;

describe('one finding per mistake', () => {
  it("a bare 'Bash' next to canUseTool: no-shadowed-can-use-tool speaks, once (TS and JS)", async () => {
    const options = "canUseTool: async () => ({ behavior: 'deny', message: 'no' }), allowedTools: ['Bash']";
    const column = prefix + options.indexOf("'Bash'") + 1;
    const expected = [`2:${column} no-shadowed-can-use-tool/wholeToolAllowed`];
    expect(await findingsOf('shadow.ts', ts(options))).toEqual(expected);
    expect(await findingsOf('shadow.mjs', ts(options))).toEqual(expected);
  });

  it("a bare 'Bash' next to can_use_tool in Python", async () => {
    const options = "can_use_tool=decide, allowed_tools=['Bash']";
    const text = `async def decide(name, data, context):\n    return PermissionResultDeny(message='no')\n${py(options)}`;
    const column = 'options = ClaudeAgentOptions('.length + options.indexOf("'Bash'") + 1;
    expect(await findingsOf('shadow.py', text)).toEqual([`4:${column} no-shadowed-can-use-tool/wholeToolAllowed`]);
  });

  it('bare entries under a mode that is always bypass: only the allowedTools message', async () => {
    const options = "permissionMode: 'bypassPermissions', disallowedTools: ['Bash(rm *)'], allowedTools: ['Bash', 'WebFetch']";
    const column = prefix + options.indexOf(' allowedTools') + 2;
    expect(await findingsOf('bypass.ts', ts(options))).toEqual([`2:${column} no-bypass-without-disallowed-tools/allowedToolsIgnored`]);
  });

  it('bare entries under a mode that is always bypass, in Python', async () => {
    const options = "permission_mode='bypassPermissions', disallowed_tools=['Bash(rm *)'], allowed_tools=['Bash']";
    const column = 'options = ClaudeAgentOptions('.length + options.indexOf(' allowed_tools') + 2;
    expect(await findingsOf('bypass.py', `${py(options)}`)).toEqual([`2:${column} no-bypass-without-disallowed-tools/allowedToolsIgnored`]);
  });

  it('a mode that can be bypass still lets the bare rule speak at the entry', async () => {
    const options = "permissionMode: process.env.CI ? 'bypassPermissions' : 'default', disallowedTools: ['Bash(rm *)'], allowedTools: ['Bash']";
    const entry = prefix + options.indexOf("'Bash'") + 1;
    const key = prefix + options.indexOf(' allowedTools') + 2;
    expect(await findingsOf('maybe.ts', ts(options))).toEqual([
      `2:${key} no-bypass-without-disallowed-tools/allowedToolsIgnored`,
      `2:${entry} no-bare-allowed-tools/bareTool`,
    ]);
  });

  it.each(["''", "'  '", "'Bash('", "'(Bash)'"])('the malformed entry %s only by valid-permission-rule', async (entry) => {
    const options = `canUseTool: async () => ({ behavior: 'deny', message: 'no' }), allowedTools: [${entry}]`;
    const found = await findingsOf('malformed.ts', ts(options));
    const column = prefix + options.indexOf(entry) + 1;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^2:${column} valid-permission-rule/`));
  });
});

/** Options on line 2 (TS, JS: `ts`) or line 4 (Python, after a permission callback), and the column of `needle` in them. */
const jsAt = (options: string, needle: string) => prefix + options.indexOf(needle) + 1;
const pyWithCallback = (options: string) =>
  `from claude_agent_sdk import ClaudeAgentOptions, PermissionResultDeny\nasync def decide(name, data, context):\n    return PermissionResultDeny(message='no')\noptions = ClaudeAgentOptions(${options})\n`;
const pyAt = (options: string, needle: string) => 'options = ClaudeAgentOptions('.length + options.indexOf(needle) + 1;
const callback = "canUseTool: async () => ({ behavior: 'deny', message: 'no' })";

describe('bare entries under a bypass mode', () => {
  it('always bypass, in JavaScript: only the allowedTools message', async () => {
    const options = "permissionMode: 'bypassPermissions', disallowedTools: ['Bash(rm *)'], allowedTools: ['Bash', 'WebFetch']";
    expect(await findingsOf('bypass.mjs', ts(options))).toEqual([`2:${jsAt(options, ' allowedTools') + 1} no-bypass-without-disallowed-tools/allowedToolsIgnored`]);
  });

  it('always bypass next to canUseTool: the callback and the list, not each entry', async () => {
    const options = `permissionMode: 'bypassPermissions', disallowedTools: ['Bash(rm *)'], allowedTools: ['Bash'], ${callback}`;
    expect(await findingsOf('shadowed.mjs', ts(options))).toEqual([
      `2:${jsAt(options, "'bypassPermissions'")} no-shadowed-can-use-tool/bypassMode`,
      `2:${jsAt(options, ' allowedTools') + 1} no-bypass-without-disallowed-tools/allowedToolsIgnored`,
    ]);
  });

  it('a mode that can be bypass, in JavaScript: the entry is still bare where the mode is not bypass', async () => {
    const options = "permissionMode: process.env.CI ? 'bypassPermissions' : 'default', disallowedTools: ['Bash(rm *)'], allowedTools: ['Bash']";
    expect(await findingsOf('maybe.mjs', ts(options))).toEqual([
      `2:${jsAt(options, ' allowedTools') + 1} no-bypass-without-disallowed-tools/allowedToolsIgnored`,
      `2:${jsAt(options, "'Bash']")} no-bare-allowed-tools/bareTool`,
    ]);
  });

  it('a mode that can be bypass, in Python: the entry is still bare where the mode is not bypass', async () => {
    const options = "permission_mode='bypassPermissions' if ci else 'default', disallowed_tools=['Bash(rm *)'], allowed_tools=['Bash']";
    expect(await findingsOf('maybe.py', pyWithCallback(options))).toEqual([
      `4:${pyAt(options, ' allowed_tools') + 1} no-bypass-without-disallowed-tools/allowedToolsIgnored`,
      `4:${pyAt(options, "'Bash']")} no-bare-allowed-tools/bareTool`,
    ]);
  });
});

describe('an empty, blank or malformed allow entry: only valid-permission-rule speaks', () => {
  const entries = ["''", "'  '", "'Bash('", "'(Bash)'"];

  it.each(entries)('%s in JavaScript, with and without canUseTool', async (entry) => {
    for (const options of [`allowedTools: [${entry}, 'Read']`, `${callback}, allowedTools: [${entry}]`]) {
      const found = await findingsOf('malformed.mjs', ts(options));
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(new RegExp(`^2:${jsAt(options, entry)} valid-permission-rule/`));
    }
  });

  it.each(entries)('%s in Python, with and without can_use_tool', async (entry) => {
    for (const options of [`allowed_tools=[${entry}, 'Read']`, `can_use_tool=decide, allowed_tools=[${entry}]`]) {
      const found = await findingsOf('malformed.py', pyWithCallback(options));
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(new RegExp(`^4:${pyAt(options, entry)} valid-permission-rule/`));
    }
  });

  it.each([
    ['TypeScript', 'both.ts'],
    ['JavaScript', 'both.mjs'],
  ])('a bare entry next to one is still reported, by the rule that names the callback it defeats (%s)', async (_, file) => {
    const options = `${callback}, allowedTools: ['Bash(', 'Bash']`;
    expect(await findingsOf(file, ts(options))).toEqual([
      `2:${jsAt(options, "'Bash('")} valid-permission-rule/malformed`,
      `2:${jsAt(options, "'Bash']")} no-shadowed-can-use-tool/wholeToolAllowed`,
    ]);
  });

  it('a bare entry next to one is still reported, by the rule that names the callback it defeats', async () => {
    const options = "can_use_tool=decide, allowed_tools=['Bash(', 'Bash']";
    expect(await findingsOf('both.py', pyWithCallback(options))).toEqual([
      `4:${pyAt(options, "'Bash('")} valid-permission-rule/malformed`,
      `4:${pyAt(options, "'Bash']")} no-shadowed-can-use-tool/wholeToolAllowed`,
    ]);
  });
});

describe("skills: 'all' next to a bare 'Skill'", () => {
  // Two places, two causes: each adds a bare Skill rule, and removing either leaves the other.
  it('with canUseTool: one finding at each, from one rule, in TS and Python', async () => {
    const options = `${callback}, skills: 'all', allowedTools: ['Skill']`;
    expect(await findingsOf('skills.ts', ts(options))).toEqual([
      `2:${jsAt(options, "'all'")} no-shadowed-can-use-tool/allSkills`,
      `2:${jsAt(options, "'Skill'")} no-shadowed-can-use-tool/wholeToolAllowed`,
    ]);
    const python = "can_use_tool=decide, skills='all', allowed_tools=['Skill']";
    expect(await findingsOf('skills.py', pyWithCallback(python))).toEqual([
      `4:${pyAt(python, "'all'")} no-shadowed-can-use-tool/allSkills`,
      `4:${pyAt(python, "'Skill'")} no-shadowed-can-use-tool/wholeToolAllowed`,
    ]);
  });

  it('without a callback: silent, Skill has no side effects of its own', async () => {
    expect(await findingsOf('skills-only.mjs', ts("skills: 'all', allowedTools: ['Skill']"))).toEqual([]);
    expect(await findingsOf('skills-only.py', pyWithCallback("skills='all', allowed_tools=['Skill']"))).toEqual([]);
  });
});
