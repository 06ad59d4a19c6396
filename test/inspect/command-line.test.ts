import { describe, expect, it } from 'vitest';
import { analyseText } from '../../src/engine/analyse.js';
import { inspectModel, type InspectedConfiguration } from '../../src/engine/inspect/index.js';

/** `tool: kind: summary`, with where the deciding value is written, for the rows named. */
function rows(text: string, path: string, tools: string[]): Record<string, string> {
  const analysis = analyseText(text, path);
  expect(analysis.syntaxErrors).toEqual([]);
  const [only, ...others] = inspectModel(analysis.model!) as [InspectedConfiguration, ...InspectedConfiguration[]];
  expect(others).toEqual([]);
  return Object.fromEntries(
    only.tools
      .filter(({ tool }) => tools.includes(tool))
      .map(({ tool, decision }) => [tool, `${decision.kind}: ${decision.summary} @ ${decision.span ? text.slice(decision.span.start, decision.span.end) : '-'}`]),
  );
}

describe('inspect on the command line and through extraArgs', () => {
  it('shows the mode the skip flag sets, and the flags\' allow and deny rules', () => {
    const text = '#!/bin/sh\nclaude --dangerously-skip-permissions --disallowedTools WebFetch --allowedTools "Bash(npm test *)" -p test\n';
    const table = rows(text, 'ci.sh', ['Bash', 'WebFetch']);
    expect(table.WebFetch).toBe("denied: denied: --disallowedTools 'WebFetch' @ WebFetch");
    expect(table.Bash).toBe("approved: approved: --dangerously-skip-permissions 'bypassPermissions' @ --dangerously-skip-permissions");
  });

  it('shows the mode an extra argument sets over the option, in TypeScript', () => {
    const text = "import { query } from '@anthropic-ai/claude-agent-sdk';\nquery({ prompt: 'x', options: { permissionMode: 'default', extraArgs: { 'permission-mode': 'acceptEdits' } } });\n";
    expect(rows(text, 'agent.ts', ['Edit']).Edit).toBe(
      "some: edits inside the working directory approved: extraArgs['permission-mode'] 'acceptEdits'; the rest prompt, but no canUseTool answers it @ 'acceptEdits'",
    );
  });
});
