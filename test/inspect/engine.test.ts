import { describe, expect, it } from 'vitest';
import { inspectConfiguration, inspectModel, type InspectedConfiguration } from '../../src/engine/inspect/index.js';
import { extractTypeScript } from '../../src/frontends/typescript/index.js';
import type { AgentConfiguration, AgentModel, ObjectValue, SettingsTier, Value } from '../../src/model/types.js';

const sdk = "import { query, type CanUseTool, type HookCallback } from '@anthropic-ai/claude-agent-sdk';\n";
const review = 'const review: CanUseTool = async (_name, input) => ({ behavior: "allow", updatedInput: input });\n';

function inspectCode(code: string): InspectedConfiguration {
  const { model, syntaxErrors } = extractTypeScript(`${sdk}${review}${code}`, 'agent.ts');
  expect(syntaxErrors).toEqual([]);
  const [only, ...others] = inspectModel(model!);
  expect(others).toEqual([]);
  return only!;
}

/** `tool: kind: summary` for every row. */
function table(inspected: InspectedConfiguration): Record<string, string> {
  return Object.fromEntries(inspected.tools.map(({ tool, decision }) => [tool, `${decision.kind}: ${decision.summary}`]));
}

function decisionOf(code: string, tool: string): string {
  const row = table(inspectCode(code))[tool];
  expect(row, `a row for ${tool}`).toBeDefined();
  return row!;
}

const options = (body: string) => `query({ prompt: 'x', options: { ${body} } });\n`;

describe('the rows of the table', () => {
  it('always shows Bash, Edit, Read, WebFetch and Write, plus every tool and MCP server the configuration names, sorted', () => {
    const inspected = inspectCode(
      options(`
        allowedTools: ['Grep', 'mcp__github__get_issue', 'mcp__linear__*'],
        disallowedTools: ['Bash(*)', '*'],
        mcpServers: { memory: { command: 'memory' } },
        tools: ['Read', 'Bash', 'Skill'],
        hooks: { PreToolUse: [{ matcher: 'NotebookEdit|Monitor', hooks: [] }, { matcher: 'mcp__slack__.*', hooks: [] }] },
        canUseTool: review,`),
    );
    expect(inspected.tools.map((tool) => tool.tool)).toEqual([
      'Bash', 'Edit', 'Grep', 'Monitor', 'NotebookEdit', 'Read', 'Skill', 'WebFetch', 'Write',
      'mcp__github', 'mcp__github__get_issue', 'mcp__linear', 'mcp__memory', 'mcp__slack',
    ]);
  });

  it('keeps the configuration\'s entry and span', () => {
    const inspected = inspectCode(options('canUseTool: review'));
    expect(inspected.entry).toBe('query');
    expect(inspected.span.start).toBeGreaterThan(0);
    expect(inspected.tier).toBeUndefined();
  });
});

describe('the three configurations of the issue', () => {
  it('bypassPermissions with disallowedTools: the mode approves, deny rules still hold', () => {
    expect(
      table(inspectCode(options(`permissionMode: 'bypassPermissions', allowDangerouslySkipPermissions: true, disallowedTools: ['WebFetch', 'Bash(rm *)']`))),
    ).toEqual({
      Bash: "some: some calls denied by deny rule Bash(rm *); the rest approved: permissionMode 'bypassPermissions'",
      Edit: "approved: approved: permissionMode 'bypassPermissions'",
      Read: "approved: some calls approved: reads inside the working directory need no permission; the rest approved: permissionMode 'bypassPermissions'",
      WebFetch: "denied: denied: disallowedTools 'WebFetch'",
      Write: "approved: approved: permissionMode 'bypassPermissions'",
    });
  });

  it('canUseTool with a bare allowedTools entry: the entry approves the whole tool before the callback', () => {
    expect(table(inspectCode(options(`allowedTools: ['Bash'], canUseTool: review`)))).toEqual({
      Bash: 'approved: approved by allow rule Bash',
      Edit: 'reaches canUseTool: reaches canUseTool',
      Read: 'some: some calls approved: reads inside the working directory need no permission; the rest reach canUseTool',
      WebFetch: 'reaches canUseTool: reaches canUseTool',
      Write: 'reaches canUseTool: reaches canUseTool',
    });
  });

  it('dontAsk with scoped allow rules: what they do not approve is denied', () => {
    expect(table(inspectCode(options(`permissionMode: 'dontAsk', allowedTools: ['Bash(npm test *)', 'Edit(./src/**)']`)))).toEqual({
      Bash: "some: some calls approved by allow rule Bash(npm test *); the rest denied unless pre-approved: permissionMode 'dontAsk'",
      Edit: "some: some calls approved by allow rule Edit(./src/**); the rest denied unless pre-approved: permissionMode 'dontAsk'",
      Read: "some: some calls approved: reads inside the working directory need no permission; the rest denied unless pre-approved: permissionMode 'dontAsk'",
      WebFetch: "denied: denied unless pre-approved: permissionMode 'dontAsk'",
      Write: "some: some calls approved by allow rule Edit(./src/**); the rest denied unless pre-approved: permissionMode 'dontAsk'",
    });
  });
});

