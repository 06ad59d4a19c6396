/**
 * Standard library modules whose values toolgate never follows: importing
 * them does not tie a file's model to another module of the project.
 */
const standard = new Set([
  '__future__', 'abc', 'argparse', 'asyncio', 'base64', 'collections', 'contextlib', 'copy', 'dataclasses', 'datetime',
  'enum', 'functools', 'hashlib', 'hmac', 'inspect', 'io', 'itertools', 'json', 'logging', 'math', 'os', 'pathlib',
  'random', 're', 'secrets', 'shlex', 'shutil', 'string', 'subprocess', 'sys', 'tempfile', 'textwrap', 'threading',
  'time', 'traceback', 'types', 'typing', 'typing_extensions', 'urllib', 'uuid', 'warnings',
]);

export function isStandardModule(module: string): boolean {
  return standard.has(module.split('.')[0]!);
}
