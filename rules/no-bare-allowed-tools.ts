import { defineRule } from '../src/model/rule.js';
import { allowEntries } from '../src/model/allow-lists.js';
import { removalSuggestions } from '../src/model/list-removal.js';
import { appliedRule, commandRunnerOf, isMcpTool, isWholeMcpServer, isWholeToolRule, mcpServerOf, namesATool, scopedExample } from '../src/model/permission-rules.js';
import { untrustedInputClause } from '../src/model/values.js';

type Options = { sideEffectTools: string[]; allow: string[] };
type MessageIds = 'bareTool' | 'wholeServer' | 'commandRunner' | 'removeEntry';

/** Built-in tools that change something outside the conversation. MCP tools count too. */
// Monitor runs shell commands under Bash rules, so it counts too.
const defaultSideEffectTools = ['Bash', 'Monitor', 'PowerShell', 'Write', 'Edit', 'MultiEdit', 'NotebookEdit', 'WebFetch'];

export default defineRule<Options, MessageIds>({
  id: 'no-bare-allowed-tools',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow allow-list entries that approve every call of a side-effecting tool',
      config: 'recommended',
    },
    severity: 'error',
    messages: {
      bareTool:
        "'{{entry}}' approves every {{tool}} call without a check, and {{tool}} has side effects.{{exposure}} Scope it to what the agent needs, e.g. {{example}}.",
      wholeServer:
        "'{{entry}}' approves every tool of the MCP server '{{server}}' without a check. List the tools the agent needs, e.g. mcp__{{server}}__<tool>.",
      commandRunner:
        "'{{entry}}' admits any command: '{{runner}}' runs whatever follows it.{{exposure}} Allow the specific commands instead, e.g. Bash(npm test *).",
      removeEntry: "Remove '{{entry}}' from the list: its calls then need approval (canUseTool, a prompt, or a scoped rule you add).",
    },
    hasSuggestions: true,
    schema: [
      {
        type: 'object',
        properties: {
          sideEffectTools: {
            type: 'array',
            items: { type: 'string' },
            description: 'More tool names to treat as side-effecting, added to Bash, Monitor, PowerShell, Write, Edit, MultiEdit, NotebookEdit, WebFetch and every MCP server.',
          },
          allow: {
            type: 'array',
            items: { type: 'string' },
            description: 'Tool names or exact entries that may be approved whole on purpose (e.g. "WebFetch").',
          },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ sideEffectTools: [], allow: [] }],
  },
  check(model, options, report) {
    const sideEffecting = new Set([...defaultSideEffectTools, ...options.sideEffectTools]);
    for (const config of model.configurations) {
      for (const listed of allowEntries(config)) {
        const { entry } = listed;
        const rule = appliedRule(entry.value, 'allow', listed.fromSettings);
        if (!rule || !namesATool(rule) || options.allow.includes(rule.tool) || options.allow.includes(entry.value)) continue;
        // Removing the entry is the one edit that certainly fixes it; a scoped rule needs the user's intent.
        const at = { span: entry.span, ...removalSuggestions(listed, 'removeEntry', { entry: entry.value }) };
        const runner = commandRunnerOf(rule);
        if (runner) {
          report({ messageId: 'commandRunner', ...at, data: { entry: entry.value, runner, exposure: untrustedInputClause(config) } });
        } else if (isMcpTool(rule.tool)) {
          // A single MCP tool named in full is a deliberate approval; a whole server is not.
          if (isWholeMcpServer(rule.tool)) {
            report({ messageId: 'wholeServer', ...at, data: { entry: entry.value, server: mcpServerOf(rule.tool) } });
          }
        } else if (isWholeToolRule(rule) && sideEffecting.has(rule.tool)) {
          report({ messageId: 'bareTool', ...at, data: { entry: entry.value, tool: rule.tool, example: scopedExample(rule.tool), exposure: untrustedInputClause(config) } });
        }
      }
    }
  },
});
