/**
 * The tool names Claude Code knows, for rules that check a
 * name is spelt as the runtime spells it.
 */

/** `BUILTIN_TOOL_NAMES` of the TypeScript SDK 0.3.332. */
export const builtinToolNames: readonly string[] = [
  'Agent', 'Artifact', 'AskUserQuestion', 'Bash', 'ClaudeDesign', 'CronCreate', 'CronDelete', 'CronList', 'Edit',
  'EndConversation', 'EnterPlanMode', 'EnterWorktree', 'ExitPlanMode', 'ExitWorktree', 'Glob', 'Grep', 'ListAgents',
  'ListMcpResourcesTool', 'LSP', 'Monitor', 'NotebookEdit', 'OfferChromeSetup', 'PowerShell', 'Projects', 'propose_skills',
  'PushNotification', 'Read', 'ReadMcpResourceDirTool', 'ReadMcpResourceTool', 'ReadNotifications', 'RemoteTrigger',
  'ReportFindings', 'ScheduleWakeup', 'SendFeedback', 'SendMessage', 'SendUserFile', 'SendUserMessage', 'SetGoal',
  'ShareOnboardingGuide', 'ShowOnboardingRolePicker', 'Skill', 'SubagentHandback', 'TaskCreate', 'TaskGet', 'TaskList',
  'TaskStop', 'TaskUpdate', 'TodoWrite', 'ToolSearch', 'WaitForMcpServers', 'WebFetch', 'WebSearch', 'Workflow', 'Write',
];

/** `LEGACY_TOOL_NAME_ALIASES`: old names rules may still use; the runtime maps them to the new ones. */
export const legacyToolAliases: Readonly<Record<string, string>> = {
  Task: 'Agent',
  KillShell: 'TaskStop',
  KillBash: 'TaskStop',
  ListPeers: 'ListAgents',
  Brief: 'SendUserMessage',
  ListMcpResources: 'ListMcpResourcesTool',
  ReadMcpResource: 'ReadMcpResourceTool',
  ReadMcpResourceDir: 'ReadMcpResourceDirTool',
  ProposeGoal: 'SetGoal',
};

/**
 * Tools of older Claude Code versions that the rule validator still names
 * (its file-pattern tools and the `MultiEdit` warning in sdk.mjs).
 */
const validatorOnlyToolNames: readonly string[] = ['MultiEdit', 'NotebookRead', 'Cd'];

/** Tools of older versions that nothing in the current SDK names, but long-lived configurations still list. */
const retiredToolNames: readonly string[] = ['LS', 'TodoRead', 'BashOutput', 'SlashCommand'];

/**
 * A tool of an older Claude Code version that the current SDK does not name
 * at all (`TodoRead`, `LS`): an allow rule for it approves no call, so it
 * neither shadows a callback nor exposes a side effect. Both kinds of old
 * names are accepted as written and never proposed as a correction.
 */
export function isRetiredToolName(name: string): boolean {
  return retiredToolNames.includes(name);
}

/** Names proposed as corrections: current tools and their legacy aliases. */
const proposable = [...builtinToolNames, ...Object.keys(legacyToolAliases)];
const accepted = new Set([...proposable, ...validatorOnlyToolNames, ...retiredToolNames]);

/** What a tool name is to the runtime: a tool, the wrong case of one, close to some, or none. */
export type ToolNameCheck =
  | { kind: 'known' }
  | { kind: 'wrongCase'; known: string }
  | { kind: 'misspelt'; candidates: string[] }
  | { kind: 'unknown' };

/**
 * Check a built-in tool name (not an MCP name). `extra` names more tools to
 * accept, such as one newer than this list. A misspelling is a name within
 * edit distance 2 of a tool (1 for names of up to five letters, so `Shell`
 * does not become `Skill`): `Edt` → `Edit`, `WebFecth` → `WebFetch`.
 */
export function checkToolName(name: string, extra: readonly string[] = []): ToolNameCheck {
  if (isKnownToolName(name, extra)) return { kind: 'known' };
  const lower = name.toLowerCase();
  const sameLetters = proposable.find((known) => known.toLowerCase() === lower);
  if (sameLetters) return { kind: 'wrongCase', known: sameLetters };
  const candidates = builtinToolNames.filter((known) => {
    if (Math.abs(known.length - name.length) > 2) return false;
    return editDistance(lower, known.toLowerCase()) <= (name.length <= 5 ? 1 : 2);
  });
  return candidates.length > 0 ? { kind: 'misspelt', candidates } : { kind: 'unknown' };
}

/** True for a name Claude Code knows, as written. */
export function isKnownToolName(name: string, extra: readonly string[] = []): boolean {
  return accepted.has(name) || extra.includes(name);
}

/** Every name a hook matcher can be tested against. */
export function knownToolNames(extra: readonly string[] = []): string[] {
  return [...accepted, ...extra];
}

/** Edits (insert, delete, substitute, swap two neighbours) that turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}
