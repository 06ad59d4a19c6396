import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultToolkit } from '../../src/defaults.js';
import { prepareFor } from '../../src/engine/analyse.js';
import { compareFindings } from '../../src/engine/findings.js';
import { projectGroups } from '../../src/engine/project-groups.js';
import { readText } from '../../src/engine/sources.js';
import { scan } from '../support/scan.js';

// The project pass analyses files that reach no module in common apart, one
// group at a time, and keeps first-pass parses only up to a budget: neither
// may change what a scan reports.
let root: string;
const write = (relative: string, text: string): string => {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
};

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'toolgate-groups-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('projectGroups', () => {
  it('joins TypeScript files that reach a module in common, directly or not, in the order of their first file', async () => {
    const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';\n";
    const files = {
      aAgent: write('ts/a/agent.ts', `${sdk}import { options } from './options';\nquery({ prompt: 'x', options });\n`),
      aOptions: write('ts/a/options.ts', "export const options = { permissionMode: 'plan' };\n"),
      bAgent: write('ts/b/agent.ts', `${sdk}import { mode } from '../shared/x';\nquery({ prompt: 'x', options: { permissionMode: mode } });\n`),
      cAgent: write('ts/c/agent.ts', `${sdk}import settings = require('../shared/y');\nquery({ prompt: 'x', options: settings });\n`),
      dAgent: write('ts/d/agent.ts', `${sdk}import { run } from './run';\nrun(query);\n`),
    };
    write('ts/shared/x.ts', "export { mode } from './y';\n");
    write('ts/shared/y.ts', "export const mode = 'default';\n");
    write('ts/d/run.ts', 'export const run = (f: unknown) => f;\n');
    const { aAgent, aOptions, bAgent, cAgent, dAgent } = files;
    await prepareFor(aAgent);
    const groups = projectGroups([aAgent, bAgent, dAgent, cAgent, aOptions], readText, new Map(), defaultToolkit.frontEnds);
    expect(groups.map(({ paths }) => paths)).toEqual([[aAgent, aOptions], [bAgent, cAgent], [dAgent]]);
    // What each group's links were read from: what `--cache` keeps it with.
    const at = (relative: string) => path.join(root, relative);
    expect(groups.map(({ reached }) => [...(reached ?? [])].sort())).toEqual([
      [aAgent, aOptions].sort(),
      [bAgent, cAgent, at('ts/shared/x.ts'), at('ts/shared/y.ts')].sort(),
      [dAgent, at('ts/d/run.ts')].sort(),
    ]);
  });

  it('joins Python modules through a shared module, a package imported by name and a loaded module', async () => {
    write('py/p/__init__.py', '');
    write('py/p/hooks.py', 'async def guard(input_data, tool_use_id, context):\n    return {}\n');
    const agent = write('py/p/agent.py', 'from . import hooks\n');
    const other = write('py/p/other.py', 'from .hooks import guard\n');
    write('py/q/__init__.py', '');
    write('py/q/conf.py', 'MODE = "plan"\n');
    const loader = write('py/q/run.py', 'import importlib\nconf = importlib.import_module("q.conf")\n');
    const user = write('py/q/use.py', 'from q.conf import MODE\n');
    const alone = write('py/r/agent.py', 'from claude_agent_sdk import query\n');
    await prepareFor(agent);
    const groups = projectGroups([alone, loader, agent, user, other], readText, new Map(), defaultToolkit.frontEnds);
    expect(groups.map(({ paths }) => paths)).toEqual([[alone], [loader, user], [agent, other]]);
    expect(groups.every(({ paths, reached }) => paths.every((file) => reached?.includes(file)))).toBe(true);
  });
});

/** A TypeScript and a Python agent whose options, hooks and constants come from their own modules. */
function writeProject(folder: string, n: number): void {
  const mode = ['default', 'bypassPermissions', 'plan'][n % 3]!;
  write(`${folder}/ts/options.ts`, `import type { Options } from '@anthropic-ai/claude-agent-sdk';\nexport const ALLOWED = ['Read', 'Bash'];\nexport const base: Options = { allowedTools: ALLOWED, permissionMode: '${mode}' };\n`);
  write(`${folder}/ts/hooks.ts`, "export async function guard() {\n  return {};\n}\n");
  write(
    `${folder}/ts/agent.ts`,
    `import { query } from '@anthropic-ai/claude-agent-sdk';\nimport { base } from './options';\nimport { guard } from './hooks';\nexport function run(mode: 'plan' | 'bypassPermissions') {\n  return query({ prompt: 'x', options: { ...base, permissionMode: mode, hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [guard] }] } } });\n}\n`,
  );
  write(`${folder}/ts/main.ts`, `import { run } from './agent';\nrun('${n % 2 === 0 ? 'bypassPermissions' : 'plan'}');\n`);
  write(`${folder}/py/app/__init__.py`, '');
  write(`${folder}/py/app/config.py`, `ALLOWED_TOOLS = ["Read", "Bash"]\nMODE = "${mode}"\n`);
  write(
    `${folder}/py/app/agent.py`,
    'from claude_agent_sdk import ClaudeAgentOptions, query\n\nfrom .config import ALLOWED_TOOLS, MODE\n\n\ndef run(mode=MODE):\n    return query(prompt="x", options=ClaudeAgentOptions(allowed_tools=ALLOWED_TOOLS, permission_mode=mode))\n',
  );
  write(`${folder}/py/app/main.py`, `from .agent import run\n\nrun(mode="${n % 2 === 0 ? 'bypassPermissions' : 'plan'}")\n`);
}

describe('the project pass in groups and with a budget of kept parses', () => {
  const copies = ['copy-0', 'copy-1', 'copy-2', 'copy-3'];
  const outcome = async (options: { paths?: string[]; keptParses?: number }) => {
    const result = await scan({ cwd: path.join(root, 'projects'), ...options });
    expect(result.problems).toEqual([]);
    return { findings: result.findings, stats: result.stats };
  };

  beforeAll(() => copies.forEach((copy, n) => writeProject(`projects/${copy}`, n)));

  it('reports for a tree of several projects what it reports for each project scanned alone', async () => {
    const whole = await outcome({});
    expect(whole.findings.length).toBeGreaterThan(copies.length);
    // Values from the options and config modules are reported where they are written.
    expect(whole.findings.some((finding) => /\/(?:options\.ts|config\.py)$/.test(finding.path))).toBe(true);
    // And a caller's argument where the caller passes it: the caller is analysed with the agent it calls.
    expect(whole.findings.filter((finding) => /\/main\.(?:ts|py)$/.test(finding.path)).map((finding) => finding.ruleId)).toContain('no-bypass-without-disallowed-tools');
    const alone = await Promise.all(copies.map((copy) => outcome({ paths: [copy] })));
    expect(whole.findings).toEqual(alone.flatMap(({ findings }) => findings).sort(compareFindings));
  });

  it('reports the same whether no parse, some or every parse is kept for the project pass', async () => {
    const every = await outcome({});
    expect(await outcome({ keptParses: 0 })).toEqual(every);
    expect(await outcome({ keptParses: 600 })).toEqual(every);
  });
});
