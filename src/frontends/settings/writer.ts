import type { SourceWriter } from '../../model/source-writer.js';

/** Where a settings file keeps what the SDK takes as an option. */
const settingsNames: Readonly<Record<string, string>> = {
  allowedTools: 'permissions.allow',
  disallowedTools: 'permissions.deny',
  askTools: 'permissions.ask',
  permissionMode: 'permissions.defaultMode',
};

/**
 * A file of data, not code (settings JSON, or frontmatter YAML, which reads
 * JSON's lists too), with its own names for the SDK's options. It has no
 * functions, so it has no result to deny with and no return to rewrite.
 */
export function dataFileWriter(optionName: (canonical: string) => string): SourceWriter {
  return {
    optionName,
    option: (name, value) => `${name}: ${value}`,
    entry: (key, value) => `${JSON.stringify(key)}: ${value}`,
    entryFitsBefore: () => true,
    string: (text) => JSON.stringify(text),
    list: (items) => JSON.stringify(items),
    nothing: () => 'null',
    denyResult: () => undefined,
    returnInstead: () => {
      throw new Error('A file of data has no return statement to rewrite.');
    },
  };
}

export const settingsWriter = dataFileWriter((canonical) => settingsNames[canonical] ?? canonical);
