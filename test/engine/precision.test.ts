import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../support/scan.js';

// One finding per mistake (issue 16), through `scan` with the recommended
// config, in the languages test/engine/dedupe.test.ts leaves out: JavaScript
// and Python next to TypeScript. The settings-file forms are in
// test/rules/settings/precision.test.ts.
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'toolgate-precision-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function findingsOf(name: string, text: string): Promise<string[]> {
  await writeFile(path.join(dir, name), text);
  const { findings, problems } = await scan({ cwd: dir, paths: [name], configFile: false });
  expect(problems).toEqual([]);
  return findings.map(({ ruleId, messageId, line, column }) => `${line}:${column} ${ruleId}/${messageId}`);
}

/** Options on line 2 (TS, JS) or line 4 (Python, after a permission callback), and the column of `needle` in them. */
const js = (options: string) => `import { query } from '@anthropic-ai/claude-agent-sdk';\nquery({ prompt: 'x', options: { ${options} } });\n`;
const jsAt = (options: string, needle: string) => "query({ prompt: 'x', options: { ".length + options.indexOf(needle) + 1;
const py = (options: string) =>
  `from claude_agent_sdk import ClaudeAgentOptions, PermissionResultDeny\nasync def decide(name, data, context):\n    return PermissionResultDeny(message='no')\noptions = ClaudeAgentOptions(${options})\n`;
const pyAt = (options: string, needle: string) => 'options = ClaudeAgentOptions('.length + options.indexOf(needle) + 1;
const callback = "canUseTool: async () => ({ behavior: 'deny', message: 'no' })";

describe('bare entries under a bypass mode', () => {
  it('always bypass, in JavaScript: only the allowedTools message', async () => {
    const options = "permissionMode: 'bypassPermissions', disallowedTools: ['Bash(rm *)'], allowedTools: ['Bash', 'WebFetch']";
    expect(await findingsOf('bypass.mjs', js(options))).toEqual([`2:${jsAt(options, ' allowedTools') + 1} no-bypass-without-disallowed-tools/allowedToolsIgnored`]);
  });

  it('always bypass next to canUseTool: the callback and the list, not each entry', async () => {
    const options = `permissionMode: 'bypassPermissions', disallowedTools: ['Bash(rm *)'], allowedTools: ['Bash'], ${callback}`;
    expect(await findingsOf('shadowed.mjs', js(options))).toEqual([
      `2:${jsAt(options, "'bypassPermissions'")} no-shadowed-can-use-tool/bypassMode`,
      `2:${jsAt(options, ' allowedTools') + 1} no-bypass-without-disallowed-tools/allowedToolsIgnored`,
    ]);
  });

  it('a mode that can be bypass, in Python: the entry is still bare where the mode is not bypass', async () => {
    const options = "permission_mode='bypassPermissions' if ci else 'default', disallowed_tools=['Bash(rm *)'], allowed_tools=['Bash']";
    expect(await findingsOf('maybe.py', py(options))).toEqual([
      `4:${pyAt(options, ' allowed_tools') + 1} no-bypass-without-disallowed-tools/allowedToolsIgnored`,
      `4:${pyAt(options, "'Bash']")} no-bare-allowed-tools/bareTool`,
    ]);
  });
});

describe('an empty, blank or malformed allow entry: only valid-permission-rule speaks', () => {
  const entries = ["''", "'  '", "'Bash('", "'(Bash)'"];

  it.each(entries)('%s in JavaScript, with and without canUseTool', async (entry) => {
    for (const options of [`allowedTools: [${entry}, 'Read']`, `${callback}, allowedTools: [${entry}]`]) {
      const found = await findingsOf('malformed.mjs', js(options));
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(new RegExp(`^2:${jsAt(options, entry)} valid-permission-rule/`));
    }
  });

  it.each(entries)('%s in Python, with and without can_use_tool', async (entry) => {
    for (const options of [`allowed_tools=[${entry}, 'Read']`, `can_use_tool=decide, allowed_tools=[${entry}]`]) {
      const found = await findingsOf('malformed.py', py(options));
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(new RegExp(`^4:${pyAt(options, entry)} valid-permission-rule/`));
    }
  });

  it('a bare entry next to one is still reported, by the rule that names the callback it defeats', async () => {
    const options = "can_use_tool=decide, allowed_tools=['Bash(', 'Bash']";
    expect(await findingsOf('both.py', py(options))).toEqual([
      `4:${pyAt(options, "'Bash('")} valid-permission-rule/malformed`,
      `4:${pyAt(options, "'Bash']")} no-shadowed-can-use-tool/wholeToolAllowed`,
    ]);
  });
});

describe("skills: 'all' next to a bare 'Skill'", () => {
  // Two places, two causes: each adds a bare Skill rule, and removing either leaves the other.
  it('with canUseTool: one finding at each, from one rule, in TS and Python', async () => {
    const options = `${callback}, skills: 'all', allowedTools: ['Skill']`;
    expect(await findingsOf('skills.ts', js(options))).toEqual([
      `2:${jsAt(options, "'all'")} no-shadowed-can-use-tool/allSkills`,
      `2:${jsAt(options, "'Skill'")} no-shadowed-can-use-tool/wholeToolAllowed`,
    ]);
    const python = "can_use_tool=decide, skills='all', allowed_tools=['Skill']";
    expect(await findingsOf('skills.py', py(python))).toEqual([
      `4:${pyAt(python, "'all'")} no-shadowed-can-use-tool/allSkills`,
      `4:${pyAt(python, "'Skill'")} no-shadowed-can-use-tool/wholeToolAllowed`,
    ]);
  });

  it('without a callback: silent, Skill has no side effects of its own', async () => {
    expect(await findingsOf('skills-only.mjs', js("skills: 'all', allowedTools: ['Skill']"))).toEqual([]);
    expect(await findingsOf('skills-only.py', py("skills='all', allowed_tools=['Skill']"))).toEqual([]);
  });
});