describe('PreToolUse hooks', () => {
  const hooks = `
const approve: HookCallback = async () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } });
const block: HookCallback = async () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no' } });
const ask: HookCallback = async () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask' } });
const log: HookCallback = async () => ({});
async function policyAllows(input: unknown): Promise<boolean> { return fetch(String(input)).then((r) => r.ok); }
const guard: HookCallback = async (input) => {
  if (!(await policyAllows(input))) return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'policy' } };
  return {};
};
`;

  it('a hook that allows on every path approves before the mode, allow rules and canUseTool', () => {
    expect(decisionOf(`${hooks}${options(`hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [approve] }] }, canUseTool: review`)}`, 'Bash')).toBe(
      "approved: approved by PreToolUse hook 'approve' (allows on every path)",
    );
  });

  it('deny rules still apply after a hook allows', () => {
    expect(
      decisionOf(`${hooks}${options(`hooks: { PreToolUse: [{ hooks: [approve] }] }, disallowedTools: ['Bash(rm *)'], canUseTool: review`)}`, 'Bash'),
    ).toBe("some: some calls denied by deny rule Bash(rm *); the rest approved by PreToolUse hook 'approve' (allows on every path)");
  });

  it('a hook that can deny checks first, and says when a throw lets the call through', () => {
    expect(decisionOf(`${hooks}${options(`hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [guard] }] }, canUseTool: review`)}`, 'Bash')).toBe(
      "some: checked by PreToolUse hook 'guard' (can deny; a throw lets the call through), then reaches canUseTool",
    );
    expect(
      decisionOf(`${hooks}${options(`hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [guard], onFailure: 'block' }] }, canUseTool: review`)}`, 'Bash'),
    ).toBe("some: checked by PreToolUse hook 'guard' (can deny), then reaches canUseTool");
  });

  it('a hook that denies on every path decides, even in bypassPermissions', () => {
    expect(decisionOf(`${hooks}${options(`permissionMode: 'bypassPermissions', hooks: { PreToolUse: [{ matcher: '*', hooks: [block] }] }`)}`, 'Edit')).toBe(
      "denied: denied by PreToolUse hook 'block' (denies on every path)",
    );
  });

  it('a hook that asks sends the call to canUseTool', () => {
    expect(decisionOf(`${hooks}${options(`allowedTools: ['Bash'], hooks: { PreToolUse: [{ hooks: [ask] }] }, canUseTool: review`)}`, 'Bash')).toBe(
      "reaches canUseTool: asked by PreToolUse hook 'ask' (asks on every path), then reaches canUseTool",
    );
  });

  it('a hook with no decision and a hook whose matcher misses the tool do not appear', () => {
    expect(
      decisionOf(`${hooks}${options(`hooks: { PreToolUse: [{ hooks: [log] }, { matcher: 'Write', hooks: [block] }] }, canUseTool: review`)}`, 'Bash'),
    ).toBe('reaches canUseTool: reaches canUseTool');
  });

  it('a regular-expression matcher covers the tools it matches: Edit.* also hits NotebookEdit', () => {
    const inspected = inspectCode(`${hooks}${options(`hooks: { PreToolUse: [{ matcher: 'Edit.*', hooks: [block] }] }, allowedTools: ['NotebookEdit'], canUseTool: review`)}`);
    expect(table(inspected).NotebookEdit).toBe("denied: denied by PreToolUse hook 'block' (denies on every path)");
    expect(table(inspected).Write).toBe('reaches canUseTool: reaches canUseTool');
  });

  it('a hook whose code is not visible is unknown', () => {
    const code = `import { imported } from './hooks.js';\n${options(`hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [imported] }] }, canUseTool: review`)}`;
    expect(decisionOf(code, 'Bash')).toBe('unknown: unknown: PreToolUse hook (its code is not visible here); otherwise reaches canUseTool');
  });

  it('a hook list computed at run time is unknown for every tool', () => {
    const code = `import { policyHooks } from './hooks.js';\n${options(`hooks: { PreToolUse: policyHooks }, canUseTool: review`)}`;
    expect(decisionOf(code, 'Write')).toBe('unknown: unknown: PreToolUse hook (the hook list is computed at run time); otherwise reaches canUseTool');
  });
});

