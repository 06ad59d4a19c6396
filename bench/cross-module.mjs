// Write `copies` copies of a small TypeScript and Python agent project whose
// options, constants, hooks and classes come from other modules (so the
// scan's project pass takes its files), each copy in its own folder:
// `node bench/cross-module.mjs <directory> <copies>`. Issue 18's memory
// growth is measured over 1, 4 and 16 times a base count of copies.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Plain functions, so that each agent file is of a real file's size. */
function helpers(prefix, count) {
  return Array.from({ length: count }, (_, i) => `export function ${prefix}${i}(items: ReadonlyArray<{ id: string; total: number }>): number {
  let sum = 0;
  for (const item of items) if (item.id.startsWith('${prefix}-${i}')) sum += item.total * ${i + 1};
  return Math.round(sum * 100) / 100;
}
`).join('\n');
}

function pyHelpers(prefix, count) {
  return Array.from({ length: count }, (_, i) => `def ${prefix}_${i}(items):
    total = 0
    for item in items:
        if item["id"].startswith("${prefix}-${i}"):
            total += item["total"] * ${i + 1}
    return round(total, 2)
`).join('\n\n');
}

const modes = ['default', 'acceptEdits', 'bypassPermissions', 'plan'];

function typeScriptProject(root, n) {
  const src = path.join(root, 'src');
  mkdirSync(src, { recursive: true });
  writeFileSync(path.join(root, 'package.json'), `{ "name": "ts-agent-${n}", "version": "1.0.0", "type": "module" }\n`);
  writeFileSync(path.join(src, 'options.ts'), `import type { Options } from '@anthropic-ai/claude-agent-sdk';

export const ALLOWED_TOOLS = ['Read', 'Grep', ${n % 2 === 0 ? "'Bash'" : "'Edit'"}];

export const baseOptions: Options = {
  allowedTools: ALLOWED_TOOLS,
  permissionMode: '${modes[n % modes.length]}',
  disallowedTools: ['WebFetch'],
};
`);
  writeFileSync(path.join(src, 'hooks.ts'), `import { total0 } from './util';

export async function guard(input: { tool_input?: { command?: string } }) {
  if (String(input.tool_input?.command ?? '').includes('rm -rf')) {
    return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'destructive' } };
  }
  return total0([]) > 0 ? {} : {};
}
`);
  writeFileSync(path.join(src, 'util.ts'), helpers('total', 40));
  writeFileSync(path.join(src, 'settings.ts'), `import type { PermissionMode } from '@anthropic-ai/claude-agent-sdk';

export class AgentSettings {
  mode: PermissionMode = '${modes[(n + 1) % modes.length]}';
  maxTurns = ${5 + (n % 7)};
}
`);
  writeFileSync(path.join(src, 'agent.ts'), `import { query } from '@anthropic-ai/claude-agent-sdk';
import { baseOptions } from './options';
import { guard } from './hooks';
import { AgentSettings } from './settings';

export async function runAgent(prompt: string, mode: 'default' | 'plan' | 'bypassPermissions') {
  const settings = new AgentSettings();
  const answers: string[] = [];
  for await (const message of query({
    prompt,
    options: { ...baseOptions, permissionMode: mode, maxTurns: settings.maxTurns, hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [guard] }] } },
  })) {
    if (message.type === 'result' && message.subtype === 'success') answers.push(message.result);
  }
  return answers;
}

${helpers('score', 30)}`);
  writeFileSync(path.join(src, 'main.ts'), `import { runAgent } from './agent';

export async function main() {
  return runAgent('Tidy the repository', '${n % 3 === 0 ? 'bypassPermissions' : 'plan'}');
}
`);
}

function pythonProject(root, n) {
  const pkg = path.join(root, 'agent_app');
  mkdirSync(pkg, { recursive: true });
  writeFileSync(path.join(pkg, '__init__.py'), '');
  writeFileSync(path.join(pkg, 'config.py'), `ALLOWED_TOOLS = ["Read", "Grep", ${n % 2 === 0 ? '"Bash"' : '"Edit"'}]
PERMISSION_MODE = "${modes[n % modes.length]}"


class Settings:
    max_turns = ${5 + (n % 7)}
    mode = "${modes[(n + 2) % modes.length]}"
`);
  writeFileSync(path.join(pkg, 'hooks.py'), `async def guard(input_data, tool_use_id, context):
    if "rm -rf" in str(input_data.get("tool_input", {}).get("command", "")):
        return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "destructive"}}
    return {}
`);
  writeFileSync(path.join(pkg, 'agent.py'), `from claude_agent_sdk import ClaudeAgentOptions, HookMatcher, query

from .config import ALLOWED_TOOLS, PERMISSION_MODE
from .hooks import guard


def make_options(permission_mode=PERMISSION_MODE):
    return ClaudeAgentOptions(
        allowed_tools=ALLOWED_TOOLS,
        permission_mode=permission_mode,
        hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[guard])]},
    )


async def run(prompt, permission_mode=PERMISSION_MODE):
    return [str(message) async for message in query(prompt=prompt, options=make_options(permission_mode))]


${pyHelpers('score', 30)}
`);
  writeFileSync(path.join(pkg, 'main.py'), `from claude_agent_sdk import ClaudeAgentOptions

from .agent import run
from .config import Settings


def options_for_review():
    settings = Settings()
    return ClaudeAgentOptions(max_turns=settings.max_turns, permission_mode=settings.mode)


async def main():
    return await run("Tidy the repository", permission_mode="${n % 3 === 0 ? 'bypassPermissions' : 'plan'}")
`);
}

const [directory, copiesText] = process.argv.slice(2);
if (!directory || !copiesText) throw new Error('usage: node bench/cross-module.mjs <directory> <copies>');
for (let n = 0; n < Number(copiesText); n++) {
  typeScriptProject(path.join(directory, `copy-${n}`, 'ts-agent'), n);
  pythonProject(path.join(directory, `copy-${n}`, 'py-agent'), n);
}
