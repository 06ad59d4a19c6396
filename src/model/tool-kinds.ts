/**
 * What Claude Code does with a built-in tool when no rule or mode decides.
 * Tools not named here prompt.
 */

/** File edits: approved inside the working directory in `acceptEdits`; held for a prompt in `plan`. */
export const editTools: ReadonlySet<string> = new Set(['Edit', 'Write', 'NotebookEdit', 'MultiEdit']);

/** Shell tools: `acceptEdits` approves filesystem commands in the working directory; `plan` holds shell writes. */
export const shellTools: ReadonlySet<string> = new Set(['Bash', 'Monitor']);

/** Read-only file tools: no prompt for paths inside the working directory. */
export const readOnlyFileTools: ReadonlySet<string> = new Set(['Read', 'Glob', 'Grep', 'LSP']);

/** Tools that never prompt. */
export const noPermissionTools: ReadonlySet<string> = new Set([
  'Agent',
  'Task',
  'TodoWrite',
  'ToolSearch',
  'TaskCreate',
  'TaskGet',
  'TaskList',
  'TaskUpdate',
  'TaskStop',
  'CronCreate',
  'CronDelete',
  'CronList',
]);

/** Tools that ask in every mode: no mode, allow rule or hook approves them. */
export const alwaysAskTools: ReadonlySet<string> = new Set(['AskUserQuestion']);