describe('permission modes', () => {
  it('acceptEdits approves edits and filesystem commands inside the working directory; the rest reach canUseTool', () => {
    const rows = table(inspectCode(options(`permissionMode: 'acceptEdits', canUseTool: review`)));
    expect(rows.Edit).toBe("some: edits inside the working directory approved: permissionMode 'acceptEdits'; the rest reach canUseTool");
    expect(rows.Bash).toBe(
      "some: filesystem commands (mkdir, touch, rm, rmdir, mv, cp, sed) inside the working directory approved: permissionMode 'acceptEdits'; the rest reach canUseTool",
    );
    expect(rows.WebFetch).toBe('reaches canUseTool: reaches canUseTool');
  });

  it('plan sends edits to canUseTool even when an allow rule matches', () => {
    expect(decisionOf(options(`permissionMode: 'plan', allowedTools: ['Edit'], canUseTool: review`), 'Edit')).toBe(
      "reaches canUseTool: asked: permissionMode 'plan' (edits skip allow rules), then reaches canUseTool",
    );
  });

  it('auto lets the classifier decide most calls', () => {
    expect(decisionOf(options(`permissionMode: 'auto', canUseTool: review`), 'WebFetch')).toBe(
      "some: some calls decided by the auto-mode classifier: permissionMode 'auto'; the rest reach canUseTool",
    );
  });

  it('a ternary mode "can be" each of its values', () => {
    const inspected = inspectCode(`declare const trusted: boolean;\n${options(`permissionMode: trusted ? 'bypassPermissions' : 'default', canUseTool: review`)}`);
    const bash = inspected.tools.find((tool) => tool.tool === 'Bash')!;
    expect(bash.decision).toMatchObject({
      kind: 'can be',
      summary: "permissionMode can be 'bypassPermissions': approved; otherwise reaches canUseTool",
      by: "permissionMode 'bypassPermissions'",
    });
    expect(bash.steps.map((step) => [step.stage, step.effect, step.certainty])).toEqual([
      ['mode', 'approve', 'can be'],
      ['prompt', 'prompt', 'is'],
    ]);
  });

  it('a mode computed at run time is unknown, never guessed', () => {
    const inspected = inspectCode(options(`permissionMode: process.env.MODE as never, disallowedTools: ['WebFetch'], canUseTool: review`));
    expect(table(inspected).Bash).toBe('unknown: unknown: permissionMode is computed at run time; otherwise reaches canUseTool');
    // A decision made before the mode does not depend on it.
    expect(table(inspected).WebFetch).toBe("denied: denied: disallowedTools 'WebFetch'");
    const bash = inspected.tools.find((tool) => tool.tool === 'Bash')!;
    expect(bash.decision.by).toBe('permissionMode');
    expect(bash.decision.span).toBeDefined();
  });
});

