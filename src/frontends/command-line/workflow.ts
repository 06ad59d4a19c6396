import { isMap, isScalar, isSeq, parseDocument, Scalar, type Node as YamlNode } from 'yaml';
import type { SyntaxError } from '../contract.js';
import { flagMeaning, optionsFromFlags, splitRules, type FlagUse } from '../../model/cli-flags.js';
import { single } from '../../model/build.js';
import type { AgentConfiguration, Span, Value } from '../../model/types.js';
import { flagUses, shellConfigurations } from './invocations.js';
import { claudeActions } from './paths.js';
import { shellCommands, unknownChar } from './shell-words.js';

/**
 * Events whose input anyone who can open an issue, a pull request or a
 * comment writes, while the workflow runs with the repository's secrets
 * (`pull_request_target` runs in the base repository's context, the others
 * on the default branch). A plain `pull_request` from a fork gets no
 * secrets, so Claude Code cannot authenticate there; it is not counted.
 */
const untrustedTriggers = new Set(['pull_request_target', 'issue_comment', 'issues', 'pull_request_review', 'pull_request_review_comment', 'discussion', 'discussion_comment']);

/**
 * The Claude Code runs of a GitHub workflow: `claude` commands in its `run:`
 * steps, and steps that use the Claude Code Action, whose `claude_args`
 * input holds CLI flags and whose older `allowed_tools` / `disallowed_tools`
 * inputs are lists passed as `--allowedTools` / `--disallowedTools`. GitHub
 * replaces `${{ ... }}` before the shell or the action sees the text, so an
 * expression is unknown. A workflow that is not valid YAML is a syntax
 * error (it reached here naming Claude Code with a permission flag).
 */
export function workflowConfigurations(text: string): { configurations: AgentConfiguration[]; syntaxErrors: SyntaxError[] } {
  const document = parseDocument(text, { uniqueKeys: false, prettyErrors: false });
  if (document.errors.length > 0) {
    const syntaxErrors = document.errors.map((error) => ({
      span: { start: error.pos[0], end: Math.max(error.pos[1], error.pos[0] + 1) },
      message: `the workflow is not valid YAML (${error.code}), so the Claude Code steps in it cannot be checked.`,
    }));
    return { configurations: [], syntaxErrors };
  }
  const root = document.contents;
  if (!isMap(root)) return { configurations: [], syntaxErrors: [] };
  const untrusted = untrustedTrigger(root.get('on', true) as YamlNode | undefined ?? (root.get(true, true) as YamlNode | undefined));
  const configurations: AgentConfiguration[] = [];
  const jobs = root.get('jobs', true);
  for (const job of isMap(jobs) ? jobs.items : []) {
    const steps = isMap(job.value) ? job.value.get('steps', true) : undefined;
    for (const step of isSeq(steps) ? steps.items : []) {
      if (!isMap(step)) continue;
      const run = step.get('run', true);
      if (isScalar(run) && typeof run.value === 'string') {
        const { value, offsetOf } = scalarText(run, text, keySpanOf(step, 'run'));
        configurations.push(...shellConfigurations(value, offsetOf, { expressions: true }));
      }
      const uses = step.get('uses', true);
      if (isScalar(uses) && typeof uses.value === 'string' && claudeActions.some((action) => (uses.value as string).startsWith(`${action}@`))) {
        const inputs = step.get('with', true);
        const found = actionConfiguration(isMap(inputs) ? inputs : undefined, uses, text);
        if (found) configurations.push(found);
      }
    }
  }
  return { configurations: untrusted ? configurations.map((config) => ({ ...config, untrustedInput: untrusted })) : configurations, syntaxErrors: [] };
}

/** The first untrusted event among `on:` as a name, a list or a map of events. */
function untrustedTrigger(on: YamlNode | undefined): AgentConfiguration['untrustedInput'] {
  const names = isScalar(on) ? [on] : isSeq(on) ? on.items : isMap(on) ? on.items.map((pair) => pair.key) : [];
  for (const name of names) {
    if (isScalar(name) && typeof name.value === 'string' && untrustedTriggers.has(name.value)) {
      return { trigger: name.value, span: { start: name.range![0], end: name.range![1] } };
    }
  }
  return undefined;
}

