import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../support/scan.js';

// One finding per mistake (src/engine/dedupe.ts), through the recommended config as users run it.
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
