import rule from '../../rules/no-retry-in-failure-hook.js';
import { runRuleTests } from '../support/rule-tester.js';

const imports = "import { query, tool, type HookCallback } from '@anthropic-ai/claude-agent-sdk';";
const wire = (hook: string, event = 'PostToolUseFailure') => `query({ prompt: 'x', options: { hooks: { ${event}: [{ hooks: [${hook}] }] } } });`;
/** A failure hook named `after` whose body (lines 3 on) is `lines`. */
const after = (lines: string[], head = imports, event = 'PostToolUseFailure') =>
  [head, 'const after: HookCallback = async (input: any) => {', ...lines.map((line) => `  ${line}`), '  return {};', '};', wire('after', event)].join('\n');

/** A refund tool whose handler calls `issueRefund` (line 3), and `body` after it. */
const refundTool = (body: string[], refund = 'async function issueRefund(args: any) { return args; }') =>
  [
    imports,
    "import { z } from 'zod';",
    refund,
    "const refund = tool('refund', 'Refund an order', { orderId: z.string() }, async (args) => {",
    '  await issueRefund(args);',
    "  return { content: [{ type: 'text' as const, text: 'refunded' }] };",
    '});',
    ...body,
  ].join('\n');

const message = (hook: string, action: string) => ({ hook, action });

