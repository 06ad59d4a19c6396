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
 * Whether the read can find nothing: the fields of `tool_input` depend on the
 * tool (a matcher can cover several tools, and a tool's field can be
 * optional), so `tool_input.command` can be missing, and a member access on
 * it then throws (a `KeyError` already in Python). A read the body tests is
 * taken to be there, and the input's own fields (`tool_name`, `tool_input`)
 * always are: precision first.
 */
export function canBeMissing(read: InputRead): boolean {
  return read.path.length >= 2 && read.path[0] === toolArguments && !read.tested();
}
