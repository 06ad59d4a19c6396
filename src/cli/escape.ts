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
