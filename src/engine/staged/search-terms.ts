/**
 * What `scan --staged` searches the repository for, and where: the front
 * ends' prefilter markers (`sdkMarkers`) and git pathspecs
 * (`FrontEnd.pathspecs`), written out here so the search can start before
 * the registry loads (`askGit`); test/cli/staged-queries.test.ts holds them
 * to the registry's. Plain globs: git's `icase` magic makes the search 2.5
 * times slower, so an extension in mixed case (`.Ts`) is not searched.
 */
export const searchMarkers: readonly string[] = ['claude', 'claude_agent_sdk', 'claude_code_sdk', '@anthropic-ai/claude-agent-sdk', '@anthropic-ai/claude-code', 'laudeCode'];

export const searchPathspecs: readonly string[] = ['py', 'ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs'].flatMap((extension) => [`*.${extension}`, `*.${extension.toUpperCase()}`]);
