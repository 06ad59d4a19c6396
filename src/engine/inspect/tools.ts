import { isMcpServerName, toolNameOfRule } from '../../model/coverage.js';
import { matcherNames, matcherServer, toolEvents } from '../../model/hook-matcher.js';
import { hookMatchers } from '../../model/hooks.js';
import { isMcpTool, mcpServerOf, parsePermissionRule } from '../../model/permission-rules.js';
import type { AgentConfiguration } from '../../model/types.js';
import { listEntries, optionOf } from '../../model/values.js';
import { compareText } from '../findings.js';
import type { RuleSource } from './lists.js';

/** The tools every table shows: the ones reviewers ask about first. */
const baseline = ['Bash', 'Edit', 'Read', 'WebFetch', 'Write'];

const toolName = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/**
 * The tools a configuration touches, sorted: the baseline, each MCP server of
 * `mcpServers`, and every tool (and MCP server) named in a rule list, a hook
 * matcher or the `tools` option.
 */
export function toolsOf(config: AgentConfiguration, sources: readonly RuleSource[]): string[] {
  const names = new Set(baseline);
  const add = (name: string): void => {
    if (!toolName.test(name)) return;
    names.add(name);
    if (isMcpTool(name) && !isMcpServerName(name)) names.add(`mcp__${mcpServerOf(name)}`);
  };
  for (const servers of optionOf(config, 'mcpServers').values) {
    if (servers.kind === 'object') for (const server of servers.properties.keys()) add(`mcp__${server}`);
  }
  for (const source of sources) {
    for (const entry of listEntries(source.values)) add(toolNameOfRule(parsePermissionRule(entry.value)));
  }
  for (const matcher of hookMatchers(config)) {
    if (!toolEvents.has(matcher.event)) continue;
    for (const value of matcher.matcher) {
      if (value.kind !== 'string') continue;
      matcherNames(value.value).forEach(add);
      const server = matcherServer(value.value);
      if (server) add(server);
    }
  }
  for (const entry of listEntries(optionOf(config, 'tools').values)) add(entry.value);
  return [...names].sort(compareText);
}
