/**
 * File names and messages come from the scanned tree, so they can hold
 * terminal escape sequences or bidirectional overrides (Trojan Source).
 * Show them as escapes instead of letting the terminal act on them.
 */
const unsafe = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function escapeForTerminal(text: string): string {
  return text.replace(unsafe, (char) => {
    const code = char.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/**
 * Text of several lines that toolgate composed (a config error with one
 * mistake a line): the line breaks stay, everything else is escaped.
 */
export function escapeLines(text: string): string {
  return text.split('\n').map(escapeForTerminal).join('\n');
}

/**
 * A CI log runs a line that starts with `::` (after any white space) as a
 * workflow command (`::add-mask::`, `::error ...::`), or with `##[` in the
 * older syntax: GitHub's runner does, and others copied it. A file named so
 * must not reach the start of a line, so the first character of such a line
 * is shown as an escape. For every output but the GitHub annotations, whose
 * commands are meant and whose data is escaped by GitHub's own rules.
 */
export function withoutWorkflowCommands(text: string): string {
  return text.replace(/^([^\S\n]*)(:(?=:)|#(?=#\[))/gm, (_, space: string, char: string) => `${space}\\x${char.charCodeAt(0).toString(16)}`);
}

/** What JSON.stringify leaves raw that a terminal acts on: C1 controls, bidirectional overrides. */
const rawInJson = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * A JSON report, indented: the same value as JSON.stringify's, with every
 * character a terminal could act on written as `\uXXXX` (they can only be
 * inside strings), so `cat report.json` is as safe as the pretty output.
 */
export function jsonReport(value: unknown): string {
  return `${JSON.stringify(value, null, 2).replace(rawInJson, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`;
}
