import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allRules } from '../../rules/index.js';
import { analyseText } from '../../src/engine/analyse.js';
import { isSettingsPath } from '../../src/frontends/settings/index.js';
import { checkModel, type Report } from '../../src/engine/check.js';
import { loadPythonParser } from '../../src/frontends/python/index.js';
import type { AnyRule } from '../../src/model/rule.js';

const docsFolder = fileURLToPath(new URL('../../docs/rules/', import.meta.url));

// ```python examples run through the Python front end, whose parser is WebAssembly.
await loadPythonParser();

/** The `##` sections every page has, in this order; `## Further reading` may follow. */
const sections = ['Why', 'Examples', 'What it checks', 'Options', 'When not to use it'];
const optionalLast = 'Further reading';

interface Heading {
  level: number;
  text: string;
  line: number;
}

interface CodeBlock {
  language: string;
  /** The file a block stands for, written after the language: ```json .claude/settings.local.json */
  path?: string;
  code: string;
  /** Line of the opening fence, 1-based, for failure messages. */
  line: number;
}

interface Page {
  lines: string[];
  headings: Heading[];
  blocks: CodeBlock[];
}

/** Headings and fenced code blocks of a page; a `#` inside a code block is code, not a heading. */
function parsePage(text: string): Page {
  const lines = text.split('\n');
  const headings: Heading[] = [];
  const blocks: CodeBlock[] = [];
  let open: { language: string; path?: string; line: number; body: string[] } | undefined;
  lines.forEach((line, index) => {
    const fence = /^```(\S*)(?:[ \t]+(\S+))?\s*$/.exec(line);
    if (open) {
      if (fence && fence[1] === '' && fence[2] === undefined) {
        blocks.push({ language: open.language, ...(open.path ? { path: open.path } : {}), code: open.body.join('\n'), line: open.line });
        open = undefined;
      } else open.body.push(line);
      return;
    }
    if (fence) {
      open = { language: fence[1]!, ...(fence[2] ? { path: fence[2] } : {}), line: index + 1, body: [] };
      return;
    }
    const heading = /^(#{1,6}) (.+?)\s*$/.exec(line);
    if (heading) headings.push({ level: heading[1]!.length, text: heading[2]!, line: index + 1 });
  });
  if (open) throw new Error(`unclosed code block at line ${open.line}`);
  return { lines, headings, blocks };
}

/** Examples are TypeScript, Python, or settings files as JSON. */
const exampleLanguages = new Set(['ts', 'python', 'json']);

/** The code blocks between a heading and the next heading of the same or a higher level. */
function allBlocksUnder(page: Page, level: number, text: string): CodeBlock[] {
  const index = page.headings.findIndex((heading) => heading.level === level && heading.text === text);
  if (index === -1) return [];
  const start = page.headings[index]!.line;
  const next = page.headings.slice(index + 1).find((heading) => heading.level <= level);
  const end = next ? next.line : Number.POSITIVE_INFINITY;
  return page.blocks.filter((block) => block.line > start && block.line < end);
}

/** A block that names a path and is not a settings file is a file an example uses, such as a hook script. */
const isExampleFile = (block: CodeBlock): boolean => block.path !== undefined && block.language !== 'json';

/** The example blocks under a heading. */
function blocksUnder(page: Page, level: number, text: string): CodeBlock[] {
  return allBlocksUnder(page, level, text).filter((block) => exampleLanguages.has(block.language) && !isExampleFile(block));
}

/**
 * The files the examples under a heading use (```sh .claude/hooks/guard.sh),
 * by path; undefined when there are none, and then other files are not looked at.
 */
function filesUnder(page: Page, level: number, text: string): Record<string, string> | undefined {
  const files = allBlocksUnder(page, level, text).filter(isExampleFile);
  return files.length > 0 ? Object.fromEntries(files.map((block) => [block.path!, `${block.code}\n`])) : undefined;
}

/** Rules that read only settings files: their pages show settings files, not code. */
const settingsOnly = new Set(['hook-script-must-block']);

/** The page text between `## <text>` and the next `##`. */
function sectionText(page: Page, text: string): string {
  const index = page.headings.findIndex((heading) => heading.level === 2 && heading.text === text);
  if (index === -1) return '';
  const start = page.headings[index]!.line;
  const next = page.headings.slice(index + 1).find((heading) => heading.level <= 2);
  return page.lines.slice(start, next ? next.line - 1 : undefined).join('\n');
}

/**
 * Run an example through the engine as `scan` and ESLint do, with default
 * options: a ```json block as a settings file (`.claude/settings.json`
 * unless the fence names another path), a ```python block as `example.py`.
 */
function reportsFor(block: CodeBlock, rules: readonly AnyRule[], files?: Record<string, string>): Report[] {
  const path = block.language === 'json' ? (block.path ?? '.claude/settings.json') : block.language === 'python' ? 'example.py' : 'example.ts';
  if (block.language === 'json') expect(isSettingsPath(path), `${path} is a settings file`).toBe(true);
  const analysis = analyseText(block.code, path, files && ((file) => files[file]));
  expect(analysis.syntaxErrors, 'the example parses').toEqual([]);
  const model = analysis.model;
  expect(model, 'the example uses the SDK').toBeDefined();
  // An example with no configuration and no gate would be silent for the wrong reason.
  expect(model!.configurations.length + model!.gates.length, 'the example holds agent code').toBeGreaterThan(0);
  return checkModel(
    model!,
    rules.map((rule) => ({ rule, severity: 'error' as const, options: undefined })),
  );
}

/** Options a rule's schema declares, by name. */
function optionNames(rule: AnyRule): string[] {
  const [schema] = rule.meta.schema;
  const properties = schema?.properties as Record<string, unknown> | undefined;
  return Object.keys(properties ?? {});
}

describe.each(allRules.map((rule) => [rule.id, rule] as const))('docs/rules/%s.md', (id, rule) => {
  const path = `${docsFolder}${id}.md`;
  const load = (): Page => parsePage(readFileSync(path, 'utf8'));

  it('exists, and the rule links to it', () => {
    expect(existsSync(path)).toBe(true);
    expect(rule.meta.docs.url.endsWith(`docs/rules/${id}.md`)).toBe(true);
  });

  it('opens with the id, the description from meta.docs, and the configs it is in', () => {
    const page = load();
    expect(page.lines[0]).toBe(`# ${id}`);
    expect(page.headings.filter((heading) => heading.level === 1)).toHaveLength(1);
    const quote = page.lines.find((line) => line.startsWith('>'));
    expect(quote).toBe(`> ${rule.meta.docs.description}`);
    const configs = rule.meta.docs.config === 'recommended' ? 'In `recommended` and `strict`' : 'In `strict`';
    expect(page.lines).toContain(`✅ ${configs} (${rule.meta.severity}).`);
  });

  it('has its sections in the fixed order', () => {
    const page = load();
    const second = page.headings.filter((heading) => heading.level === 2).map((heading) => heading.text);
    const expected = second.at(-1) === optionalLast ? [...sections, optionalLast] : sections;
    expect(second).toEqual(expected);
    const examples = page.headings.findIndex((heading) => heading.level === 2 && heading.text === 'Examples');
    const underExamples = page.headings.slice(examples + 1);
    const nextSection = underExamples.findIndex((heading) => heading.level <= 2);
    const subsections = underExamples.slice(0, nextSection).map((heading) => `${'#'.repeat(heading.level)} ${heading.text}`);
    expect(subsections).toEqual(['### Bad', '### Good']);
  });

  it('says what its suggestions do, when it offers any', () => {
    const page = load();
    const checks = page.headings.findIndex((heading) => heading.level === 2 && heading.text === 'What it checks');
    const after = page.headings.slice(checks + 1);
    const underChecks = after.slice(0, after.findIndex((heading) => heading.level <= 2));
    const described = underChecks.some((heading) => heading.level === 3 && heading.text === 'Suggestions');
    if (rule.meta.hasSuggestions) expect(described, '### Suggestions under ## What it checks').toBe(true);
  });

  it('documents every option of the schema', () => {
    const page = load();
    const text = sectionText(page, 'Options');
    const names = optionNames(rule);
    if (names.length === 0) expect(text).toContain('This rule has no options.');
    for (const name of names) expect(text, `option ${name}`).toContain(`\`${name}\``);
    if (names.length > 0) expect(text).toContain(`'toolgate/${id}'`);
  });

  it('has bad examples the rule reports', () => {
    const blocks = blocksUnder(load(), 3, 'Bad');
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      const reports = reportsFor(block, [rule], filesUnder(load(), 3, 'Bad'));
      expect(reports.length, `bad example at line ${block.line} is reported`).toBeGreaterThan(0);
    }
  });

  it('has good examples that no toolgate rule reports', () => {
    const blocks = blocksUnder(load(), 3, 'Good');
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      // Silent for this rule is the contract; silent for every recommended
      // rule keeps a good example from showing another mistake. Strict-only
      // rules ask for more than correctness, so other pages need not meet them.
      const rules = allRules.filter((other) => other === rule || other.meta.docs.config === 'recommended');
      const reports = reportsFor(block, rules, filesUnder(load(), 3, 'Good')).map((report) => `${report.ruleId}: ${report.message}`);
      expect(reports, `good example at line ${block.line}`).toEqual([]);
    }
  });

  it('shows a Python example next to the TypeScript one, bad and good (settings files alone for settings rules)', () => {
    const page = load();
    for (const heading of ['Bad', 'Good']) {
      const languages = blocksUnder(page, 3, heading).map((block) => block.language);
      if (settingsOnly.has(id)) {
        expect(new Set(languages), `### ${heading}`).toEqual(new Set(['json']));
        continue;
      }
      expect(languages, `### ${heading}`).toContain('ts');
      expect(languages, `### ${heading}`).toContain('python');
    }
  });
});
