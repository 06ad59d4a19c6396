import type { Decision, DecisionKind, Step } from './types.js';

type StepFields = Omit<Step, 'text'>;

/** A step with its words. */
export function step(fields: StepFields): Step {
  return { ...fields, text: describeStep(fields) };
}

/**
 * One step in words, e.g. `some calls approved by allow rule Bash(npm test *)`;
 * a value on some paths only says so first: `permissionMode can be
 * 'bypassPermissions': approved`.
 */
export function describeStep(step: StepFields): string {
  if (step.effect === 'unknown') return unknownText(step);
  if (step.certainty === 'is') return plainText(step);
  // A rule a gate writes says when it starts to approve.
  const modeNote = (step.stage === 'mode' && step.effect === 'prompt') || (step.stage === 'allow' && step.effect === 'approve') ? noteOf(step) : '';
  return `${canBeSubject(step)}: ${outcomeText(step)}${modeNote}`;
}

function unknownText(step: StepFields): string {
  if (step.stage === 'hook') return `unknown: ${hookName(step)}${noteOf(step)}`;
  return `unknown: ${step.note ?? `${step.option} is computed at run time`}`;
}

function plainText(step: StepFields): string {
  const named = `${step.option} ${quote(step.value)}`;
  switch (step.stage) {
    case 'tools':
      return `denied: ${step.option} does not list it`;
    case 'deny':
      if (step.effect === 'deny' && step.calls === 'all') return `denied: ${named}`;
      return `${outcomeText(step)} by ${ruleName(step)}`;
    case 'ask':
    case 'allow':
      if (step.effect === 'none') return `ignored: ${ruleName(step)}${noteOf(step)}`;
      return `${outcomeText(step)} by ${ruleName(step)}`;
    case 'hook':
      return hookText(step);
    case 'default':
      return `${outcomeText(step)}: ${step.note}`;
    case 'mode':
      if (step.effect === 'none') return `ignored: ${named}${noteOf(step)}`;
      return `${outcomeText(step)}: ${named}${step.effect === 'prompt' ? noteOf(step) : ''}`;
    case 'prompt':
      if (step.effect === 'deny') return `denied: ${named} (nothing may prompt)`;
      if (isCanUseTool(step)) return 'reaches canUseTool';
      if (step.value) return `prompts: answered by ${named}`;
      if (step.option === 'no canUseTool') return 'prompts, but no canUseTool answers it';
      return `prompts${noteOf(step)}`;
  }
}

/** What happens to the calls, without saying who: `some calls approved`, `denied unless pre-approved`. */
function outcomeText(step: StepFields): string {
  const some = step.calls === 'some' ? 'some calls ' : '';
  switch (step.effect) {
    case 'approve':
      return step.stage === 'mode' && step.note ? `${step.note} approved` : `${some}approved`;
    case 'deny':
      if (step.stage === 'mode') return 'denied unless pre-approved';
      return step.stage === 'tools' || step.stage === 'prompt' ? 'denied' : `${some}denied`;
    case 'prompt':
      if (step.stage === 'prompt') return isCanUseTool(step) ? 'reaches canUseTool' : 'prompts';
      return `${some}asked`;
    case 'decide':
      return step.stage === 'mode' ? `${some}decided by the auto-mode classifier` : `${some}decided`;
    default:
      return `ignored${noteOf(step)}`;
  }
}

function hookText(step: StepFields): string {
  // A hook that decides the same on every path decides; one that only can is a check.
  const always = step.note?.includes('on every path') ?? false;
  if (!always && step.effect !== 'approve') return `checked by ${hookName(step)}${noteOf(step)}`;
  const some = step.calls === 'some' || !always ? 'some calls ' : '';
  const verb = step.effect === 'approve' ? 'approved' : step.effect === 'deny' ? 'denied' : 'asked';
  return `${some}${verb} by ${hookName(step)}${noteOf(step)}`;
}

/** `permissionMode can be 'plan'`, `allowedTools can include 'Bash'`, `tools can leave it out`. */
function canBeSubject(step: StepFields): string {
  if (step.stage === 'tools') return `${step.option} can leave it out`;
  const value = step.value ? quote(step.value) : step.stage === 'hook' ? 'a hook' : 'set';
  const listed = step.stage === 'deny' || step.stage === 'ask' || step.stage === 'allow' || step.stage === 'hook';
  const subject = `${step.option} can ${listed ? 'include' : 'be'} ${value}`;
  return step.stage === 'hook' ? `${subject}${noteOf(step)}` : subject;
}

