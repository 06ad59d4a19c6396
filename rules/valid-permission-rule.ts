import { defineRule, type RuleReport } from '../src/model/rule.js';
import { toolEvents } from '../src/model/hook-matcher.js';
import { hookMatchers } from '../src/model/hooks.js';
import { ruleLists } from '../src/model/rule-lists.js';
import { matcherProblems, permissionRuleProblem, type MatcherProblem, type RuleListKind, type RuleProblem } from '../src/model/rule-validation.js';
import type { StringValue } from '../src/model/types.js';
import { insideQuotes } from '../src/model/literal-edit.js';

type Options = { knownTools: string[] };
type MessageIds = Exclude<RuleProblem['kind'] | MatcherProblem['kind'], 'toolName'> | 'wrongCase' | 'misspelt' | 'unknownTool' | 'replace';

/** What a rule that the runtime rejects or never matches does, by where it is written. */
const effects: Record<RuleListKind | 'matcher', string> = {
  allow: 'it approves nothing',
  deny: 'it blocks nothing',
  ask: 'it never asks',
  tools: 'it adds no tool',
  matcher: 'the hook never runs for it',
};

export default defineRule<Options, MessageIds>({
  id: 'valid-permission-rule',
  meta: {
    type: 'problem',
    docs: { description: 'Disallow permission rules and hook matchers the runtime rejects or never consults', config: 'recommended' },
    severity: 'error',
    hasSuggestions: true,
    messages: {
      empty: 'Claude Code skips an empty permission rule, so {{effect}}. Remove it, or name a tool.',
      malformed: "'{{entry}}' is not a permission rule: a rule is Tool or Tool(content), ending at its closing parenthesis, so {{effect}}. Fix the parentheses.",
      emptyParentheses: "Claude Code rejects '{{entry}}' for its empty parentheses, so {{effect}}. Write '{{tool}}' for every call, or put a pattern inside.",
      mcpParentheses: "Claude Code rejects '{{entry}}': MCP rules take no parentheses, so {{effect}}. Name one tool (mcp__{{server}}__<tool>) or the whole server (mcp__{{server}}).",
      wildcardInAllow:
        "Claude Code skips the wildcard tool name '{{entry}}' in allow rules, so {{effect}}. Name the tools, or put the glob after a literal server prefix (mcp__<server>__get_*).",
      wrongCase: "'{{name}}' is not a tool name: names are case-sensitive, so {{effect}}. Write '{{known}}'.",
      misspelt: "'{{name}}' is not a tool name, so {{effect}}. Did you mean {{known}}?",
      unknownTool:
        "'{{name}}' is not a Claude Code tool, so {{effect}}. Use a built-in tool name or mcp__<server>__<tool>; list a newer tool in the knownTools option.",
      uncheckedSpecifier:
        "File permission checks never consult '{{entry}}', only {{family}}(path) rules, so {{effect}}. Use '{{replacement}}': it covers every file-{{verb}} tool.",
      webFetchDomain: "Claude Code rejects '{{entry}}': WebFetch rules name a host as domain:<host>, not a URL, so {{effect}}. Use '{{replacement}}'.",
      colonStarNotBash: "Claude Code rejects '{{entry}}': ':*' is only for Bash prefix rules, so {{effect}}. Use a glob, e.g. {{tool}}(./src/**).",
      lowercase: "Claude Code rejects '{{entry}}': tool names start with an uppercase letter, so {{effect}}.",
      ambiguousEscape:
        "Claude Code rejects '{{entry}}': an escaped parenthesis beside an unbalanced one is ambiguous, so {{effect}}. Double a backslash that is a path separator, or escape parentheses in pairs.",
      webSearchWildcard: "Claude Code rejects '{{entry}}': WebSearch rules take exact search terms, without * or ?, so {{effect}}.",
      emptyPrefix: "Claude Code rejects '{{entry}}': a prefix cannot be empty before ':*', so {{effect}}. Name the command, e.g. Bash(npm test *).",
      colonStarInside:
        "':*' is a prefix only at the end of a Bash rule: in '{{entry}}' Claude Code reads the ':' literally and the '*' as a wildcard, so the rule matches other commands than it seems to. Write the wildcard as ' *', e.g. Bash(git * main).",
      colonStarLiteral:
        "'{{entry}}' mixes '*' with a trailing ':*', so Claude Code matches it as a literal prefix, '*' included, and {{effect}}. Drop the ':*' and use ' *' wildcards, e.g. Bash(git * main).",
      invalidRegex: "The matcher '{{entry}}' is not a valid regular expression, so the hook never runs. Fix the pattern, or list tool names: 'Write|Edit'.",
      matchesNoTool: "The matcher '{{entry}}' matches no Claude Code tool, so the hook never runs. Match tool names such as 'Write|Edit', or mcp__<server>__.* for an MCP server.",
      replace: "Replace with '{{replacement}}'.",
    },
    schema: [
      {
        type: 'object',
        properties: {
          knownTools: {
            type: 'array',
            items: { type: 'string' },
            description: 'Tool names to accept besides the built-in tools toolgate knows, e.g. a tool of a newer Claude Code.',
          },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ knownTools: [] }],
  },
  check(model, options, report) {
    for (const config of model.configurations) {
      for (const { list, entries, source } of ruleLists(config)) {
        for (const entry of entries) {
          const problem = permissionRuleProblem(entry.value, list, options.knownTools, source);
          if (problem) report(reportOf(problem, entry, effects[list], model.path));
        }
      }
      for (const matcher of hookMatchers(config)) {
        if (!toolEvents.has(matcher.event)) continue;
        for (const value of matcher.matcher) {
          if (value.kind !== 'string') continue;
          for (const problem of matcherProblems(value.value, options.knownTools)) report(reportOf(problem, value, effects.matcher, model.path));
        }
      }
    }
  },
});

function reportOf(problem: RuleProblem | MatcherProblem, entry: StringValue, effect: string, path: string): RuleReport<MessageIds> {
  const data = { entry: entry.value, effect };
  const fix = (replacement: string | undefined) => suggestion(entry, replacement, path);
  switch (problem.kind) {
    case 'toolName': {
      const { check, name, replacement } = problem;
      const known = check.kind === 'wrongCase' ? check.known : check.kind === 'misspelt' ? check.candidates.map((candidate) => `'${candidate}'`).join(' or ') : '';
      const messageId = check.kind === 'unknown' ? 'unknownTool' : check.kind;
      return { messageId, span: entry.span, data: { ...data, name, ...(known ? { known } : {}) }, ...fix(replacement) };
    }
    case 'emptyParentheses':
    case 'colonStarNotBash':
      return { messageId: problem.kind, span: entry.span, data: { ...data, tool: problem.tool } };
    case 'mcpParentheses':
      return { messageId: problem.kind, span: entry.span, data: { ...data, server: problem.server } };
    case 'uncheckedSpecifier': {
      const verb = problem.family === 'Edit' ? 'editing' : 'reading';
      return { messageId: problem.kind, span: entry.span, data: { ...data, family: problem.family, verb, replacement: problem.replacement }, ...fix(problem.replacement) };
    }
    case 'webFetchDomain':
      return { messageId: problem.kind, span: entry.span, data: { ...data, replacement: problem.replacement ?? 'WebFetch(domain:<host>)' }, ...fix(problem.replacement) };
    default:
      return { messageId: problem.kind, span: entry.span, data };
  }
}

/** The entry with `replacement` inside its quotes, where that edit is safe (see insideQuotes). */
function suggestion(entry: StringValue, replacement: string | undefined, path: string): Pick<RuleReport<MessageIds>, 'suggestions'> {
  const edit = replacement === undefined ? undefined : insideQuotes(entry, replacement, path);
  return edit ? { suggestions: [{ messageId: 'replace', data: { replacement: replacement! }, edits: [edit] }] } : {};
}
