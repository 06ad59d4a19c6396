import { describe, expect, it } from 'vitest';
import { analyseText, prepareFor } from '../../src/engine/analyse.js';

// A file goes to the project pass for its callers only when a configuration's
// value reads a parameter that another module's call may fill. A gate's
// parameters are what the SDK passes: reading them for the facts of the
// function leaves the file's model as its first pass built it.
const cases = [
  {
    language: 'TypeScript',
    path: '/project/agent.ts',
    gate: [
      "import { query, type CanUseTool } from '@anthropic-ai/claude-agent-sdk';",
      'const review: CanUseTool = async (toolName, input) =>',
      "  toolName === 'Bash' ? { behavior: 'deny', message: 'no shell here' } : { behavior: 'allow', updatedInput: input };",
      'export async function run(prompt: string) {',
      "  for await (const message of query({ prompt, options: { canUseTool: review } })) {",
      "    if (message.type === 'result') return message;",
      '  }',
      '}',
    ],
    wrapper: ["import { query } from '@anthropic-ai/claude-agent-sdk';", "export function run(mode) { return query({ prompt: 'x', options: { permissionMode: mode } }); }"],
  },
  {
    language: 'Python',
    path: '/project/agent.py',
    gate: [
      'from claude_agent_sdk import ClaudeAgentOptions, HookMatcher, query',
      '',
      '',
      'async def guard(input_data, tool_use_id, context):',
      '    if "rm -rf" in str(input_data.get("tool_input", {}).get("command", "")):',
      '        return {"decision": "block", "reason": "no shell"}',
      '    return {}',
      '',
      '',
      'query(prompt="x", options=ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[guard])]}))',
    ],
    wrapper: ['from claude_agent_sdk import ClaudeAgentOptions, query', '', '', 'def run(mode):', '    return query(prompt="x", options=ClaudeAgentOptions(permission_mode=mode))'],
  },
];

describe.each(cases)('which $language files cross modules for their callers', ({ path, gate, wrapper }) => {
  it("a gate whose facts read its own parameters keeps the first pass's model", async () => {
    await prepareFor(path);
    const analysis = analyseText(`${gate.join('\n')}\n`, path, undefined, { deferCrossing: true });
    expect(analysis.crossesModules).toBeFalsy();
    expect(analysis.model?.gates).toHaveLength(1);
  });

  it('options that read a parameter of a function other modules may call are left to the project pass', async () => {
    await prepareFor(path);
    const analysis = analyseText(`${wrapper.join('\n')}\n`, path, undefined, { deferCrossing: true });
    expect(analysis.crossesModules).toBe(true);
    expect(analysis.model).toBeUndefined();
  });
});