runRuleTests(rule, {
  typescript: {
    valid: [
      // Recording the failure: logging, metrics, a queue for a person, context for the model.
      { name: 'logging', code: after(['console.error(`${input.tool_name} failed: ${input.error}`);']) },
      { name: 'metrics', code: after(['metrics.increment("tool.failure", { tool: input.tool_name });'], `${imports}\ndeclare const metrics: { increment(name: string, tags: object): void };`) },
      {
        name: 'a queue for a person',
        code: after(
          ['await sqs.send(new SendMessageCommand({ QueueUrl: process.env.REVIEW_QUEUE, MessageBody: JSON.stringify(input) }));'],
          `${imports}\nimport { SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';\nconst sqs = new SQSClient({});`,
        ),
      },
      { name: 'additionalContext', code: after(["return { hookSpecificOutput: { hookEventName: 'PostToolUseFailure' as const, additionalContext: 'Check the order status before trying again.' } };"]) },
      { name: 'an axios helper that sends nothing', code: after(['if (axios.isAxiosError(input.error)) console.error(input.error);'], `${imports}\nimport axios from 'axios';`) },
      { name: 'a local function called fetch is not the network', code: after(['fetch(input.tool_name);'], `${imports}\nfunction fetch(name: string) { return name; }`) },
      { name: 'the same request after a success', code: after(['await fetch(input.tool_input.url);'], imports, 'PostToolUse') },
      { name: 'the same request before the call', code: after(['await fetch(input.tool_input.url);'], imports, 'PreToolUse') },
      {
        // A helper's own agent task neither runs the failed tool nor sends its request.
        name: 'a session title from a helper that starts a query',
        code: after(
          ['void titleFor(input.session_id);'],
          `${imports}\nasync function titleFor(session: string) {\n  for await (const message of query({ prompt: 'Name session ' + session })) return message;\n}`,
        ),
      },
      {
        name: 'a synchronous helper the tool also uses is not its work',
        code: refundTool(
          ['const failed: HookCallback = async (input) => { console.error(describe(input)); return {}; };', wire('failed')],
          'function describe(value: unknown) { return String(value); }\nasync function issueRefund(args: any) { return describe(args); }',
        ),
      },
    ],
    invalid: [
      {
        name: 'fetch again',
        code: after(['await fetch(input.tool_input.url, { method: "POST", body: JSON.stringify(input.tool_input) });']),
        errors: [{ messageId: 'retry', data: message("The PostToolUseFailure hook 'after'", 'sends the request again (fetch)'), line: 3, column: 9, endColumn: 96 }],
      },
      {
        name: 'axios and got, and Node http, in an inline hook',
        code: [
          imports,
          "import axios from 'axios';",
          "import got from 'got';",
          "import https from 'node:https';",
          "query({ prompt: 'x', options: { hooks: { PostToolUseFailure: [{ hooks: [async (input: any) => {",
          '  await axios.post(input.tool_input.url, input.tool_input);',
          '  await got(input.tool_input.url);',
          '  https.request(input.tool_input.url).end();',
          '  return {};',
          '}] }] } } });',
        ].join('\n'),
        errors: [
          { messageId: 'retry', data: message('This PostToolUseFailure hook', 'sends the request again (axios.post)'), line: 6, column: 9 },
          { messageId: 'retry', data: message('This PostToolUseFailure hook', 'sends the request again (got)'), line: 7, column: 9 },
          { messageId: 'retry', data: message('This PostToolUseFailure hook', 'sends the request again (node:https.request)'), line: 8, column: 3 },
        ],
      },
      {
        name: 'a new agent query',
        code: after(["for await (const message of query({ prompt: `Retry ${input.tool_name}` })) console.log(message);"]),
        errors: [{ messageId: 'retry', data: message("The PostToolUseFailure hook 'after'", 'starts a new agent query'), line: 3, column: 31 }],
      },
      {
        name: 'the tool handler itself',
        code: [
          imports,
          "import { z } from 'zod';",
          'async function refundHandler(args: { orderId: string }) {',
          "  return { content: [{ type: 'text' as const, text: `refunded ${args.orderId}` }] };",
          '}',
          "const refund = tool('refund', 'Refund an order', { orderId: z.string() }, refundHandler);",
          'const failed: HookCallback = async (input: any) => {',
          '  await refundHandler(input.tool_input);',
          '  return {};',
          '};',
          wire('failed'),
        ].join('\n'),
        errors: [{ messageId: 'retry', data: message("The PostToolUseFailure hook 'failed'", "runs the tool handler 'refundHandler' again"), line: 8, column: 9 }],
      },
      {
        name: "the tool's own work, shared with its handler",
        code: refundTool(['const failed: HookCallback = async (input: any) => {', '  await issueRefund(input.tool_input);', '  return {};', '};', wire('failed')]),
        errors: [{ messageId: 'retry', data: message("The PostToolUseFailure hook 'failed'", "runs 'issueRefund', the tool's own work, again"), line: 9, column: 9 }],
      },
      {
        name: 'a request behind a helper, on a timer',
        code: after(['setTimeout(() => void resend(input), 1000);'], `${imports}\nasync function resend(input: any) {\n  return fetch(input.tool_input.url);\n}`),
        errors: [{ messageId: 'retry', data: message("The PostToolUseFailure hook 'after'", "calls 'resend', which sends the request again (fetch)"), line: 6, column: 25 }],
      },
    ],
  },
  javascript: {
    valid: [
      { name: 'logging, in plain JavaScript', code: after(['console.error(input.error);'], "import { query } from '@anthropic-ai/claude-agent-sdk';").replace(': HookCallback', '').replace(': any', '') },
      {
        name: 'a logging factory whose hooks for other events start a title query, in plain JavaScript',
        code: [
          "import { query } from '@anthropic-ai/claude-agent-sdk';",
          'const logged = (record) => async (input) => { record(input); return {}; };',
          'async function titleFor(prompt) { for await (const message of query({ prompt: `Title: ${prompt}` })) return message; }',
          "query({ prompt: 'x', options: { hooks: {",
          '  UserPromptSubmit: [{ hooks: [logged((input) => void titleFor(input.prompt))] }],',
          '  PostToolUseFailure: [{ hooks: [logged((input) => console.error(input.error))] }],',
          '} } });',
        ].join('\n'),
      },
    ],
    invalid: [
      {
        name: 'fetch again, in plain JavaScript',
        code: after(['await fetch(input.tool_input.url);'], "import { query } from '@anthropic-ai/claude-agent-sdk';").replace(': HookCallback', '').replace(': any', ''),
        errors: [{ messageId: 'retry', data: message("The PostToolUseFailure hook 'after'", 'sends the request again (fetch)'), line: 3, column: 9, endColumn: 36 }],
      },
    ],
  },
});
