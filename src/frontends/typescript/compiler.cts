// The TypeScript compiler API, loaded on its own. ts-morph bundles it, but
// importing `ts` from 'ts-morph' also loads ts-morph's wrappers and
// @ts-morph/common (nothing here uses them) and has Node.js scan ts-morph's
// 1 MB bundle for its named exports: about 0.4 s more on a scan's critical
// path (docs/performance.md). A CommonJS module keeps `ts` one object, usable
// as a value and as a namespace of types, that `import ts from` gives whole.
import path from 'node:path';
import { requireWithCodeCache } from './code-cache.cjs';

// Compiled with its bytecode from the last run, cached in toolgate's own
// folder: only who can change toolgate's code can write there, so no one
// else can plant bytecode (a shared temporary folder would let them).
const packageRoot = path.dirname(require.resolve('toolgate/package.json'));
requireWithCodeCache(require.resolve('@ts-morph/common/dist/typescript.js'), path.join(packageRoot, '.cache'));

// `require` returns the module just loaded: it is in require.cache now.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- `import ts = require` keeps `ts` a value and a namespace of types.
import ts = require('@ts-morph/common/dist/typescript.js');

export = ts;
