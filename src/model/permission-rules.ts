import { settingsRuleRejection, type SettingsList } from './settings-validator.js';

/**
 * Permission rule strings (`Bash(npm test *)`, `mcp__github__get_issue`) as the
 * Claude Code runtime reads them.
 */
export interface PermissionRule {
  tool: string;
  /** Text inside the parentheses; undefined when there are none. */
  specifier?: string;
}

export function parsePermissionRule(text: string): PermissionRule {
  const trimmed = text.trim();
  const open = trimmed.indexOf('(');
  if (open > 0 && trimmed.endsWith(')')) {
    return { tool: trimmed.slice(0, open), specifier: trimmed.slice(open + 1, -1) };
  }
  return { tool: trimmed };
}

/**
 * The rule Claude Code applies for `text`; undefined when a settings file
 * holds it and the rule validator rejects it (it is skipped, so it approves
 * nothing). `allowedTools` entries are flags, never validated: there `Bash()`
 * is the whole Bash.
 */
export function appliedRule(text: string, list: SettingsList, fromSettings: boolean): PermissionRule | undefined {
  return fromSettings && settingsRuleRejection(text, list) ? undefined : parsePermissionRule(text);
}

/**
 * The rule names one tool the CLI can match. `''`, `'  '`, `'Bash('`,
 * `'(Bash)'` and wildcard names (`*`, `mcp__*`) approve nothing: the CLI
 * drops blank and wildcard pieces and reads a malformed rule as a literal
 * tool name that matches no call. valid-permission-rule reports them.
 */
export function namesATool(rule: PermissionRule): boolean {
  return /^[A-Za-z][\w-]*(?:__\*)?$/.test(rule.tool) && rule.tool !== 'mcp__' && !/^mcp__\*?$/.test(rule.tool);
}

/** Specifiers that match every input of a tool: any command, any path from the root, any domain. */
const matchEverything = new Set(['', '*', ':*', '**', '*:*', '//**', '/**', 'domain:*']);

export function isMcpTool(tool: string): boolean {
  return tool.startsWith('mcp__');
}

/** `mcp__server` or `mcp__server__*`: every tool of one MCP server. */
export function isWholeMcpServer(tool: string): boolean {
  if (!isMcpTool(tool)) return false;
  const rest = tool.slice('mcp__'.length);
  const separator = rest.indexOf('__');
  return separator === -1 || rest.slice(separator + 2) === '*';
}

/** The MCP server a rule names, for messages. */
export function mcpServerOf(tool: string): string {
  return tool.slice('mcp__'.length).split('__')[0] ?? tool;
}

/**
 * True when the rule approves every call of its tool: the bare name, a
 * specifier that matches everything, or a whole MCP server.
 */
export function isWholeToolRule(rule: PermissionRule): boolean {
  if (rule.specifier === undefined) return true;
  return matchEverything.has(rule.specifier.trim());
}

/**
 * Commands that run whatever follows them: a Bash prefix rule that stops at
 * one of these and then has a wildcard admits any command or any code
 * (`node -e`, `python3 -c`, `bash -c`, `find . -exec`, `rg --pre`, `npm exec`,
 * `uv run`, `docker compose exec`, `source <file>`, `ssh localhost`,
 * `git submodule foreach`, `kubectl exec`).
 */
const commandRunners = new Set([
  'npx',
  'npx tsx',
  'npx ts-node',
  'npm',
  'npm exec',
  'pnpm',
  'pnpm dlx',
  'pnpm exec',
  'yarn',
  'yarn dlx',
  'bun',
  'bunx',
  'deno',
  'uv',
  'uvx',
  'bash',
  'bash -c',
  'sh',
  'sh -c',
  'zsh',
  'zsh -c',
  'powershell',
  'pwsh',
  'source',
  'node',
  'node -e',
  'node --eval',
  'tsx',
  'ts-node',
  'python',
  'python3',
  'python -c',
  'python3 -c',
  'ruby',
  'perl',
  'env',
  'xargs',
  'find',
  // `--pre <program>` runs the program on every file searched.
  'rg',
  // Runs any command on a host, the local one included.
  'ssh',
  'sudo',
  'eval',
  'exec',
  'docker exec',
  'docker run',
  'docker compose',
  'devbox run',
  'git',
  // `git submodule foreach <command>`, `git bisect run <command>`, `git rebase --exec <command>`.
  'git submodule',
  'git bisect',
  'git rebase',
  // `kubectl exec <pod> -- <command>`, as `docker exec`.
  'kubectl',
  'kubectl exec',
]);

/** The command runner a Bash pattern opens to any command, if it does; `VAR=value` assignments before it are skipped. */
export function commandRunnerOf(rule: PermissionRule): string | undefined {
  if (rule.tool !== 'Bash' || rule.specifier === undefined) return undefined;
  const pattern = rule.specifier.replace(/:\*$/, ' *');
  const wildcard = pattern.indexOf('*');
  if (wildcard === -1) return undefined;
  const words = pattern.slice(0, wildcard).trim().split(/\s+/);
  while (words.length > 1 && /^[A-Za-z_]\w*=\S*$/.test(words[0]!)) words.shift();
  const prefix = words.join(' ');
  return commandRunners.has(prefix) ? prefix : undefined;
}

/** A scoped rule to propose instead of a whole-tool one. */
export function scopedExample(tool: string): string {
  if (isMcpTool(tool)) return `mcp__${mcpServerOf(tool)}__<tool>`;
  switch (tool) {
    case 'Bash':
      return 'Bash(npm test *)';
    case 'PowerShell':
      return 'PowerShell(Get-ChildItem *)';
    case 'Edit':
    case 'Write':
    case 'MultiEdit':
    case 'NotebookEdit':
      return 'Edit(./src/**)';
    case 'Read':
    case 'Glob':
    case 'Grep':
      return 'Read(./src/**)';
    case 'WebFetch':
      return 'WebFetch(domain:example.com)';
    default:
      return `${tool}(<specifier>)`;
  }
}
