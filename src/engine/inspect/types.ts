import type { SettingsTier, Span } from '../../model/types.js';

/**
 * Where a step sits in the SDK's evaluation order:
 * `tools` (the `tools` list and whole-tool deny rules take a tool away before
 * anything runs), `hook` (PreToolUse hooks), `deny`, `ask`, `default` (what
 * the tool does with no rule: read-only tools need no permission), `mode`,
 * `allow`, and `prompt`: whoever answers a call that would prompt
 * (`canUseTool`, `permissionPromptToolName`, or nobody).
 */
export type Stage = 'tools' | 'hook' | 'deny' | 'ask' | 'default' | 'mode' | 'allow' | 'prompt';

/**
 * What a step does to the calls it covers. `prompt`: sends them to the
 * prompt (canUseTool); `decide`: approves some and denies others (a hook
 * that can do both, the auto-mode classifier); `unknown`: a value computed at
 * run time may decide; `none`: shown for the reader, decides nothing (a rule
 * Claude Code ignores).
 */
export type Effect = 'approve' | 'deny' | 'prompt' | 'decide' | 'unknown' | 'none';

export interface Step {
  stage: Stage;
  effect: Effect;
  /** `some`: only some of the calls that get here (a scoped rule, a hook that can deny). */
  calls: 'all' | 'some';
  /** `can be`: the value is one of several (a ternary, an `if` assignment), or an entry on some paths only. */
  certainty: 'is' | 'can be';
  /** The option as written: `allowedTools`, `permissions.allow`, `permissionMode`, `hooks.PreToolUse`, `canUseTool`. */
  option: string;
  /** The deciding value as text: `Bash(npm test *)`, `bypassPermissions`, a hook's name; empty when there is none. */
  value: string;
  /** Why, where the effect needs words: `can deny`, `edits inside the working directory`. */
  note?: string;
  /** The deciding value in the source; absent for what the SDK does on its own. */
  span?: Span;
  /** The step in words, e.g. `approved by allow rule Bash`. */
  text: string;
}

/**
 * Who decides a tool's calls. `some`: different calls are decided by
 * different steps; `can be`: the answer depends on a value with several
 * alternatives; `unknown`: on a value computed at run time.
 */
export type DecisionKind = 'approved' | 'denied' | 'reaches canUseTool' | 'prompts' | 'some' | 'can be' | 'unknown';

export interface Decision {
  kind: DecisionKind;
  /** The whole chain in words: `some calls approved by allow rule Bash(npm test *); the rest reach canUseTool`. */
  summary: string;
  /** The first deciding value, as `option 'value'`. */
  by: string;
  span?: Span;
}

export interface ToolDecision {
  /** A tool name (`Bash`, `mcp__github__get_issue`), or `mcp__<server>` for every tool of one MCP server. */
  tool: string;
  decision: Decision;
  /** Every step that decides something about the tool, in evaluation order; the last one decides the rest. */
  steps: Step[];
}

export interface InspectedConfiguration {
  entry: string;
  tier?: SettingsTier;
  span: Span;
  /** Sorted by tool name. */
  tools: ToolDecision[];
}
