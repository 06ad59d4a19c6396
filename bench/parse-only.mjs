// The floor for a tree of agent code: read every TypeScript/JavaScript file
// under a folder and parse it with the TypeScript parser, nothing else.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const ts = createRequire(import.meta.url)('typescript');
const kinds = { ts: ts.ScriptKind.TS, tsx: ts.ScriptKind.TSX, js: ts.ScriptKind.JS, mjs: ts.ScriptKind.JS, cjs: ts.ScriptKind.JS, jsx: ts.ScriptKind.JSX };
let parsed = 0;
for (const entry of readdirSync(process.argv[2], { recursive: true, withFileTypes: true })) {
  const kind = kinds[path.extname(entry.name).slice(1)];
  if (!entry.isFile() || kind === undefined) continue;
  const file = path.join(entry.parentPath ?? entry.path, entry.name);
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, kind);
  parsed++;
}
console.log(parsed);
