import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tsParser from '@typescript-eslint/parser';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseText, prepareFor } from '../../src/engine/analyse.js';
import { plugin } from '../../src/index.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The bundled examples, every language: what a user types, one keystroke at a time. */
function sources(folder: string): Array<{ file: string; text: string }> {
  const found: Array<{ file: string; text: string }> = [];
  for (const sub of ['src', 'python']) {
    const directory = path.join(repoRoot, folder, sub);
    for (const name of readdirSync(directory).sort()) found.push({ file: path.join(directory, name), text: readFileSync(path.join(directory, name), 'utf8') });
  }
  return found;
}

/** Where the text could be cut while typing: every line end, and inside every third line at each token boundary. */
function cuts(text: string): number[] {
  const at = new Set<number>();
  let line = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || text[i] === '\n') {
      at.add(i);
      line++;
    } else if (line % 3 === 0 && /[\s,(){}[\]:;'"`.=]/.test(text[i]!)) at.add(i);
  }
  return [...at];
}

beforeAll(async () => prepareFor('any.py'));

describe('half-typed code (the editor case)', () => {
  it('never crashes the front ends, whatever prefix of a file they are given', () => {
    // Every character of the example with mistakes; the clean one at each line end and token boundary.
    for (const { file, text } of sources('fixtures/example')) {
      for (let end = 0; end <= text.length; end++) expect(() => analyseText(text.slice(0, end), file), `${file} cut at ${end}`).not.toThrow();
    }
    for (const { file, text } of sources('fixtures/clean-example')) {
      for (const end of cuts(text)) expect(() => analyseText(text.slice(0, end), file), `${file} cut at ${end}`).not.toThrow();
    }
  });

  it('reports nothing through ESLint on any prefix of a clean file: the parse error, or the findings of valid code', async () => {
    const eslint = new ESLint({
      cwd: repoRoot,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tsParser } }, plugin.configs.strict],
    });
    let prefixes = 0;
    let unparsed = 0;
    for (const { file, text } of sources('fixtures/clean-example').filter(({ file }) => file.endsWith('.ts'))) {
      for (const end of cuts(text)) {
        const [result] = await eslint.lintText(text.slice(0, end), { filePath: file });
        const messages: Linter.LintMessage[] = result!.messages;
        const fatal = messages.filter((message) => message.fatal);
        const toolgate = messages.filter((message) => message.ruleId?.startsWith('toolgate/'));
        prefixes++;
        if (fatal.length > 0) unparsed++;
        // A clean file cut anywhere is never reported: ESLint shows its own parse error, and code that parses holds no mistake.
        expect(toolgate, `${path.relative(repoRoot, file)} cut at ${end}`).toEqual([]);
      }
    }
    expect(unparsed).toBeGreaterThan(prefixes / 2);
  });

  it('adds nothing of its own to the parse error of a file with mistakes and a statement half typed at its end', async () => {
    const eslint = new ESLint({
      cwd: repoRoot,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tsParser } }, plugin.configs.recommended],
    });
    const file = path.join(repoRoot, 'fixtures/example/src/agent.ts');
    const text = readFileSync(file, 'utf8');
    const [whole] = await eslint.lintText(text, { filePath: file });
    const found = whole!.messages.filter((message) => message.ruleId?.startsWith('toolgate/'));
    expect(found.length).toBeGreaterThan(0);
    // A new statement half typed at the end: ESLint cannot parse the file, says so, and toolgate adds nothing of its own.
    const [typing] = await eslint.lintText(`${text}\nconst next = query({ prompt: 'x', options: { allowedTools: ['Ba`, { filePath: file });
    expect(typing!.messages.filter((message) => message.fatal)).toHaveLength(1);
    expect(typing!.messages.filter((message) => message.ruleId?.startsWith('toolgate/'))).toEqual([]);
  });
});
