/**
 * Every module a Python file may import, read from its import statements
 * (nested ones included): `from m import a` names `m` and `m.a` (a
 * submodule or a name in `m`), `import a.b` names `a`, `a.b`. More than the
 * interpreter imports (a statement in a string counts) is harmless: the
 * graph only chooses which files a staged check reads.
 */
export function pythonSpecifiers(text: string): string[] {
  const specifiers: string[] = [];
  const joined = text.replace(/\\\r?\n/g, ' ');
  for (const match of joined.matchAll(/^[ \t]*from[ \t]+([.\w]+)[ \t]+import[ \t]*(\([^)]*\)|[^\n#;]*)/gm)) {
    const module = match[1]!;
    specifiers.push(module);
    for (const name of namesOf(match[2]!.replace(/[()]/g, ' '))) {
      if (name !== '*') specifiers.push(module.endsWith('.') ? `${module}${name}` : `${module}.${name}`);
    }
  }
  for (const match of joined.matchAll(/^[ \t]*import[ \t]+([^\n#;]*)/gm)) {
    for (const module of namesOf(match[1]!)) {
      const parts = module.split('.');
      for (let length = 1; length <= parts.length; length++) specifiers.push(parts.slice(0, length).join('.'));
    }
  }
  return specifiers.filter((specifier) => /^\.*[\w.]*$/.test(specifier) && specifier !== '');
}

/** `a as b, c` → `a`, `c`. */
function namesOf(list: string): string[] {
  return list
    .split(',')
    .map((item) => item.trim().split(/\s+as\s+/)[0]!.trim())
    .filter((name) => name !== '');
}
