// Synthetic monorepos for the benchmark: packages of ordinary TypeScript,
// JavaScript and Python modules, a few percent of them agent code in the
// shapes people write (options literals, options imported from another
// module, hooks, canUseTool, tool handlers, Python options), and Claude Code
// settings files. Seeded, so every run measures the same tree.
import { copyFileSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file names `toolgate scan` reads, for `grep --include` and the parse-only baseline. */
export const sourcePatterns = ['*.ts', '*.tsx', '*.mts', '*.cts', '*.js', '*.jsx', '*.mjs', '*.cjs', '*.py', 'settings.json', 'settings.local.json'];

/** Mulberry32: a small seeded generator, so trees are the same in every run. */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const nouns = ['order', 'invoice', 'customer', 'ticket', 'refund', 'shipment', 'account', 'report', 'session', 'payment'];

function tsModule(n, pick) {
  const noun = nouns[n % nouns.length];
  const Type = noun[0].toUpperCase() + noun.slice(1);
  const blocks = [];
  for (let i = 0, count = 2 + Math.floor(pick() * 10); i < count; i++) {
    blocks.push(`
/** Sums the ${noun} lines of group ${i}, skipping cancelled ones. */
export function total${Type}${i}(items: ReadonlyArray<${Type}Line>, rate = ${(pick() * 2).toFixed(2)}): number {
  let sum = 0;
  for (const item of items) {
    if (item.status === 'cancelled') continue;
    sum += item.quantity * item.unitPrice * (item.taxed ? 1 + rate / 100 : 1);
  }
  return Math.round(sum * 100) / 100;
}

export async function load${Type}${i}(client: HttpClient, id: string): Promise<${Type}Line[]> {
  const response = await client.get<{ lines: ${Type}Line[] }>(\`/api/${noun}s/\${encodeURIComponent(id)}\`);
  return response.lines.filter((line) => line.quantity > 0).map((line) => ({ ...line, sku: line.sku.trim() }));
}`);
  }
  return `import type { HttpClient } from '../shared/http-client';
import { logger } from '../shared/logger';

export interface ${Type}Line {
  sku: string;
  quantity: number;
  unitPrice: number;
  taxed: boolean;
  status: 'open' | 'shipped' | 'cancelled';
}

export class ${Type}Store${n} {
  private readonly cache = new Map<string, ${Type}Line[]>();

  constructor(private readonly client: HttpClient) {}

  async get(id: string): Promise<${Type}Line[]> {
    const cached = this.cache.get(id);
    if (cached) return cached;
    logger.debug('loading ${noun}', { id });
    const lines = await load${Type}0(this.client, id);
    this.cache.set(id, lines);
    return lines;
  }
}
${blocks.join('\n')}
`;
}

function jsModule(n, pick) {
  const noun = nouns[n % nouns.length];
  const blocks = [];
  for (let i = 0, count = 2 + Math.floor(pick() * 8); i < count; i++) {
    blocks.push(`
function format${i}(${noun}, locale = 'en-GB') {
  const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: ${noun}.currency || 'EUR' });
  return [${noun}.id, amount.format(${noun}.total / 100), ${noun}.createdAt && new Date(${noun}.createdAt).toISOString()]
    .filter(Boolean)
    .join(' | ');
}
exports.format${i} = format${i};`);
  }
  return `'use strict';
const path = require('node:path');
const { EventEmitter } = require('node:events');

class ${noun[0].toUpperCase() + noun.slice(1)}Queue extends EventEmitter {
  constructor(limit = ${10 + n % 90}) {
    super();
    this.limit = limit;
    this.items = [];
  }
  push(item) {
    if (this.items.length >= this.limit) this.emit('full', path.basename(String(item.id)));
    else this.items.push(item);
  }
}
exports.Queue = ${noun[0].toUpperCase() + noun.slice(1)}Queue;
${blocks.join('\n')}
`;
}

function pyModule(n, pick) {
  const noun = nouns[n % nouns.length];
  const Type = noun[0].toUpperCase() + noun.slice(1);
  const blocks = [];
  for (let i = 0, count = 2 + Math.floor(pick() * 8); i < count; i++) {
    blocks.push(`
def total_${noun}_${i}(lines: list[${Type}Line], rate: float = ${(pick() * 2).toFixed(2)}) -> float:
    """Sum the open lines of group ${i}."""
    total = 0.0
    for line in lines:
        if line.status == "cancelled":
            continue
        total += line.quantity * line.unit_price * (1 + rate / 100 if line.taxed else 1)
    return round(total, 2)
`);
  }
  return `from __future__ import annotations

import logging
from dataclasses import dataclass, field

log = logging.getLogger(__name__)


@dataclass
class ${Type}Line:
    sku: str
    quantity: int
    unit_price: float
    taxed: bool = True
    status: str = "open"
    tags: list[str] = field(default_factory=list)


class ${Type}Repository${n}:
    def __init__(self, session) -> None:
        self._session = session
        self._cache: dict[str, list[${Type}Line]] = {}

    def get(self, key: str) -> list[${Type}Line]:
        if key not in self._cache:
            log.debug("loading %s", key)
            self._cache[key] = [${Type}Line(**row) for row in self._session.fetch(key)]
        return self._cache[key]
${blocks.join('')}`;
}

const tools = [['Read', 'Grep', 'Glob'], ['Read', 'Bash(npm test *)'], ['Bash', 'Read', 'Edit'], ['Read', 'mcp__payments']];
const modes = ['default', 'acceptEdits', 'bypassPermissions', 'default'];

/** Agent code in TypeScript: one of several shapes; shape 1 imports its options from a sibling module. */
function tsAgent(n, shape) {
  const allowed = JSON.stringify(tools[n % tools.length]);
  const mode = modes[n % modes.length];
  if (shape === 0) {
    return `import { query, type CanUseTool, type HookCallback } from '@anthropic-ai/claude-agent-sdk';

const guard: HookCallback = async (input) => {
  try {
    const command = String((input as { tool_input?: { command?: string } }).tool_input?.command ?? '');
    if (command.includes('rm -rf')) {
      return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'destructive' } };
    }
    return {};
  } catch {
    return {};
  }
};

const review: CanUseTool = async (toolName, input) =>
  toolName === 'Bash' ? { behavior: 'deny', message: 'no shell here' } : { behavior: 'allow', updatedInput: input };

export async function run${n}(prompt: string): Promise<string> {
  let answer = '';
  for await (const message of query({
    prompt,
    options: {
      allowedTools: ${allowed},
      permissionMode: '${mode}',
      canUseTool: review,
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [guard] }] },
    },
  })) {
    if (message.type === 'result' && message.subtype === 'success') answer = message.result;
  }
  return answer;
}
`;
  }
  if (shape === 1) {
    return `import { query } from '@anthropic-ai/claude-agent-sdk';
import { baseOptions${n} } from './agent-options-${n}';

export async function triage${n}(ticket: string) {
  const results: string[] = [];
  for await (const message of query({ prompt: \`Triage: \${ticket}\`, options: { ...baseOptions${n}, maxTurns: ${5 + (n % 10)} } })) {
    if (message.type === 'assistant') results.push(JSON.stringify(message.message.content));
  }
  return results;
}
`;
  }
  return `import { createSdkMcpServer, tool } from '@anthropic-ai/claude-agent-sdk';
import { z } from 'zod';

export const payments${n} = createSdkMcpServer({
  name: 'payments',
  tools: [
    tool('refund', 'Refund an order', { orderId: z.string(), amount: z.number() }, async (args) => {
      const idempotencyKey = ${n % 2 === 0 ? 'crypto.randomUUID()' : '`refund-${args.orderId}-${args.amount}`'};
      const response = await fetch('https://payments.example/refunds', {
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey },
        body: JSON.stringify(args),
      });
      return { content: [{ type: 'text', text: await response.text() }] };
    }),
  ],
});
`;
}

function tsAgentOptions(n) {
  return `import type { Options } from '@anthropic-ai/claude-agent-sdk';

export const baseOptions${n}: Options = {
  allowedTools: ${JSON.stringify(tools[(n + 1) % tools.length])},
  permissionMode: '${modes[(n + 1) % modes.length]}',
  disallowedTools: ['WebFetch'],
};
`;
}

function pyAgent(n) {
  const allowed = JSON.stringify(tools[n % tools.length]);
  return `from claude_agent_sdk import ClaudeAgentOptions, HookMatcher, query


async def guard(input_data, tool_use_id, context):
    try:
        if "rm -rf" in str(input_data.get("tool_input", {}).get("command", "")):
            return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "destructive"}}
        return {}
    except Exception:
        return {}


options = ClaudeAgentOptions(
    allowed_tools=${allowed},
    permission_mode="${modes[n % modes.length]}",
    hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[guard])]},
)


async def run_${n}(prompt: str) -> list[str]:
    return [str(message) async for message in query(prompt=prompt, options=options)]
`;
}

function settingsFile(n) {
  const allow = [['Bash(npm test *)', 'Read'], ['Bash', 'Edit'], ['Read', 'Grep'], ['WebFetch(domain:example.com)']][n % 4];
  return `${JSON.stringify({ permissions: { allow, deny: ['Read(./.env)'], defaultMode: modes[n % modes.length] } }, null, 2)}\n`;
}

/**
 * Write a tree of about `files` source files under `directory`, in `parts`
 * top-level folders of equal size (`part-1`, ...), so one tree serves every
 * size of the growth measurement. `agentShare` (0..1) of the modules are agent
 * code; `languages` picks from 'ts', 'js', 'py'. Returns the counts written.
 */
export function generateTree(directory, { files, agentShare = 0.03, languages = ['ts', 'js', 'py'], parts = 1, seed = 7, settings = true } = {}) {
  const pick = random(seed);
  const counts = { files: 0, agent: 0 };
  const perPackage = 40;
  const perPart = Math.ceil(files / parts);
  for (let part = 1; part <= parts; part++) {
    const packages = Math.ceil(perPart / perPackage);
    for (let p = 0; p < packages; p++) {
      const root = path.join(directory, parts > 1 ? `part-${part}` : '.', 'packages', `pkg-${p}`);
      mkdirSync(path.join(root, 'src'), { recursive: true });
      writeFileSync(path.join(root, 'package.json'), `{ "name": "pkg-${part}-${p}", "version": "1.0.0" }\n`);
      writeFileSync(path.join(root, '.gitignore'), 'generated/\n*.log\n');
      if (settings && p % 5 === 0) {
        mkdirSync(path.join(root, '.claude'), { recursive: true });
        writeFileSync(path.join(root, '.claude', 'settings.json'), settingsFile(p));
        counts.files++;
      }
      const inPackage = Math.min(perPackage, perPart - p * perPackage);
      for (let i = 0; i < inPackage; i++) {
        const n = part * 100_000 + p * perPackage + i;
        const language = languages[Math.floor(pick() * languages.length)];
        const agent = pick() < agentShare;
        const name = `${nouns[i % nouns.length]}-${i}`;
        const base = path.join(root, 'src', name);
        if (language === 'py') writeFileSync(path.join(root, 'src', `${name.replace('-', '_')}.py`), agent ? pyAgent(n) : pyModule(n, pick));
        // The tool-server shape has no type annotations: plain ESM JavaScript.
        else if (language === 'js') writeFileSync(`${base}.js`, agent ? tsAgent(n, 2) : jsModule(n, pick));
        else if (!agent) writeFileSync(`${base}.ts`, tsModule(n, pick));
        else {
          const shape = n % 3;
          writeFileSync(`${base}.ts`, tsAgent(n, shape));
          if (shape === 1) {
            writeFileSync(path.join(root, 'src', `agent-options-${n}.ts`), tsAgentOptions(n));
            counts.files++;
            counts.agent++;
          }
        }
        counts.files++;
        if (agent) counts.agent++;
      }
    }
  }
  return counts;
}

/**
 * Copy the files under `from` whose names match `pattern` (by default the
 * JavaScript of a `node_modules` folder: code no one here wrote, minified
 * bundles included) into `directory`, at most `limit` files, none larger
 * than `maxBytes`, leaving out folders named in `skip`.
 */
const skippedNames = new Set(['node_modules', '.git', 'dist', 'build', 'out', 'coverage', '.next']);

export function copyRealCode(from, directory, limit = Infinity, { pattern = /\.[cm]?js$/, maxBytes = Infinity, skip = [] } = {}) {
  let copied = 0;
  const visit = (source, target) => {
    let entries;
    try {
      entries = readdirSync(source, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    } catch {
      return;
    }
    for (const entry of entries) {
      if (copied >= limit) return;
      // Folders `scan` skips by name (node_modules, dist, ...) are renamed: the point is to read this code.
      const name = entry.isDirectory() && skippedNames.has(entry.name) ? `${entry.name}-code` : entry.name;
      if (entry.isDirectory() && !['.bin', 'dist-types', '__pycache__', ...skip].includes(entry.name)) visit(path.join(source, entry.name), path.join(target, name));
      else if (entry.isFile() && pattern.test(entry.name) && statSync(path.join(source, entry.name)).size <= maxBytes) {
        mkdirSync(target, { recursive: true });
        copyFileSync(path.join(source, entry.name), path.join(target, name));
        copied++;
      }
    }
  };
  visit(from, directory);
  return copied;
}

/** The packages of this project's own dependencies whose sources make the real tree: TypeScript's lib and compiler, typescript-eslint, vitest. */
export const realPackages = ['typescript/lib', '@typescript-eslint', 'vitest', '@vitest'];
const scriptPattern = /\.(?:[cm]?[jt]s|tsx)$/;

/**
 * The real tree: the TypeScript and JavaScript sources (declarations
 * included) of `realPackages` from `nodeModules`, the Python standard library
 * at `pythonLib` (when there is one; its site-packages left out), and agent
 * code written for the benchmark (`generateTree`, every file agent code).
 * `limit` caps the files copied from each source, `agentFiles` the agent code.
 */
export function realTree(directory, nodeModules, { pythonLib, limit = Infinity, agentFiles = 300, maxBytes = Infinity } = {}) {
  const counts = { packages: 0, python: 0, agent: 0 };
  for (const name of realPackages) counts.packages += copyRealCode(path.join(nodeModules, name), path.join(directory, 'js', name), limit, { pattern: scriptPattern, maxBytes });
  if (pythonLib) counts.python = copyRealCode(pythonLib, path.join(directory, 'python'), limit, { pattern: /\.py$/, maxBytes, skip: ['site-packages'] });
  counts.agent = generateTree(path.join(directory, 'agent'), { files: agentFiles, agentShare: 1, settings: false, seed: 17 }).files;
  return counts;
}
