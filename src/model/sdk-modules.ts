/**
 * The SDK's packages: the Agent SDK and the older Claude Code SDK, with
 * subpaths (`/browser`) in TypeScript and submodules (`claude_agent_sdk.types`)
 * in Python. One list, for the front ends and for rules that read callee names.
 */
const typeScriptSdk = /^@anthropic-ai\/claude-(?:agent-sdk|code)(?:\/[\w./-]*)?$/;
const pythonSdk = /^(?:claude_agent_sdk|claude_code_sdk)(?:\.[\w.]+)?$/;

export function isTypeScriptSdkModule(module: string): boolean {
  return typeScriptSdk.test(module);
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
