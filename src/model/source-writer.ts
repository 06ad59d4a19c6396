import type { ResultShape } from './decisions.js';
import type { Exit, FunctionFacts, Property, TextEdit } from './types.js';

/**
 * How a file's language writes what rules put in messages and suggested
 * edits. Each front end supplies one (`src/frontends/writers.ts`); the
 * engine hands the model's writer to every rule, so a rule never asks
 * which language a file is written in.
 */
export interface SourceWriter {
  /** An SDK option's name in this file: `allowedTools`, `allowed_tools` in Python, `permissions.allow` in a settings file. */
  optionName(canonical: string): string;
  /** An option set to `value` where options are written: `timeout: 30`, `timeout=30` in Python. */
  option(name: string, value: string): string;
  /** An entry of an object literal (a Python dict): `permissionDecision: 'allow'`, `"permissionDecision": "allow"`. */
  entry(key: string, value: string): string;
  /** Whether an `entry` can be written just before `property` in its literal (in Python a quoted dict key, not a keyword argument). */
  entryFitsBefore(property: Property): boolean;
  /** A string literal: `'Bash'`, `"Bash"`. */
  string(text: string): string;
  /** A list of strings: `['Bash']`, `["Bash"]`. */
  list(items: readonly string[]): string;
  /** What a function returns when it returns `null` or `undefined`, as the language spells it (Python has only `None`). */
  nothing(kind: 'null' | 'undefined'): string;
  /** A deny result in the gate's shape, or undefined when the file cannot write one (Python's deny constructor not imported). */
  denyResult(shape: ResultShape, facts: FunctionFacts, reason: string): string | undefined;
  /** The edit that makes a return statement return `result` instead. */
  returnInstead(exit: Extract<Exit, { kind: 'return' }>, result: string): TextEdit;
}