describe('rule lists and options', () => {
  it('an allow entry on some paths only "can" approve', () => {
    const code = `declare const strict: boolean;\n${options(`allowedTools: strict ? [] : ['Bash'], canUseTool: review`)}`;
    expect(decisionOf(code, 'Bash')).toBe("can be: allowedTools can include 'Bash': approved; otherwise reaches canUseTool");
  });

  it('an allow list computed at run time is unknown', () => {
    const code = `declare function loadTools(): string[];\n${options(`allowedTools: loadTools(), canUseTool: review`)}`;
    expect(decisionOf(code, 'Bash')).toBe('unknown: unknown: allowedTools is computed at run time; otherwise reaches canUseTool');
  });

  it('options spread from a value it cannot see are unknown, said once', () => {
    const code = `import { base } from './base.js';\n${options(`...base, allowedTools: ['Bash'], canUseTool: review`)}`;
    const rows = table(inspectCode(code));
    expect(rows.Bash).toBe('unknown: unknown: the options spread a value computed at run time; otherwise approved by allow rule Bash');
    expect(rows.Edit).toBe('unknown: unknown: the options spread a value computed at run time; otherwise reaches canUseTool');
  });

  it('options computed at run time are unknown', () => {
    const code = `declare function makeOptions(): never;\nquery({ prompt: 'x', options: makeOptions() });\n`;
    expect(decisionOf(code, 'Bash')).toBe('unknown: unknown: the options are computed at run time; otherwise prompts, but no canUseTool answers it');
  });

  it('a Write rule with a specifier is shown as ignored: Claude Code never consults it', () => {
    expect(decisionOf(options(`allowedTools: ['Write(./out/**)'], canUseTool: review`), 'Write')).toBe(
      'reaches canUseTool: ignored: allow rule Write(./out/**) (Claude Code never consults Write rules with a specifier); reaches canUseTool',
    );
  });

  it('the tools option takes away the built-in tools it does not list', () => {
    const rows = table(inspectCode(options(`tools: ['Read'], canUseTool: review`)));
    expect(rows.Bash).toBe('denied: denied: tools does not list it');
    expect(rows.Read).toBe('some: some calls approved: reads inside the working directory need no permission; the rest reach canUseTool');
  });

  it("skills: 'all' approves Skill", () => {
    const inspected = inspectCode(options(`skills: 'all', canUseTool: review`));
    expect(table(inspected).Skill).toBe("approved: approved by skills 'all'");
    expect(inspected.tools.find((tool) => tool.tool === 'Skill')!.decision.by).toBe("skills 'all'");
  });

  it('rules written inline in the settings option count', () => {
    expect(decisionOf(options(`settings: { permissions: { deny: ['Bash'] } }, canUseTool: review`), 'Bash')).toBe(
      "denied: denied: settings.permissions.deny 'Bash'",
    );
  });

  it("permissionPrompts: 'none' denies what would prompt, so canUseTool is never called", () => {
    expect(decisionOf(options(`permissionPrompts: 'none', canUseTool: review`), 'Edit')).toBe(
      "denied: denied: permissionPrompts 'none' (nothing may prompt)",
    );
  });

  it('without canUseTool, calls prompt with nobody to answer, unless a prompt tool is named', () => {
    expect(decisionOf(options(`model: 'x'`), 'Edit')).toBe('prompts: prompts, but no canUseTool answers it');
    expect(decisionOf(options(`permissionPromptToolName: 'mcp__approvals__ask'`), 'Edit')).toBe(
      "prompts: prompts: answered by permissionPromptToolName 'mcp__approvals__ask'",
    );
  });

  it('a canUseTool that can be unset "can" reach it', () => {
    const code = `declare const interactive: boolean;\n${options(`canUseTool: interactive ? review : undefined`)}`;
    expect(decisionOf(code, 'Edit')).toBe("can be: canUseTool can be 'review': reaches canUseTool; otherwise prompts, but no canUseTool answers it");
  });

  it('AskUserQuestion asks in every mode', () => {
    expect(decisionOf(options(`permissionMode: 'bypassPermissions', allowedTools: ['AskUserQuestion'], canUseTool: review`), 'AskUserQuestion')).toBe(
      'reaches canUseTool: asked: AskUserQuestion asks in every mode, then reaches canUseTool',
    );
  });

  it('MCP servers: a whole-server allow, a denied tool of it, and a hook on another server', () => {
    const code = `
const audit: HookCallback = async (input) => {
  if ((input as { tool_name?: string }).tool_name === 'mcp__memory__delete') return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' } };
  return {};
};
${options(`
  mcpServers: { github: { type: 'http', url: 'https://example.com/mcp' }, memory: { command: 'memory' } },
  allowedTools: ['mcp__github'],
  disallowedTools: ['mcp__github__delete_repo'],
  hooks: { PreToolUse: [{ matcher: 'mcp__memory__.*', hooks: [audit], onFailure: 'block' }] },
  canUseTool: review,`)}`;
    const rows = table(inspectCode(code));
    expect(rows.mcp__github).toBe('some: some calls denied by deny rule mcp__github__delete_repo; the rest approved by allow rule mcp__github');
    expect(rows.mcp__github__delete_repo).toBe("denied: denied: disallowedTools 'mcp__github__delete_repo'");
    expect(rows.mcp__memory).toBe("some: checked by PreToolUse hook 'audit' (can deny), then reaches canUseTool");
  });
});