function ruleName(step: StepFields): string {
  return step.option === 'skills' ? `skills ${quote(step.value)}` : `${step.stage} rule ${step.value}`;
}

function hookName(step: StepFields): string {
  const event = step.option.endsWith('.PermissionRequest') ? 'PermissionRequest' : 'PreToolUse';
  return `${event} hook${step.value ? ` ${quote(step.value)}` : ''}`;
}

function noteOf(step: StepFields): string {
  return step.note ? ` (${step.note})` : '';
}

function isCanUseTool(step: StepFields): boolean {
  return step.option === 'canUseTool' || step.option === 'can_use_tool';
}

function quote(text: string): string {
  return `'${text}'`;
}

/** Who decides, from the steps in evaluation order; the last step decides whatever the others leave. */
export function decide(steps: readonly Step[]): Decision {
  const deciding = steps.filter((each) => each.effect !== 'none');
  const final = deciding.at(-1)!;
  const first = deciding[0]!;
  return {
    kind: kindOf(deciding, final),
    summary: summarize(steps),
    by: first.value ? `${first.option} ${quote(first.value)}` : first.option,
    ...(first.span ? { span: first.span } : {}),
  };
}

function kindOf(deciding: readonly Step[], final: Step): DecisionKind {
  if (deciding.some((each) => each.effect === 'unknown')) return 'unknown';
  if (deciding.some((each) => each.certainty === 'can be')) return 'can be';
  const partial = deciding.slice(0, -1).filter((each) => !isRoute(each));
  if (partial.some((each) => each.effect !== final.effect)) return 'some';
  if (final.effect === 'approve') return 'approved';
  if (final.effect === 'deny') return 'denied';
  return isCanUseTool(final) ? 'reaches canUseTool' : 'prompts';
}

/** A step that sends every call on to the prompt: whoever answers it decides. */
export function isRoute(step: Step): boolean {
  return step.effect === 'prompt' && step.calls === 'all' && step.certainty === 'is' && step.stage !== 'prompt';
}

function summarize(steps: readonly Step[]): string {
  const groups = groupRules(steps);
  let text = '';
  let lastDeciding: Step | undefined;
  groups.forEach((group, index) => {
    const [first] = group;
    const own = group.length === 1 ? first!.text : `${outcomeText(first!)} by ${first!.stage} rules ${group.map((each) => each.value).join(', ')}`;
    if (index === 0) text = own;
    else {
      const last = index === groups.length - 1;
      text += connector(groups[index - 1]![0]!) + (last && lastDeciding && speaksOfTheRest(lastDeciding) ? restForm(own) : own);
    }
    if (first!.effect !== 'none') lastDeciding = first;
  });
  return text;
}

/** Neighbouring scoped rules of one list read as one: `some calls denied by deny rules Bash(curl *), Bash(rm *)`. */
function groupRules(steps: readonly Step[]): Step[][] {
  const groups: Step[][] = [];
  for (const current of steps) {
    const previous = groups.at(-1)?.[0];
    const joins =
      previous &&
      (current.stage === 'deny' || current.stage === 'ask' || current.stage === 'allow') &&
      current.option !== 'skills' &&
      previous.option !== 'skills' &&
      previous.stage === current.stage &&
      previous.effect === current.effect &&
      current.effect !== 'none' &&
      previous.calls === 'some' &&
      current.calls === 'some' &&
      previous.certainty === 'is' &&
      current.certainty === 'is';
    if (joins) groups.at(-1)!.push(current);
    else groups.push([current]);
  }
  return groups;
}

/** How a step follows on from the one before it. */
function connector(previous: Step): string {
  if (previous.effect === 'none') return '; ';
  if (previous.certainty === 'can be' || previous.effect === 'unknown') return '; otherwise ';
  if (previous.stage === 'hook' || isRoute(previous)) return ', then ';
  return '; ';
}

/** After a step that decides some calls, the last step decides "the rest". */
function speaksOfTheRest(previous: Step): boolean {
  return previous.calls === 'some' && previous.certainty === 'is' && previous.effect !== 'unknown' && previous.stage !== 'hook';
}

function restForm(text: string): string {
  return `the rest ${text.replace(/^reaches /, 'reach ').replace(/^prompts/, 'prompt')}`;
}
