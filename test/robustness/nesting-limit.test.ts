import { beforeAll, describe, expect, it } from 'vitest';
import { analyseText, prepareFor } from '../../src/engine/analyse.js';
import { sdkImport } from './support.js';

// toolgate's own nesting limit for TypeScript and JavaScript: 200 levels. The
// parser's stack would be no limit at all: how deep it reaches grows once V8
// has optimised it, so a file's verdict would depend on the files parsed
// before it. Chains (`a.b.c`, `a + b + c`, `f()()`) are read by the parser in
// a loop, so their left side is not a level.

const tooDeep = 'The file cannot be analysed: it nests more than 200 syntax levels deep.';
const r = (text: string, times: number): string => text.repeat(times);
const bareTool = "query({ prompt: 'x', options: { allowedTools: ['Bash'] } });\n";

beforeAll(async () => prepareFor('any.py'));

/** The verdict on one file: its syntax errors, or that it was analysed. */
function verdict(text: string): string[] {
  const { model, syntaxErrors } = analyseText(text, '/virtual/agent.ts');
  if (syntaxErrors.length > 0) return syntaxErrors.map((error) => error.message);
  return model ? ['analysed'] : ['not analysed'];
}

/** Files of every common shape, enough of them for V8 to optimise the parser. */
function ordinaryFile(i: number): string {
  return (
    `${sdkImport}const tools${i} = [${r(`['Read', [${i}, { a: [1, (2)] }]], `, 20)}];\n` +
    `function helper${i}(a: number[][]): string { if (a[0]) { return \`\${a.map((x) => [x, [x]]).join(',')}\`; } return 'Read'; }\n` +
    `class Agent${i} { run() { return query({ prompt: 'x', options: { allowedTools: [helper${i}([[1]]), ...tools${i}.flat()] } }); } }\n`
  );
}

describe('a file nested deeper than toolgate reads', () => {
  const deepArrays = `${sdkImport}const x = ${r('[', 800)}1${r(']', 800)};\n${bareTool}`;

  it('gets the same verdict alone and after 300 other files in the same process', () => {
    const alone = verdict(deepArrays);
    for (let i = 0; i < 300; i++) verdict(ordinaryFile(i));
    expect(verdict(deepArrays)).toEqual(alone);
    expect(alone).toEqual([tooDeep]);
  });

  it('a stack overflow in the parser reports the same limit', () => {
    expect(verdict(`${sdkImport}const x = ${r('[', 100_000)}1${r(']', 100_000)};\n`)).toEqual([tooDeep]);
  });

  it('after it, the next file is analysed as usual', () => {
    verdict(deepArrays);
    expect(verdict(`${sdkImport}${bareTool}`)).toEqual(['analysed']);
  });
});

describe('nesting 150 levels deep is analysed, 201 levels is the limit', () => {
  const nested: Record<string, (depth: number) => string> = {
    arrays: (n) => `const x = ${r('[', n)}1${r(']', n)};`,
    parentheses: (n) => `const x = ${r('(', n)}1${r(')', n)};`,
    // An object and its property are two levels.
    objects: (n) => `const x = ${r('{ a: ', Math.ceil(n / 2))}1${r(' }', Math.ceil(n / 2))};`,
    'call arguments': (n) => `const x = ${r('f(', n)}1${r(')', n)};`,
    blocks: (n) => `${r('{', n)}${r('}', n)}`,
    'else if': (n) => `if (a) {}${r(' else if (a) {}', n)}`,
    ternaries: (n) => `const x = ${r('c ? 1 : ', n)}2;`,
  };
  // `x` stands one level under its statement, which stands under the file: n nestings make a depth above n.
  it.each(Object.entries(nested))('%s', (_name, make) => {
    expect(verdict(`${sdkImport}${make(150)}\n${bareTool}`)).toEqual(['analysed']);
    expect(verdict(`${sdkImport}${make(201)}\n${bareTool}`)).toEqual([tooDeep]);
  });

  // Each chain's left side is read by the parser in a loop: 1,000 links are no depth at all.
  const chains: Record<string, string> = {
    'a + b + ...': `const x = a${r(' + a', 1000)};`,
    'a.b.c...': `const x = a${r('.b', 1000)};`,
    'a[0][0]...': `const x = a${r('[0]', 1000)};`,
    'f()()...': `const x = f${r('()', 1000)};`,
    'a!!...': `const x = a${r('!', 1000)};`,
    'a as T as T...': `const x = a${r(' as T', 1000)};`,
    'a satisfies T ...': `const x = a${r(' satisfies T', 1000)};`,
    'tag`a``b`...': `const x = tag${r('`a`', 1000)};`,
    'A.B.C... as a type': `let x: A${r('.B', 1000)};`,
    'T[][]... (array types)': `let x: T${r('[]', 1000)};`,
    "T['a']['a']... (indexed-access types)": `let x: T${r("['a']", 1000)};`,
    'a++ (postfix operand)': 'let x = a++;',
  };
  it.each(Object.entries(chains))('%s: a chain, analysed', (_name, text) => {
    expect(verdict(`${sdkImport}${text}\n${bareTool}`)).toEqual(['analysed']);
  });

  it('chains inside 150 levels of nesting: analysed', () => {
    expect(verdict(`${sdkImport}const x = ${r('[', 150)}a${r('.b', 500)}${r(' + a', 500)}${r(']', 150)};\n${bareTool}`)).toEqual(['analysed']);
  });
});
