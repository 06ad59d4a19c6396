/** Python sources; stub files (`.pyi`) hold no agent code. */
export function isPythonPath(path: string): boolean {
  return /\.py$/i.test(path);
}

/** A cheap text check: could this file use the SDK at all? */
export function mentionsSdk(text: string): boolean {
  return /\bclaude_(?:agent|code)_sdk\b/.test(text);
}
