import rule from '../../../rules/no-retry-in-failure-hook.js';
import { py, runPythonCases } from '../../support/python-cases.js';

/** Lines 1-3: imports; `after` starts on line 4 and its body on line 5. */
const head = ['import logging, requests, httpx', 'from claude_agent_sdk import ClaudeAgentOptions, HookMatcher, query, tool', 'from urllib.request import urlopen'];
const after = (body: string[], event = 'PostToolUseFailure', extra: string[] = []) =>
  py(
    ...head,
    'async def after(input_data, tool_use_id, context):',
    ...body.map((line) => `    ${line}`),
    '    return {}',
    ...extra,
    `options = ClaudeAgentOptions(hooks={"${event}": [HookMatcher(hooks=[after])]})`,
  );
/** A refund tool (lines 4-9) whose handler awaits `issue_refund`. */
const refundTool = (...rest: string[]) =>
  py(
    ...head,
    'async def issue_refund(args):',
    '    return args',
    '@tool("refund", "Refund an order", {"order_id": str})',
    'async def refund(args):',
    '    await issue_refund(args)',
    '    return {"content": [{"type": "text", "text": "refunded"}]}',
    ...rest,
  );

runPythonCases(rule, {
  valid: [
    // Recording the failure: logging, a queue for a person, context for the model.
    after(['logging.error("%s failed: %s", input_data["tool_name"], input_data["error"])']),
    after(['await review_queue.put(input_data)']),
    after(['return {"hookSpecificOutput": {"hookEventName": "PostToolUseFailure", "additionalContext": "Check the order status first."}}']),
    // The same request after a success, or before the call.
    after(['requests.post(input_data["tool_input"]["url"])'], 'PostToolUse'),
    after(['requests.post(input_data["tool_input"]["url"])'], 'PreToolUse'),
    // A session title from a helper that starts its own query: not the failed tool, not its request.
    after(['await title_for(input_data["session_id"])'], 'PostToolUseFailure', ['async def title_for(session):', '    async for message in query(prompt=f"Name session {session}"):', '        return message']),
    // A synchronous helper the tool also uses is not the tool's work.
    refundTool('def describe(value):', '    return str(value)', 'async def failed(input_data, tool_use_id, context):', '    logging.error(describe(input_data))', '    return {}', 'options = ClaudeAgentOptions(hooks={"PostToolUseFailure": [HookMatcher(hooks=[failed])]})'),
  ],
  invalid: [
    {
      name: 'requests, httpx and urlopen again',
      code: after(['requests.post(input_data["tool_input"]["url"], json=input_data["tool_input"])', 'httpx.get(input_data["tool_input"]["url"])', 'urlopen(input_data["tool_input"]["url"])']),
      errors: [
        { messageId: 'retry', line: 5, column: 5, data: { hook: "The PostToolUseFailure hook 'after'", action: 'sends the request again (requests.post)' } },
        { messageId: 'retry', line: 6, column: 5, data: { action: 'sends the request again (httpx.get)' } },
        { messageId: 'retry', line: 7, column: 5, data: { action: 'sends the request again (urllib.request.urlopen)' } },
      ],
    },
    {
      name: 'a new agent query',
      code: after(['async for message in query(prompt=f"Retry {input_data[\'tool_name\']}"):', '    logging.info(message)']),
      errors: [{ messageId: 'retry', line: 5, column: 26, data: { action: 'starts a new agent query' } }],
    },
    {
      name: "the tool's own work, and the handler itself",
      code: refundTool(
        'async def failed(input_data, tool_use_id, context):',
        '    await issue_refund(input_data["tool_input"])',
        '    await refund(input_data["tool_input"])',
        '    return {}',
        'options = ClaudeAgentOptions(hooks={"PostToolUseFailure": [HookMatcher(hooks=[failed])]})',
      ),
      errors: [
        { messageId: 'retry', line: 11, column: 11, data: { hook: "The PostToolUseFailure hook 'failed'", action: "runs 'issue_refund', the tool's own work, again" } },
        { messageId: 'retry', line: 12, column: 11, data: { action: "runs the tool handler 'refund' again" } },
      ],
    },
    {
      name: 'a request behind a helper',
      code: after(['resend(input_data)'], 'PostToolUseFailure', ['def resend(input_data):', '    return httpx.post(input_data["tool_input"]["url"])']),
      errors: [{ messageId: 'retry', line: 5, column: 5, data: { action: "calls 'resend', which sends the request again (httpx.post)" } }],
    },
  ],
});
