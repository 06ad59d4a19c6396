import { isSdkExport } from './sdk-modules.js';

/**
 * What a call does again when a failure hook makes it: an HTTP request or a
 * new agent query. Callees are `CallSite.callee` names, resolved through
 * imports, so a local function called `fetch` or `query` is not one.
 */
export type Rerun = { kind: 'request' | 'query'; callee: string };

const verbs = 'get|post|put|patch|delete|del|head|options|request';

/** HTTP clients of npm and PyPI, with the functions that send a request. */
const request = new RegExp(
  `^(?:${[
    // The global fetch and Node's own modules.
    '(?:globalThis\\.)?fetch',
    '(?:node:)?https?\\.(?:request|get)',
    // npm: a default export that is itself a request, and its verbs.
    `(?:axios|got|ky|node-fetch|superagent|cross-fetch)(?:\\.(?:${verbs}|stream|fetch))?`,
    'undici\\.(?:request|fetch|stream)',
    // PyPI.
    `(?:requests|httpx)\\.(?:${verbs}|stream)`,
    'urllib\\.request\\.urlopen',
    'aiohttp\\.request',
  ].join('|')})$`,
);


export function rerunOf(callee: string | undefined): Rerun | undefined {
  if (callee === undefined) return undefined;
  if (isSdkExport(callee, 'query')) return { kind: 'query', callee };
  return request.test(callee) ? { kind: 'request', callee } : undefined;
}
