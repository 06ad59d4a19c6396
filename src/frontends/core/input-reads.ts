import type { FunctionFacts, Span } from '../../model/types.js';

/**
 * A read of a gate's input, as the language reads it: the names from the
 * input down (`input.tool_input.command` and `input_data["tool_input"]["command"]`
 * are `['tool_input', 'command']`), and whether the body tests that read
 * anywhere (`typeof x === 'string'`, `if not x`, `"command" in tool_input`):
 * asked only of a read that could otherwise be missing, since finding the
 * tests walks the whole body.
 */
export interface InputRead {
  path: readonly string[];
  tested: () => boolean;
}

/** The input's own fields the SDK always sends; the tool's arguments are under `tool_input`. */
const toolArguments = 'tool_input';

/**
 * The field of `tool_input` the read can find missing, undefined when it is
 * always there. Which fields `tool_input` has depends on the tool (a matcher
 * can cover several tools, and a tool's field can be optional), so
 * `tool_input.command` can be missing, and a member access on it then throws
 * (a `KeyError` already in Python); the matcher decides (`canThrowUnder`). A
 * read the body tests is taken to be there, and the input's own fields
 * (`tool_name`, `tool_input`) always are: precision first. A deeper read is
 * named by its whole path (`edits.0`), which no tool always has.
 */
export function missingField(read: InputRead): string | undefined {
  return read.path.length >= 2 && read.path[0] === toolArguments && !read.tested() ? read.path.slice(1).join('.') : undefined;
}

/** The throw of a walk: the first ordinary one, else the first access on a missing field, with every such field. */
export class ThrowSearch {
  private fieldThrow: { span: Span; description: string } | undefined;
  private readonly fields = new Set<string>();

  field(name: string, point: () => { span: Span; description: string }): void {
    this.fields.add(name);
    this.fieldThrow ??= point();
  }

  result(): FunctionFacts['mayThrow'] {
    return this.fieldThrow && { ...this.fieldThrow, fields: [...this.fields] };
  }
}
