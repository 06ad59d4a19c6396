import type { FrontEndResult } from '../contract.js';
import type { AgentConfiguration, AgentModel } from '../../model/types.js';
import { shellConfigurations } from './invocations.js';
import { packageScripts } from './package-scripts.js';
import { commandLineKindOf, mentionsClaudeFlags } from './paths.js';
import { workflowConfigurations } from './workflow.js';

export { isCommandLinePath, mentionsClaudeFlags } from './paths.js';

/** How the model names the options: as the CLI's flags. */
const optionNames: Readonly<Record<string, string>> = {
  permissionMode: '--permission-mode',
  allowedTools: '--allowedTools',
  disallowedTools: '--disallowedTools',
  tools: '--tools',
};

/**
 * The command-line front end: every `claude` command of a shell script, a
 * Makefile recipe, a `package.json` script or a GitHub workflow (its `run:`
 * steps and the Claude Code Action's inputs), one configuration each, with
 * its permission flags as the SDK's options. Read, never run. A file that
 * does not name Claude Code with a permission flag holds nothing.
 */
export function extractCommandLine(text: string, path: string): FrontEndResult {
  const model: AgentModel = { path, language: 'command-line', configurations: [], functions: [], gates: [], optionNames };
  const kind = commandLineKindOf(path);
  if (!kind || !mentionsClaudeFlags(text)) return { model, syntaxErrors: [] };
  if (kind === 'script') model.configurations.push(...shellConfigurations(text));
  else if (kind === 'makefile') model.configurations.push(...makefileConfigurations(text));
  else {
    const found = kind === 'package' ? packageScripts(text) : workflowConfigurations(text);
    if (found.syntaxErrors.length > 0) return { model, syntaxErrors: found.syntaxErrors };
    model.configurations.push(...found.configurations);
  }
  return { model, syntaxErrors: [] };
}

/**
 * A Makefile's recipe lines (those that start with a tab, with their `\`
 * continuations), each run by its own shell; make's `@`, `-` and `+`
 * prefixes are not part of the command. Make's own `$(VAR)` is unknown, as
 * a shell's `$(...)` is.
 */
function makefileConfigurations(text: string): AgentConfiguration[] {
  const configurations: AgentConfiguration[] = [];
  const lines = /[^\n]*(?:\n|$)/g;
  let continued = false;
  for (let match = lines.exec(text); match && match[0] !== ''; match = lines.exec(text)) {
    const line = match[0];
    const isRecipe = line.startsWith('\t') && !continued;
    const ends = /\\\r?\n$/.test(line);
    if (isRecipe) {
      let start = match.index + 1;
      while (/[@+-]/.test(text[start] ?? '')) start++;
      let end = match.index + line.length;
      // The recipe runs on through its continuation lines.
      if (ends) {
        const rest = /(?:[^\n]*\\\r?\n)*[^\n]*/y;
        rest.lastIndex = end;
        end = rest.exec(text) ? rest.lastIndex : end;
        lines.lastIndex = end;
      }
      configurations.push(...shellConfigurations(text.slice(start, end), (index) => start + index));
      continued = false;
    } else continued = ends;
  }
  return configurations;
}
