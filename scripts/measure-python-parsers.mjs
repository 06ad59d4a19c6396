// Measures the two Python parser candidates on real Python files: speed, and
// agreement with CPython's own `ast` module. Not part of the test suite.
//
//   npm install --no-save @lezer/python
//   find /usr/lib/python3* -name '*.py' | shuf -n 5000 > files.txt
//   node scripts/measure-python-parsers.mjs files.txt
//
// Needs python3 on PATH for the ground truth. Results are in docs/python.md.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Language, Parser } from 'web-tree-sitter';

const require = createRequire(import.meta.url);
const list = process.argv[2];
if (!list) throw new Error('usage: node scripts/measure-python-parsers.mjs <file with one .py path a line>');
const work = mkdtempSync(path.join(tmpdir(), 'python-parsers-'));

// CPython's view: which files parse, where each call starts and ends (UTF-16
// columns), and for each of up to 600 files a copy with one bracket or colon
// dropped or added that CPython rejects.
const truthScript = String.raw`
import ast, json, random, sys, warnings
warnings.simplefilter("ignore")
random.seed(7)
out, broken = [], []
for path in open(sys.argv[1]).read().split("\n"):
    if not path: continue
    data = open(path, "rb").read()
    try: text = data.decode("utf-8")
    except UnicodeDecodeError: continue
    text = text.lstrip("\ufeff")
    try: tree = ast.parse(data)
    except (SyntaxError, ValueError): continue
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    def u16(lineno, col):
        s = lines[lineno - 1].encode("utf-8")[:col].decode("utf-8", "replace")
        return sum(2 if ord(c) > 0xFFFF else 1 for c in s)
    calls = [[n.lineno, u16(n.lineno, n.col_offset), n.end_lineno, u16(n.end_lineno, n.end_col_offset)] for n in ast.walk(tree) if isinstance(n, ast.Call)]
    out.append({"path": path, "calls": calls})
    if len(broken) < 600 and random.random() < 0.2:
        spots = [i for i, c in enumerate(text) if c in "():[]{},"]
        for _ in range(20 if spots else 0):
            i = random.choice(spots)
            mutated = text[:i] + text[i+1:] if random.random() < 0.5 else text[:i] + random.choice("([{:") + text[i:]
            try: ast.parse(mutated)
            except SyntaxError:
                broken.append(mutated); break
            except Exception: break
json.dump({"valid": out, "broken": broken}, open(sys.argv[2], "w"))
`;
writeFileSync(path.join(work, 'truth.py'), truthScript);
execFileSync('python3', [path.join(work, 'truth.py'), list, path.join(work, 'truth.json')], { stdio: 'inherit' });
const { valid, broken } = JSON.parse(readFileSync(path.join(work, 'truth.json'), 'utf8'));
const texts = valid.map((file) => readFileSync(file.path, 'utf8').replace(/^\uFEFF/, ''));
const megabytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0) / 1e6;

function lineStarts(text) {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) starts.push(i + 1);
    else if (code === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}
function locate(starts, offset) {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= offset) low = middle;
    else high = middle - 1;
  }
  return `${low + 1}:${offset - starts[low]}`;
}

await Parser.init();
const treeSitter = new Parser();
treeSitter.setLanguage(await Language.load(require.resolve('tree-sitter-python/tree-sitter-python.wasm')));
const candidates = {
  'web-tree-sitter + tree-sitter-python': {
    parse: (text) => treeSitter.parse(text).delete(),
    facts(text) {
      const tree = treeSitter.parse(text);
      const calls = [];
      let errors = 0;
      const cursor = tree.walk();
      for (let done = false; !done; ) {
        if (cursor.nodeType === 'call') calls.push([cursor.startIndex, cursor.endIndex]);
        if (cursor.nodeType === 'ERROR' || cursor.nodeIsMissing) errors++;
        if (cursor.gotoFirstChild()) continue;
        while (!cursor.gotoNextSibling()) if (!cursor.gotoParent()) { done = true; break; }
      }
      tree.delete();
      return { calls, errors };
    },
  },
};
try {
  const { parser: lezer } = await import('@lezer/python');
  candidates['@lezer/python'] = {
    parse: (text) => lezer.parse(text),
    facts(text) {
      const calls = [];
      let errors = 0;
      lezer.parse(text).iterate({
        enter(node) {
          if (node.name === 'CallExpression') calls.push([node.from, node.to]);
          if (node.type.isError) errors++;
        },
      });
      return { calls, errors };
    },
  };
} catch {
  console.log('@lezer/python is not installed: npm install --no-save @lezer/python');
}

for (const [name, { parse, facts }] of Object.entries(candidates)) {
  for (const text of texts.slice(0, 200)) parse(text);
  const times = [];
  const start = performance.now();
  for (const text of texts) {
    const before = performance.now();
    parse(text);
    times.push(performance.now() - before);
  }
  const seconds = (performance.now() - start) / 1000;
  times.sort((a, b) => a - b);
  let falseErrors = 0;
  let matched = 0;
  let total = 0;
  texts.forEach((text, index) => {
    const found = facts(text);
    if (found.errors > 0) falseErrors++;
    const starts = lineStarts(text);
    const spans = new Set(found.calls.map(([from, to]) => `${locate(starts, from)}-${locate(starts, to)}`));
    for (const [line, column, endLine, endColumn] of valid[index].calls) {
      total++;
      if (spans.has(`${line}:${column}-${endLine}:${endColumn}`)) matched++;
    }
  });
  const detected = broken.filter((text) => facts(text).errors > 0).length;
  console.log(
    JSON.stringify({
      parser: name,
      files: texts.length,
      megabytes: +megabytes.toFixed(1),
      parseSeconds: +seconds.toFixed(1),
      megabytesPerSecond: +(megabytes / seconds).toFixed(1),
      medianMs: +times[times.length >> 1].toFixed(2),
      p99Ms: +times[Math.floor(times.length * 0.99)].toFixed(1),
      validFilesWithErrors: falseErrors,
      callSpansMatchingCPython: `${matched}/${total}`,
      brokenFilesDetected: `${detected}/${broken.length}`,
    }),
  );
}
