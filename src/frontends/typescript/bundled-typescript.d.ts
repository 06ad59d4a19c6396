// Types of the compiler that @ts-morph/common bundles: the same as ts-morph's `ts`.
declare module '@ts-morph/common/dist/typescript.js' {
  import { ts } from 'ts-morph';
  export = ts;
}
