import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseText, prepareFor } from '../../src/engine/analyse.js';
import { isPythonPath } from '../../src/frontends/python/index.js';
import type { Exit, FunctionFacts } from '../../src/model/types.js';
import { decidesOutsideCatches } from '../../src/model/permission-gates.js';

// The core's analyses run over the lowered form both languages produce, so a
// function written alike in TypeScript and Python has the same facts: the
// same exits in the same order, the same catch handlers, the same may-throw,
// the same seen-set checks.
// Random bodies of every statement the lowering handles in both languages.

type Body = Statement[];
type Statement =
  | { kind: 'return'; value: string }
  | { kind: 'throw' }
  | { kind: 'exit' }
  | { kind: 'call' }
  | { kind: 'break' }
  | { kind: 'continue' }
  | { kind: 'if'; branches: Body[]; orElse?: Body }
  | { kind: 'loop'; forever: boolean; body: Body }
  | { kind: 'try'; body: Body; handler?: Body; finally?: Body }
  | { kind: 'switch'; cases: Body[] }
  /** `if (seen.has(key))`, `if key in seen:`; negated `!seen.has(key)`, `key not in seen`. */
  | { kind: 'seen'; negated: boolean; body: Body; orElse?: Body };

function statements(depth: number, inLoop: boolean): fc.Arbitrary<Body> {
  const leaves: Array<fc.Arbitrary<Statement>> = [
    fc.constantFrom('allow', 'deny').map((value) => ({ kind: 'return' as const, value })),
    fc.constant({ kind: 'throw' as const }),
    fc.constant({ kind: 'exit' as const }),
    fc.constant({ kind: 'call' as const }),
  ];
  if (inLoop) leaves.push(fc.constant({ kind: 'break' as const }), fc.constant({ kind: 'continue' as const }));
  if (depth === 0) return fc.array(fc.oneof(...leaves), { maxLength: 3 });
  const inner = statements(depth - 1, inLoop);
  const nested: Array<fc.Arbitrary<Statement>> = [
    fc.record({ kind: fc.constant('if' as const), branches: fc.array(inner, { minLength: 1, maxLength: 3 }), orElse: fc.option(inner, { nil: undefined }) }),
    fc.record({ kind: fc.constant('loop' as const), forever: fc.boolean(), body: statements(depth - 1, true) }),
    fc.record({ kind: fc.constant('try' as const), body: inner, handler: fc.option(inner, { nil: undefined }), finally: fc.option(inner, { nil: undefined }) }),
    // A break in a case leaves a switch but not a match: cases hold none.
    fc.record({ kind: fc.constant('switch' as const), cases: fc.array(statements(depth - 1, false), { minLength: 1, maxLength: 3 }) }),
    fc.record({ kind: fc.constant('seen' as const), negated: fc.boolean(), body: inner, orElse: fc.option(inner, { nil: undefined }) }),
  ];
  return fc.array(fc.oneof(...leaves, ...nested), { maxLength: 4 });
}

function typescript(body: Body, indent: string): string {
  const block = (inner: Body): string => `{\n${typescript(inner, `${indent}  `)}${indent}}`;
  return body
    .map((statement): string => {
      switch (statement.kind) {
        case 'return':
          return `return '${statement.value}';`;
        case 'throw':
          return `throw new Error('no');`;
        case 'exit':
          return 'process.exit(1);';
        case 'call':
          return 'check();';
        case 'break':
        case 'continue':
          return `${statement.kind};`;
        case 'if': {
          const chain = statement.branches.map((branch, i) => `if (c === ${i}) ${block(branch)}`).join(' else ');
          return statement.orElse ? `${chain} else ${block(statement.orElse)}` : chain;
        }
        case 'loop':
          return `while (${statement.forever ? 'true' : 'c > 0'}) ${block(statement.body)}`;
        case 'try': {
          const handler = statement.handler ? ` catch ${block(statement.handler)}` : '';
          const final = statement.finally || !statement.handler ? ` finally ${block(statement.finally ?? [])}` : '';
          return `try ${block(statement.body)}${handler}${final}`;
        }
        case 'switch':
          return `switch (c) {\n${statement.cases.map((inner, i) => `${indent}  case ${i}: ${block(inner)}\n${indent}  break;`).join('\n')}\n${indent}}`;
        case 'seen': {
          const test = `if (${statement.negated ? '!' : ''}seen.has(toolName)) ${block(statement.body)}`;
          return statement.orElse ? `${test} else ${block(statement.orElse)}` : test;
        }
      }
    })
    .map((line) => `${indent}${line}\n`)
    .join('');
}