/** The flags a Claude Code Action step passes: `claude_args`, then the list inputs. */
function actionConfiguration(inputs: { get(key: string, keep: true): unknown } | undefined, uses: Scalar, text: string): AgentConfiguration | undefined {
  const span: Span = { start: uses.range![0], end: uses.range![1] };
  const flags: FlagUse[] = [];
  const args = inputs?.get('claude_args', true);
  if (isScalar(args) && typeof args.value === 'string') {
    const { value, offsetOf } = scalarText(args, text, keySpanOf(inputs, 'claude_args'));
    // The action splits the input into words as a shell does; they are all arguments of `claude`.
    flags.push(...flagUses(shellCommands(value.replace(/\n/g, ' '), offsetOf, { expressions: true }).flat()));
  }
  for (const [input, flag] of [['allowed_tools', 'allowedTools'], ['disallowed_tools', 'disallowedTools']] as const) {
    const node = inputs?.get(input, true);
    if (!isScalar(node) || typeof node.value !== 'string') continue;
    const { value, offsetOf } = scalarText(node, text, keySpanOf(inputs, input));
    const masked = value.replace(/\$\{\{[\s\S]*?\}\}/g, (expression) => unknownChar.repeat(expression.length));
    const values = splitRules(masked).map(({ rule, offset }): Value => {
      const at = { start: offsetOf(offset), end: offsetOf(offset + rule.length - 1) + 1 };
      return rule.includes(unknownChar) ? { kind: 'unknown', span: at } : { kind: 'string', value: rule, span: at };
    });
    const key = (node as Scalar & { range: [number, number, number] }).range;
    flags.push({ written: input, meaning: flagMeaning(flag)!, span: keySpanOf(inputs, input) ?? { start: key[0], end: key[1] }, values });
  }
  return { span, entry: 'claude-code-action', options: single(optionsFromFlags(flags, span)) };
}

/** Where an input's key is written. */
function keySpanOf(inputs: unknown, input: string): Span | undefined {
  if (!isMap(inputs)) return undefined;
  const pair = inputs.items.find((item) => isScalar(item.key) && item.key.value === input);
  const range = isScalar(pair?.key) ? pair.key.range : undefined;
  return range ? { start: range[0], end: range[1] } : undefined;
}

/**
 * A scalar's value, and where each of its characters is written. YAML's
 * plain, single-quoted and block scalars change only blanks and line breaks
 * (folding, indentation, chomping), so when the value's other characters
 * are those of the source in order, each is placed at its own source
 * character and a blank just after the one before it. Otherwise (an escape
 * in a double-quoted scalar, `''` in a single-quoted one) every character is
 * placed at `fallback`, the input's key.
 */
function scalarText(node: Scalar, text: string, fallback?: Span): { value: string; offsetOf: (index: number) => number } {
  const value = node.value as string;
  const [start, end] = node.range!;
  const whole = { value, offsetOf: () => fallback?.start ?? start };
  const block = node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED';
  const quoted = node.type === 'QUOTE_SINGLE' || node.type === 'QUOTE_DOUBLE';
  // A block scalar's content starts after its header line (`|`, `>-`, perhaps with a comment).
  const from = block ? text.indexOf('\n', start) + 1 : quoted ? start + 1 : start;
  const to = quoted ? end - 1 : end;
  if (block && from === 0) return whole;
  const offsets: number[] = [];
  let source = from;
  for (let index = 0; index < value.length; index++) {
    if (/\s/.test(value[index]!)) {
      offsets.push(offsets.length === 0 ? from : offsets.at(-1)! + 1);
      continue;
    }
    while (source < to && /\s/.test(text[source]!)) source++;
    if (source >= to || text[source] !== value[index]) return whole;
    offsets.push(source++);
  }
  while (source < to && /\s/.test(text[source]!)) source++;
  if (source < to) return whole;
  return { value, offsetOf: (index) => offsets[index] ?? start };
}
