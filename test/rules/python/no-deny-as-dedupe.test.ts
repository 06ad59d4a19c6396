import rule from '../../../rules/no-deny-as-dedupe.js';
import { py, runPythonCases } from '../../support/python-cases.js';

const head = ['import json', 'from claude_agent_sdk import ClaudeAgentOptions, HookMatcher, PermissionResultAllow, PermissionResultDeny'];
const deny = '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "Already done."}}';
const wire = 'options = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[guard])]})';
/** A PreToolUse hook over a module-level `seen` set; `body` starts on line 6. */
const guard = (...body: string[]) =>
  py(...head, 'seen = set()', 'async def guard(input_data, tool_use_id, context):', '    key = json.dumps(input_data["tool_input"], sort_keys=True)', ...body.map((line) => `    ${line}`), wire);
/** A permission callback over a module-level `recent` dict; `body` starts on line 6. */
const review = (...body: string[]) =>
  py(...head, 'recent = {}', 'async def review(tool_name, tool_input, context):', '    key = tool_name + json.dumps(tool_input, sort_keys=True)', ...body.map((line) => `    ${line}`), 'options = ClaudeAgentOptions(can_use_tool=review)');

runPythonCases(rule, {
  valid: [
    // A repeat goes ahead: the gate lets it through (the tool dedupes).
    guard('if key in seen:', '    return {}', 'seen.add(key)', 'return {}'),
    // The set is only logged.
    guard('if key in seen:', '    print("repeated call", key)', 'seen.add(key)', 'return {}'),
    // A deny for a policy reason inside the seen branch belongs to that reason.
    guard('if key in seen:', '    if "rm -rf" in key:', `        return ${deny}`, '    return {}', 'seen.add(key)', 'return {}'),
    // A deny list the gate never adds to is a policy, not a seen-set.
    py(...head, 'BLOCKED = {"rm -rf /"}', 'async def guard(input_data, tool_use_id, context):', `    return ${deny} if input_data["tool_input"].get("command") in BLOCKED else {}`, wire),
    // A tool that returns the stored first result is real dedupe.
    py(
      'from claude_agent_sdk import ClaudeAgentOptions, create_sdk_mcp_server, tool',
      'results = {}',
      '@tool("refund", "Refund an order", {"order_id": str})',
      'async def refund(args):',
      '    if args["order_id"] in results:',
      '        return results[args["order_id"]]',
      '    results[args["order_id"]] = {"content": [{"type": "text", "text": "Refund requested."}]}',
      '    return results[args["order_id"]]',
      'options = ClaudeAgentOptions(mcp_servers={"payments": create_sdk_mcp_server(name="payments", tools=[refund])})',
    ),
    // A permission callback that lets a repeat through, with its input.
    review('if recent.get(key):', '    return PermissionResultAllow(updated_input=tool_input)', 'recent[key] = True', 'return PermissionResultAllow()'),
  ],
  invalid: [
    {
      name: 'an early deny when the key is in the seen-set',
      code: guard('if key in seen:', `    return ${deny}`, 'seen.add(key)', 'return {}'),
      errors: [{ messageId: 'denyAsDedupe', line: 6, column: 8, data: { gate: "'guard'" } }],
    },
    {
      name: 'a negated test whose branch returns, then a deny',
      code: guard('if key not in seen:', '    seen.add(key)', '    return {}', `return ${deny}`),
      errors: [{ messageId: 'denyAsDedupe', line: 6, column: 8 }],
    },
    {
      name: 'a returned conditional expression',
      code: guard('try:', `    return ${deny} if key in seen else {}`, 'finally:', '    seen.add(key)'),
      errors: [{ messageId: 'denyAsDedupe', line: 7, column: 150 }],
    },
    {
      name: 'a permission callback over a dict of recent calls, with a further condition',
      code: review('if recent.get(key) and time.time() - recent[key] < 5:', '    return PermissionResultDeny(message="Duplicate call.")', 'recent[key] = time.time()', 'return PermissionResultAllow()'),
      errors: [{ messageId: 'denyAsDedupe', line: 6, column: 8, data: { gate: "'review'" } }],
    },
    {
      name: 'the else branch of a negated test',
      code: review('if not recent.get(key):', '    recent[key] = 1', 'else:', '    return PermissionResultDeny(message="Duplicate call.")', 'return PermissionResultAllow()'),
      errors: [{ messageId: 'denyAsDedupe', line: 6, column: 12 }],
    },
  ],
});
