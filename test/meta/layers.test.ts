import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Every TypeScript file under `folder`, relative to the repository, with `/` separators. */
function filesUnder(folder: string): string[] {
  return readdirSync(`${root}${folder}`, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.c?ts$/.test(name))
    .map((name) => `${folder}/${name.replace(/\\/g, '/')}`)
    .sort();
}

const read = (file: string): string => readFileSync(`${root}${file}`, 'utf8');

/** The module specifiers a file imports or re-exports (type-only imports included: they are a layer's dependency too). */
const importsOf = (file: string): string[] => [...read(file).matchAll(/\bfrom\s+'([^']+)'/g)].map((match) => match[1]!);

/*
 * Ratchets (issue 15): the files that still break a layer rule are listed,
 * so no new one can join them, and a listed file that is fixed must leave
 * the list (the test fails on a stale entry too).
 */
const knownEngineImports = [
  'src/frontends/python/index.ts',
  'src/frontends/python/project.ts',
  'src/frontends/settings/index.ts',
  'src/frontends/settings/parse.ts',
  'src/frontends/typescript/index.ts',
  'src/frontends/typescript/project.ts',
];
const knownModelEngineImports: string[] = [];

describe('layers', () => {
  it('no front end imports the engine', () => {
    const offenders = filesUnder('src/frontends').filter((file) => importsOf(file).some((module) => module.includes('/engine/')));
    expect(offenders).toEqual(knownEngineImports);
  });

  it('the model never imports the engine, the front ends or the rules', () => {
    const offenders = filesUnder('src/model').filter((file) =>
      importsOf(file).some((module) => /\/(?:engine|frontends|rules)\//.test(module) || module.startsWith('../../')),
    );
    expect(offenders).toEqual(knownModelEngineImports);
  });

  it('no rule mentions the language', () => {
    // Rules ask the model's source writer and SDK facts instead: no `model.language`, no `Language` type, no
    // language's name as a string, and no comparison with 'settings' (the `settings` option is no language).
    const mentions = /\blanguage\b|['"`](?:python|typescript|javascript|frontmatter)['"`]|[!=]==\s*['"`]settings['"`]/i;
    expect(filesUnder('rules').filter((file) => mentions.test(read(file)))).toEqual([]);
  });
});
