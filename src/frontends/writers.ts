import type { SourceWriter } from '../model/source-writer.js';
import type { AgentModel, Language } from '../model/types.js';
import { pythonWriter } from './python/writer.js';
import { dataFileWriter, settingsWriter } from './settings/writer.js';
import { javaScriptWriter, typeScriptWriter } from './typescript/writer.js';

/** Each language's source writer; a frontmatter file names the SDK's options by its kind (`model.optionNames`). */
const writers: Readonly<Record<Language, (model: AgentModel) => SourceWriter>> = {
  typescript: () => typeScriptWriter,
  javascript: () => javaScriptWriter,
  python: () => pythonWriter,
  settings: () => settingsWriter,
  frontmatter: (model) => dataFileWriter((canonical) => model.optionNames?.[canonical] ?? canonical),
};

/** The writer for a model's file: the model is plain data (it crosses threads), so it names its language and this finds the writer. */
export function writerFor(model: AgentModel): SourceWriter {
  return writers[model.language](model);
}
