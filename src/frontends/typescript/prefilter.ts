const extensions = /\.(?:[cm]?[jt]sx?)$/i;

/** TypeScript and JavaScript sources; declaration files hold no agent code. */
export function isTypeScriptPath(path: string): boolean {
  return extensions.test(path) && !/\.d\.[cm]?ts$/i.test(path);
}

/**
 * A cheap text check: could this file use the SDK at all? It must name the
 * package as a module: `from '…'`, `import '…'`, `import('…')`,
 * `require('…')`. A bundle that merely holds the name in a string (the SDK's
 * own `sdk.mjs` does) never binds anything from it, so the front end would
 * find nothing there: the check spares it a parse of megabytes.
 */
export function mentionsSdk(text: string): boolean {
  return text.includes('@anthropic-ai/claude-') && /(?:\bfrom|\bimport|\brequire)\s*\(?\s*['"`]@anthropic-ai\/claude-(?:agent-sdk|code)\b/.test(text);
}
