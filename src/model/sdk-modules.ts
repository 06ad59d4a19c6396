/**
 * The SDK's packages: the Agent SDK and the older Claude Code SDK, with
 * subpaths (`/browser`) in TypeScript and submodules (`claude_agent_sdk.types`)
 * in Python. One list, for the prefilter's markers, the front ends and for
 * rules that read callee names.
 */
export const typeScriptSdkPackages: readonly string[] = ['@anthropic-ai/claude-agent-sdk', '@anthropic-ai/claude-code'];
export const pythonSdkPackages: readonly string[] = ['claude_agent_sdk', 'claude_code_sdk'];
/**
 * Packages that take the SDK's options under entry points of their own and
 * hand them to `query()`: the Vercel AI SDK provider (its entry points and
 * the settings it forwards: `providers.ts`).
 */
export const typeScriptProviderPackages: readonly string[] = ['ai-sdk-provider-claude-code'];

/** The packages as a regular expression's alternatives: `(?:a|b)`. */
export function packagePattern(packages: readonly string[]): string {
  return `(?:${packages.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})`;
}

const typeScriptSdk = new RegExp(String.raw`^${packagePattern(typeScriptSdkPackages)}(?:\/[\w./-]*)?$`);
const pythonSdk = new RegExp(String.raw`^${packagePattern(pythonSdkPackages)}(?:\.[\w.]+)?$`);

export function isTypeScriptSdkModule(module: string): boolean {
  return typeScriptSdk.test(module);
}

const typeScriptProvider = new RegExp(String.raw`^${packagePattern(typeScriptProviderPackages)}(?:\/[\w./-]*)?$`);

export function isTypeScriptProviderModule(module: string): boolean {
  return typeScriptProvider.test(module);
}

export function isPythonSdkModule(module: string): boolean {
  return pythonSdk.test(module);
}

/** `module.export` names an export of the SDK, in either language (a callee name resolved through imports). */
export function isSdkExport(qualified: string, exportName: string): boolean {
  const suffix = `.${exportName}`;
  if (!qualified.endsWith(suffix)) return false;
  const module = qualified.slice(0, -suffix.length);
  return isTypeScriptSdkModule(module) || isPythonSdkModule(module);
}
