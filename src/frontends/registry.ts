import { pythonSdkPackages, typeScriptSdkPackages } from '../model/sdk-modules.js';
import type { SourceWriter } from '../model/source-writer.js';
import type { AgentModel } from '../model/types.js';
import type { FrontEnd } from './contract.js';
import { isCommandLinePath, mentionsClaudeFlags } from './command-line/paths.js';
import { isFrontmatterPath } from './frontmatter/paths.js';
import * as python from './python/prefilter.js';
import { pythonWriter } from './python/writer.js';
import { isSettingsPath } from './settings/paths.js';
import { dataFileWriter, settingsWriter } from './settings/writer.js';
import * as typeScript from './typescript/prefilter.js';
import { javaScriptWriter, typeScriptWriter } from './typescript/writer.js';

export type { FrontEnd } from './contract.js';

/** A skill, command or command line names the SDK's options its own way (`model.optionNames`). */
const ownNames = (model: AgentModel): SourceWriter => dataFileWriter((canonical) => model.optionNames?.[canonical] ?? canonical);

/** `*.ts` and `*.TS` for `ts`: a file's extension is matched in any case. */
const pathspecsOf = (extensions: readonly string[]): string[] => extensions.flatMap((extension) => [`*.${extension}`, `*.${extension.toUpperCase()}`]);

/**
 * Every front end; a file is read by the first that handles it. This module
 * loads no parser (each `load` imports its analysis when first asked), so
 * `scan` and the ESLint adapter can ask it about every file.
 */
export const frontEnds: readonly FrontEnd[] = [
  {
    id: 'settings',
    handles: isSettingsPath,
    inEslint: true,
    writers: { settings: () => settingsWriter },
    load: async () => (await import('./settings/analysis.js')).settingsAnalysis,
  },
  {
    id: 'frontmatter',
    handles: isFrontmatterPath,
    inEslint: true,
    writers: { frontmatter: ownNames },
    // The YAML parser loads with the first skill or command file: about 0.1 s of start-up that most scans never need.
    load: async () => (await import('./frontmatter/analysis.js')).frontmatterAnalysis,
  },
  {
    // Shell scripts, Makefiles, package.json scripts and workflows: only those that run `claude` with a permission flag matter.
    id: 'command-line',
    handles: isCommandLinePath,
    prefilter: { markers: ['claude'], mentionsSdk: mentionsClaudeFlags },
    inEslint: false,
    writers: { 'command-line': ownNames },
    load: async () => (await import('./command-line/analysis.js')).commandLineAnalysis,
  },
  {
    id: 'python',
    handles: python.isPythonPath,
    prefilter: { markers: pythonSdkPackages, mentionsSdk: python.mentionsSdk },
    reExports: { mayReExportSdk: python.mayReExportSdk, localImports: python.localImports, importedNames: python.importedNames },
    pathspecs: pathspecsOf(['py']),
    inEslint: false,
    writers: { python: () => pythonWriter },
    // The parser is WebAssembly, loaded once.
    load: async () => {
      const [{ pythonAnalysis }, { loadPythonParser }] = await Promise.all([import('./python/analysis.js'), import('./python/parse.js')]);
      await loadPythonParser();
      return pythonAnalysis;
    },
  },
  {
    id: 'typescript',
    handles: typeScript.isTypeScriptPath,
    // A file of another name handed to the ESLint adapter is read as TypeScript/JavaScript.
    fallback: true,
    prefilter: { markers: [...typeScriptSdkPackages, typeScript.providerMarker], mentionsSdk: typeScript.mentionsSdk },
    reExports: { mayReExportSdk: typeScript.mayReExportSdk, localImports: typeScript.localImports, localImportMarker: './', importedNames: typeScript.importedNames },
    pathspecs: pathspecsOf(['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs']),
    inEslint: true,
    writers: { typescript: () => typeScriptWriter, javascript: () => javaScriptWriter },
    load: async () => (await import('./typescript/analysis.js')).typeScriptAnalysis,
  },
];

/** The front end that reads files with this name, if any. */
export function frontEndFor(path: string, among: readonly FrontEnd[] = frontEnds): FrontEnd | undefined {
  return among.find((frontEnd) => frontEnd.handles(path));
}

/** The front end that reads `path`: the one that handles it, else the fallback. */
export function readerOf(path: string, among: readonly FrontEnd[] = frontEnds): FrontEnd {
  const frontEnd = frontEndFor(path, among) ?? among.find((candidate) => candidate.fallback);
  if (!frontEnd) throw new Error(`No front end reads ${path}.`);
  return frontEnd;
}

/** The writer for a model's file: the model is plain data (it crosses threads), so it names its language and this finds the writer. */
export function writerFor(model: AgentModel, among: readonly FrontEnd[] = frontEnds): SourceWriter {
  const writer = among.find((frontEnd) => frontEnd.writers[model.language])?.writers[model.language];
  if (!writer) throw new Error(`No front end writes ${model.language}.`);
  return writer(model);
}