function python(body: Body, indent: string): string {
  const block = (inner: Body): string => `\n${python(inner, `${indent}    `)}`;
  const lines = body.map((statement): string => {
    switch (statement.kind) {
      case 'return':
        return `return "${statement.value}"`;
      case 'throw':
        return 'raise ValueError("no")';
      case 'exit':
        return 'sys.exit(1)';
      case 'call':
        return 'check()';
      case 'break':
      case 'continue':
        return statement.kind;
      case 'if': {
        const chain = statement.branches.map((branch, i) => `${i === 0 ? 'if' : `${indent}elif`} c == ${i}:${block(branch)}`).join('');
        return statement.orElse ? `${chain}${indent}else:${block(statement.orElse)}` : chain;
      }
      case 'loop':
        return `while ${statement.forever ? 'True' : 'c > 0'}:${block(statement.body)}`;
      case 'try': {
        const handler = statement.handler ? `${indent}except Exception:${block(statement.handler)}` : '';
        const final = statement.finally || !statement.handler ? `${indent}finally:${block(statement.finally ?? [])}` : '';
        return `try:${block(statement.body)}${handler}${final}`;
      }
      case 'switch':
        return `match c:\n${statement.cases.map((inner, i) => `${indent}    case ${i}:${python(inner, `${indent}        `).replace(/^/, '\n')}`).join('')}`;
      case 'seen': {
        const test = `if tool_name ${statement.negated ? 'not in' : 'in'} seen:${block(statement.body)}`;
        return statement.orElse ? `${test}${indent}else:${block(statement.orElse)}` : test;
      }
    }
  });
  if (lines.length === 0) return `${indent}pass\n`;
  return lines.map((line) => `${indent}${line.endsWith('\n') ? line.slice(0, -1) : line}\n`).join('');
}

const sources = (body: Body): { ts: string; py: string } => ({
  ts:
    `import { query } from '@anthropic-ai/claude-agent-sdk';\n\ndeclare const c: number;\ndeclare function check(): void;\nconst seen = new Set<string>();\n\n` +
    `async function review(toolName: string, input: Record<string, unknown>) {\n  seen.add(toolName);\n${typescript(body, '  ')}}\n\n` +
    `query({ prompt: 'go', options: { canUseTool: review } });\n`,
  py:
    `import sys\n\nfrom claude_agent_sdk import ClaudeAgentOptions, query\n\nseen = set()\n\n\n` +
    `async def review(tool_name, input_data, context):\n    seen.add(tool_name)\n${python(body, '    ')}\n\n` +
    `query(prompt="go", options=ClaudeAgentOptions(can_use_tool=review))\n`,
});

/** An exit without where it is: its kind, and for a return the values it can have. */
function exitShape(exit: Exit): string {
  if (exit.kind !== 'return') return exit.kind;
  return `return ${exit.value.alternatives.map((value) => (value.kind === 'string' ? value.value : value.kind)).join('|')}`;
}

function facts(text: string, file: string): { exits: string[]; catches: string[][]; mayThrow: boolean; decidesOutsideCatches: boolean; seenSetChecks: string[][] } {
  const analysis = analyseText(text, file);
  expect(analysis.syntaxErrors, text).toEqual([]);
  const review = analysis.model?.functions.find((fn: FunctionFacts) => fn.name === 'review');
  expect(review, text).toBeDefined();
  return {
    exits: review!.exits.map(exitShape),
    catches: review!.catches.map((handler) => handler.exits.map(exitShape)),
    mayThrow: !!review!.mayThrow,
    // Read as a PreToolUse hook: whether it is a policy outside its catch handlers (no-fail-open-hook).
    decidesOutsideCatches: decidesOutsideCatches({ kind: 'hook', functionId: review!.id, span: review!.span, events: ['PreToolUse'] }, review!),
    seenSetChecks: review!.seenTests.map((check) => check.returnsWhenSeen.map((value) => value.alternatives.map((one) => (one.kind === 'string' ? one.value : one.kind)).join('|'))),
  };
}

beforeAll(async () => prepareFor('any.py'));

describe('the analysis core', () => {
  it.skipIf(!isPythonPath('x.py'))('gives a function written alike in TypeScript and Python the same facts', () => {
    const reached = new Set<string>();
    fc.assert(
      fc.property(statements(3, false), (body) => {
        const { ts, py } = sources(body);
        const found = facts(ts, 'agent.ts');
        if (found.catches.length > 0) reached.add('catch');
        if (found.catches.length > 0 && !found.decidesOutsideCatches) reached.add('catch without a decision outside it');
        if (found.seenSetChecks.some((check) => check.length > 0)) reached.add('seen-set check');
        for (const exit of found.exits) reached.add(exit.split(' ')[0]!);
        expect(facts(py, 'agent.py'), `${ts}\n${py}`).toEqual(found);
      }),
      { numRuns: 300 },
    );
    // The bodies reach every kind of fact.
    expect([...reached].sort()).toEqual(['catch', 'catch without a decision outside it', 'end', 'exit', 'return', 'seen-set check', 'throw']);
  });
});
