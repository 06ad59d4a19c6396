import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allRules } from '../../rules/index.js';
import { configRules } from '../../src/engine/configs.js';
import plugin from '../../src/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const readme = `${root}README.md`;
const ids = allRules.map((rule) => rule.id).sort();
const namesIn = (folder: string, suffix: string) =>
  readdirSync(`${root}${folder}`)
    .filter((name) => name.endsWith(suffix) && name !== `index${suffix}`)
    .map((name) => name.slice(0, -suffix.length))
    .sort();

/** The README's rule table, generated from rule metadata. */
function rulesTable(): string {
  const rows = allRules.map((rule) => {
    const recommended = rule.meta.docs.config === 'recommended' ? (rule.meta.severity === 'error' ? 'error' : 'warn') : 'off';
    return `| [\`${rule.id}\`](docs/rules/${rule.id}.md) | ${rule.meta.docs.description} | ${recommended} | error |`;
  });
  return ['| rule | what it reports | recommended | strict |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

describe('one id everywhere', () => {
  it('rule files = exported rules = docs pages = rule tests = strict config entries', () => {
    expect(namesIn('rules', '.ts')).toEqual(ids);
    expect(Object.keys(plugin.rules).sort()).toEqual(ids);
    expect(namesIn('docs/rules', '.md')).toEqual(ids);
    expect(namesIn('test/rules', '.test.ts')).toEqual(ids);
    expect(Object.keys(plugin.configs.strict.rules).sort()).toEqual(ids.map((id) => `toolgate/${id}`));
  });

  it('the recommended config holds exactly the rules whose metadata says so, at their severity', () => {
    const expected = allRules.filter((rule) => rule.meta.docs.config === 'recommended');
    expect(Object.keys(plugin.configs.recommended.rules).sort()).toEqual(expected.map((rule) => `toolgate/${rule.id}`).sort());
    for (const { rule, severity } of configRules('recommended', allRules)) expect(severity).toBe(rule.meta.severity);
  });

  it('the README rule table is generated from rule metadata (npm run docs rewrites it)', () => {
    const text = readFileSync(readme, 'utf8');
    const table = /<!-- rules:start -->\n([\s\S]*?)\n<!-- rules:end -->/.exec(text);
    expect(table, 'README has the rules:start/rules:end markers').not.toBeNull();
    if (process.env.UPDATE_DOCS) {
      writeFileSync(readme, text.replace(table![0], `<!-- rules:start -->\n${rulesTable()}\n<!-- rules:end -->`));
      return;
    }
    expect(table![1]).toBe(rulesTable());
  });
});
