// The TypeScript compiler API, loaded on its own. ts-morph bundles it, but
// importing `ts` from 'ts-morph' also loads ts-morph's wrappers and
// @ts-morph/common (nothing here uses them) and has Node.js scan ts-morph's
// 1 MB bundle for its named exports: about 0.4 s more on a scan's critical
// path (docs/performance.md). A CommonJS module keeps `ts` one object, usable
// as a value and as a namespace of types, that `import ts from` gives whole.
import ts = require('@ts-morph/common/dist/typescript.js');

export = ts;
