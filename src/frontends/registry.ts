import { pythonSdkPackages, typeScriptSdkPackages } from '../model/sdk-modules.js';
import type { SourceWriter } from '../model/source-writer.js';
import type { AgentModel, Language } from '../model/types.js';
import { isCommandLinePath, mentionsClaudeFlags } from './command-line/paths.js';
import { isFrontmatterPath } from './frontmatter/paths.js';
import { isPythonPath, mentionsSdk as pythonMentionsSdk } from './python/prefilter.js';
import { pythonWriter } from './python/writer.js';
import { isSettingsPath } from './settings/paths.js';
import { dataFileWriter, settingsWriter } from './settings/writer.js';
import { isTypeScriptPath, providerMarker, mentionsSdk as typeScriptMentionsSdk } from './typescript/prefilter.js';
import { javaScriptWriter, typeScriptWriter } from './typescript/writer.js';

/**
 * A front end as the engine and the edges see it before any parser loads:
 * which files it reads, how the prefilter tells one that cannot hold agent
 * code, and how its languages write suggestions. This module loads no
 * parser, so `scan` and the ESLint adapter can ask it about every file.
 */
export interface FrontEnd {
  id: 'typescript' | 'python' | 'settings' | 'frontmatter' | 'command-line';
  /** Whether it reads a file with this name. */
  handles(path: string): boolean;
  /**
   * Byte strings one of which a file must hold to be analysed (its SDK's
   * package names), then `mentionsSdk` on the decoded text. Undefined: every
   * file it reads may matter (a settings or skill file).
   */
  prefilter?: { markers: readonly string[]; mentionsSdk(text: string): boolean };
  /** ESLint lints such files with toolgate's rules (Python needs `scan`: ESLint has no Python parser, and toolgate's loads asynchronously). */
  inEslint: boolean;
  /** The source writer of each language it builds models in. */
  writers: Partial<Record<Language, (model: AgentModel) => SourceWriter>>;
}

/** A skill, command or command line names the SDK's options its own way (`model.optionNames`). */
const ownNames = (model: AgentModel): SourceWriter => dataFileWriter((canonical) => model.optionNames?.[canonical] ?? canonical);

/** Every front end; a file is read by the first that handles it. */
export const frontEnds: readonly FrontEnd[] = [
  { id: 'settings', handles: isSettingsPath, inEslint: true, writers: { settings: () => settingsWriter } },
  {
    id: 'frontmatter',
    handles: isFrontmatterPath,
    inEslint: true,
    writers: { frontmatter: ownNames },
  },
  {
    // Shell scripts, Makefiles, package.json scripts and workflows: only those that run `claude` with a permission flag matter.
    id: 'command-line',
    handles: isCommandLinePath,
    prefilter: { markers: ['claude'], mentionsSdk: mentionsClaudeFlags },
    inEslint: false,
    writers: { 'command-line': ownNames },
  },
  {
    id: 'python',
    handles: isPythonPath,
    prefilter: { markers: pythonSdkPackages, mentionsSdk: pythonMentionsSdk },
    inEslint: false,
    writers: { python: () => pythonWriter },
  },
  {
    id: 'typescript',
    handles: isTypeScriptPath,
    prefilter: { markers: [...typeScriptSdkPackages, providerMarker], mentionsSdk: typeScriptMentionsSdk },
    inEslint: true,
    writers: { typescript: () => typeScriptWriter, javascript: () => javaScriptWriter },
  },
];

/** The front end that reads files with this name, if any. */
export function frontEndFor(path: string): FrontEnd | undefined {
  return frontEnds.find((frontEnd) => frontEnd.handles(path));
}

/** The writer for a model's file: the model is plain data (it crosses threads), so it names its language and this finds the writer. */
export function writerFor(model: AgentModel): SourceWriter {
  const writer = frontEnds.find((frontEnd) => frontEnd.writers[model.language])?.writers[model.language];
  if (!writer) throw new Error(`No front end writes ${model.language}.`);
  return writer(model);
}