describe('settings-file configurations', () => {
  let offset = 0;
  const span = () => ({ start: offset, end: (offset += 5) });
  const string = (value: string): Value => ({ kind: 'string', value, span: span() });
  const list = (...values: string[]): Value => ({ kind: 'array', span: span(), complete: true, elements: values.map((value) => ({ alternatives: [string(value)] })) });

  /** A settings file as the settings front end hands it over: `permissions.*` under the SDK's option names. */
  function settings(tier: SettingsTier, permissions: Record<string, Value>): { config: AgentConfiguration; model: AgentModel } {
    const spelling: Record<string, string> = { allowedTools: 'allow', disallowedTools: 'deny', askTools: 'ask', permissionMode: 'defaultMode' };
    const options: ObjectValue = { kind: 'object', span: span(), complete: true, properties: new Map() };
    for (const [key, value] of Object.entries(permissions)) {
      options.properties.set(key, { key, spelling: `permissions.${spelling[key]}`, keySpan: span(), value: { alternatives: [value] } });
    }
    const config: AgentConfiguration = { span: span(), entry: 'settings', tier, options: { alternatives: [options] } };
    return { config, model: { path: '.claude/settings.json', language: 'settings', configurations: [config], functions: [], gates: [] } };
  }

  it('reads askTools: an ask rule prompts even in bypassPermissions', () => {
    const { config, model } = settings('local', { askTools: list('Bash(git push *)', 'WebFetch'), permissionMode: string('bypassPermissions') });
    const inspected = inspectConfiguration(config, model);
    expect(inspected).toMatchObject({ entry: 'settings', tier: 'local' });
    expect(table(inspected)).toMatchObject({
      Bash: "some: some calls asked by ask rule Bash(git push *); the rest approved: permissions.defaultMode 'bypassPermissions'",
      WebFetch: 'prompts: asked by ask rule WebFetch, then prompts (the user answers, or canUseTool in an SDK run)',
    });
  });

  it('shows a mode that project settings cannot turn on as ignored', () => {
    const { config, model } = settings('project', { permissionMode: string('bypassPermissions'), allowedTools: list('Bash') });
    expect(table(inspectConfiguration(config, model))).toMatchObject({
      Bash: "approved: ignored: permissions.defaultMode 'bypassPermissions' (project settings cannot turn it on); approved by allow rule Bash",
      Edit: "prompts: ignored: permissions.defaultMode 'bypassPermissions' (project settings cannot turn it on); prompts (the user answers, or canUseTool in an SDK run)",
    });
  });

  it('a managed deny rule removes the tool', () => {
    const { config, model } = settings('managed', { disallowedTools: list('Bash') });
    expect(table(inspectConfiguration(config, model)).Bash).toBe("denied: denied: permissions.deny 'Bash'");
  });
});
