// Vitest runs src through Vite, which cannot read the TypeScript-only
// CommonJS syntax of src/frontends/typescript/compiler.cts (`import = require`,
// `export =`): vitest.config.ts points imports of it here. The same compiler,
// loaded the same way (a `require`, not an ESM import).
import { createRequire } from 'node:module';
import type { ts } from 'ts-morph';

export default createRequire(import.meta.url)('@ts-morph/common/dist/typescript.js') as typeof ts;
