import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPythonPath } from '../../src/frontends/python/index.js';
import { scan } from '../support/scan.js';
import { modes, spelling, tools, tree, type Mode } from './support.js';

// Properties of agents spread over modules (issue 16): the module that calls
// the SDK and a second one that holds the mode, the allow list or the
// callback (an options-only module, module constants, a class), or that
// switches the mode of a session handed to it; and, in one module, the check
// before the entry call that refuses canUseTool with permissionPromptToolName.
// Each construct is written in TypeScript, JavaScript and Python, line for
// line, and the three are scanned as one project each by the real engine:
// they must give the same findings at the same lines, and the findings the
// construct's values imply.

/** Whether a check before the entry call stops a run given both canUseTool and permissionPromptToolName. */
const guards = ['none', 'throws', 'returns', 'warns', 'third condition'] as const;
type Guard = (typeof guards)[number];
const refuses = (guard: Guard): boolean => guard === 'throws' || guard === 'returns';

interface Values {
  /** The mode the module holds, or the one the hand-off switches to. */
  mode: Mode;
  allowed: string[];
  /** Deny rules; an empty list is written, none is left out. */
  denied?: string[];
  guard: Guard;
}

/** A project: file paths (relative to the language's folder) and their text. */
type Project = Record<string, string>;

/** TypeScript is typed and imports modules by their name; JavaScript (`.mjs`) names the file. */
interface Dialect {
  typed: boolean;
  ext: 'ts' | 'mjs';
}
const typescript: Dialect = { typed: true, ext: 'ts' };
const javascript: Dialect = { typed: false, ext: 'mjs' };

interface Construct {
  script: (values: Values, dialect: Dialect) => Project;
  python: (values: Values) => Project;
  /** The findings of one message its values imply, as `module:line certainty`. */
  implies: (values: Values) => { message: string; at: string[] };
}

const jsList = (items: readonly string[]) => `[${items.map((item) => `'${item}'`).join(', ')}]`;
const pyList = (items: readonly string[]) => `[${items.map((item) => `"${item}"`).join(', ')}]`;
const sdk = "'@anthropic-ai/claude-agent-sdk'";
/** `from`, a local module as each dialect imports it. */
const local = (name: string, { ext }: Dialect) => `'./${name}${ext === 'mjs' ? '.mjs' : ''}'`;
type Entries = Array<[string, string | undefined]>;
/** Each entry that is set, written by `write`. */
const lines = (entries: Entries, write: (key: string, value: string) => string) => entries.flatMap(([key, value]) => (value === undefined ? [] : [write(key, value)]));
/** The entries that are set as the properties of an object literal, or as keyword arguments. */
const scriptProperties = (entries: Entries) => lines(entries, (key, value) => `${key}: ${value}`).join(', ');
const pythonKeywords = (entries: Entries) => lines(entries, (key, value) => `${key}=${value}`).join(', ');

/** The options the values set, in each language's spelling (the deny rules only when the values hold a list, empty or not). */
const scriptOptions = ({ mode, allowed, denied }: Values): Entries => [['permissionMode', `'${mode}'`], ['allowedTools', jsList(allowed)], ['disallowedTools', denied && jsList(denied)]];
const pythonOptions = ({ mode, allowed, denied }: Values): Entries => [['permission_mode', `"${mode}"`], ['allowed_tools', pyList(allowed)], ['disallowed_tools', denied && pyList(denied)]];
/** A module that exports the options object and never imports the SDK: the mode on line 2. */
const scriptOptionsModule = (values: Values) => `export const options = {\n${lines(scriptOptions(values), (key, value) => `  ${key}: ${value},\n`).join('')}};\n`;
const pythonOptionsModule = (values: Values) => `OPTIONS = dict(\n${lines(pythonOptions(values), (key, value) => `    ${key}=${value},\n`).join('')})\n`;
/** A canUseTool that denies, three lines. */
const scriptReview = ({ typed }: Dialect) =>
  `async function review(toolName${typed ? ': string' : ''}, input${typed ? ': Record<string, unknown>' : ''}) {\n  return { behavior: 'deny', message: 'Not now.' };\n}\n`;
const pythonReview = 'async def review(tool_name, input_data, context):\n    return PermissionResultDeny(message="Not now.")\n';

/** A class whose fields (TypeScript field initialisers, Python class attributes) hold the options: the mode on line 2. */
const scriptSettingsClass = ({ mode, allowed, denied }: Values) => `export class Settings {\n  mode = '${mode}';\n  tools = ${jsList(allowed)};\n${denied ? `  denied = ${jsList(denied)};\n` : ''}}\n`;
const pythonSettingsClass = ({ mode, allowed, denied }: Values) => `class Settings:\n    mode = "${mode}"\n    tools = ${pyList(allowed)}\n${denied ? `    denied = ${pyList(denied)}\n` : ''}`;

const bypassed = ({ mode, denied }: Values): boolean => mode === 'bypassPermissions' && !denied?.length;
/** Bypass with no deny rules, reported at `at` (the line of the mode) with `certainty`. */
const bypassAt = (at: string, certainty: string) => (values: Values) => ({ message: 'no-bypass-without-disallowed-tools/bypassWithoutDeny', at: bypassed(values) ? [`${at} ${certainty}`] : [] });

const constructs: Record<string, Construct> = {
  // A module that never imports the SDK and exports the options object a `query()` of another module receives.
  'options-only module': {
    script: (values, dialect) => ({
      [`config.${dialect.ext}`]: scriptOptionsModule(values),
      [`agent.${dialect.ext}`]: `import { query } from ${sdk};\nimport { options } from ${local('config', dialect)};\n\nquery({ prompt: 'Do the task', options });\n`,
    }),
    python: (values) => ({
      'config.py': pythonOptionsModule(values),
      'agent.py': 'from claude_agent_sdk import ClaudeAgentOptions, query\nfrom config import OPTIONS\n\nquery(prompt="Do the task", options=ClaudeAgentOptions(**OPTIONS))\n',
    }),
    implies: bypassAt('config:2', 'is'),
  },
  // The options module read through a namespace import (`import * as config`, `import config`), with a callback the agent adds.
  'options module by namespace, with canUseTool': {
    script: (values, dialect) => ({
      [`config.${dialect.ext}`]: scriptOptionsModule(values),
      [`agent.${dialect.ext}`]:
        `import { query } from ${sdk};\nimport * as config from ${local('config', dialect)};\n\n` +
        `${scriptReview(dialect)}\n\n` +
        "query({ prompt: 'Do the task', options: { ...config.options, canUseTool: review } });\n",
    }),
    python: (values) => ({
      'config.py': pythonOptionsModule(values),
      'agent.py':
        'import config\nfrom claude_agent_sdk import ClaudeAgentOptions, PermissionResultDeny, query\n\n' +
        `${pythonReview}\n\n\n` +
        'query(prompt="Do the task", options=ClaudeAgentOptions(**config.OPTIONS, can_use_tool=review))\n',
    }),
    implies: bypassAt('config:2', 'is'),
  },
  // A module between that spreads the options module's object over defaults of its own.
  'options module spread by another module': {
    script: (values, dialect) => ({
      [`config.${dialect.ext}`]: scriptOptionsModule(values),
      [`merged.${dialect.ext}`]: `import { options } from ${local('config', dialect)};\n\nexport const merged = { model: 'claude-sonnet-4-5', ...options };\n`,
      [`agent.${dialect.ext}`]: `import { query } from ${sdk};\nimport { merged } from ${local('merged', dialect)};\n\nquery({ prompt: 'Do the task', options: merged });\n`,
    }),
    python: (values) => ({
      'app/__init__.py': '',
      'app/config.py': pythonOptionsModule(values),
      'app/merged.py': 'from .config import OPTIONS\n\nMERGED = {"model": "claude-sonnet-4-5", **OPTIONS}\n',
      'app/agent.py': 'from claude_agent_sdk import ClaudeAgentOptions, query\nfrom .merged import MERGED\n\nquery(prompt="Do the task", options=ClaudeAgentOptions(**MERGED))\n',
    }),
    implies: bypassAt('config:2', 'is'),
  },
  'imported constants': importedConstants(false),
  'imported constants re-exported by a package index': importedConstants(true),
  // A module constant that the environment can override: "can be", where the fallback is written.
  'imported constant with an environment fallback': {
    script: (values, dialect) => ({
      [`config.${dialect.ext}`]: `import process from 'node:process';\nexport const MODE = process.env.AGENT_MODE ?? '${values.mode}';\n`,
      [`agent.${dialect.ext}`]:
        `import { query } from ${sdk};\nimport { MODE } from ${local('config', dialect)};\n\n` +
        `query({ prompt: 'Do the task', options: { ${scriptProperties([['permissionMode', 'MODE'], ...scriptOptions(values).slice(1)])} } });\n`,
    }),
    python: (values) => ({
      'config.py': `import os\nMODE = os.environ.get("AGENT_MODE", "${values.mode}")\n`,
      'agent.py':
        'from claude_agent_sdk import ClaudeAgentOptions, query\nfrom config import MODE\n\n' +
        `query(prompt="Do the task", options=ClaudeAgentOptions(${pythonKeywords([['permission_mode', 'MODE'], ...pythonOptions(values).slice(1)])}))\n`,
    }),
    implies: bypassAt('config:2', 'can be'),
  },
  // Constants read in a function of the agent, the list built from another constant of their module.
  'imported constants read in a function': {
    script: ({ mode, allowed, denied }, dialect) => ({
      [`config.${dialect.ext}`]: `export const MODE = '${mode}';\nconst BASE = ${jsList(allowed)};\nexport const TOOLS = [...BASE];\n${denied ? `export const DENIED = ${jsList(denied)};\n` : ''}`,
      [`agent.${dialect.ext}`]:
        `import { query } from ${sdk};\nimport { ${denied ? 'DENIED, ' : ''}MODE, TOOLS } from ${local('config', dialect)};\n\n` +
        `export function run(prompt${dialect.typed ? ': string' : ''}) {\n  return query({ prompt, options: { permissionMode: MODE, allowedTools: TOOLS${denied ? ', disallowedTools: DENIED' : ''} } });\n}\n`,
    }),
    python: ({ mode, allowed, denied }) => ({
      'config.py': `MODE = "${mode}"\n_BASE = ${pyList(allowed)}\nTOOLS = [*_BASE]\n${denied ? `DENIED = ${pyList(denied)}\n` : ''}`,
      'agent.py':
        `from claude_agent_sdk import ClaudeAgentOptions, query\nfrom config import ${denied ? 'DENIED, ' : ''}MODE, TOOLS\n\n` +
        `def run(prompt):\n    return query(prompt=prompt, options=ClaudeAgentOptions(permission_mode=MODE, allowed_tools=TOOLS${denied ? ', disallowed_tools=DENIED' : ''}))\n`,
    }),
    implies: bypassAt('config:1', 'is'),
  },
  'class fields': settingsClass(false),
  'subclass of a class from another module': settingsClass(true),
  // The same class with its fields set in the constructor.
  'class constructor': {
    script: ({ mode, allowed, denied }, dialect) => ({
      [`config.${dialect.ext}`]:
        `export class Settings {\n  constructor() {\n    this.mode = '${mode}';\n    this.tools = ${jsList(allowed)};\n${denied ? `    this.denied = ${jsList(denied)};\n` : ''}  }\n` +
        // TypeScript declares the fields, after the constructor so that the lines stay the other languages'.
        `${dialect.typed ? `\n  mode: string;\n  tools: string[];\n${denied ? '  denied: string[];\n' : ''}` : ''}}\n`,
      [`agent.${dialect.ext}`]: classAgent(denied, dialect),
    }),
    python: ({ mode, allowed, denied }) => ({
      'app/__init__.py': '',
      'app/config.py': `class Settings:\n    def __init__(self):\n        self.mode = "${mode}"\n        self.tools = ${pyList(allowed)}\n${denied ? `        self.denied = ${pyList(denied)}\n` : ''}`,
      'app/agent.py': classPythonAgent(denied),
    }),
    implies: bypassAt('config:3', 'is'),
  },
  // A class of another module whose constructor's defaults are the options, built with no arguments.
  'class constructor defaults': {
    script: ({ mode, allowed, denied }, dialect) => ({
      [`config.${dialect.ext}`]:
        `export class Settings {\n  constructor(mode = '${mode}', tools = ${jsList(allowed)}${denied ? `, denied = ${jsList(denied)}` : ''}) {\n    this.mode = mode;\n    this.tools = tools;\n${denied ? '    this.denied = denied;\n' : ''}  }\n` +
        `${dialect.typed ? `\n  mode: string;\n  tools: string[];\n${denied ? '  denied: string[];\n' : ''}` : ''}}\n`,
      [`agent.${dialect.ext}`]: classAgent(denied, dialect),
    }),
    python: ({ mode, allowed, denied }) => ({
      'app/__init__.py': '',
      'app/config.py': `class Settings:\n    def __init__(self, mode="${mode}", tools=${pyList(allowed)}${denied ? `, denied=${pyList(denied)}` : ''}):\n        self.mode = mode\n        self.tools = tools\n${denied ? '        self.denied = denied\n' : ''}`,
      'app/agent.py': classPythonAgent(denied),
    }),
    implies: bypassAt('config:2', 'is'),
  },
  // An instance built in the other module, and a method of its class that returns the options with its field.
  'instance and options method': {
    script: ({ mode, allowed, denied }, dialect) => ({
      [`config.${dialect.ext}`]:
        `class Settings {\n  mode = '${mode}';\n\n  options() {\n    return { permissionMode: this.mode, allowedTools: ${jsList(allowed)}${denied ? `, disallowedTools: ${jsList(denied)}` : ''} };\n  }\n}\n\nexport const settings = new Settings();\n`,
      [`agent.${dialect.ext}`]: `import { query } from ${sdk};\nimport { settings } from ${local('config', dialect)};\n\nquery({ prompt: 'Do the task', options: settings.options() });\n`,
    }),
    python: ({ mode, allowed, denied }) => ({
      'config.py': `class _Settings:\n    mode = "${mode}"\n\n    def options(self):\n        return dict(permission_mode=self.mode, allowed_tools=${pyList(allowed)}${denied ? `, disallowed_tools=${pyList(denied)}` : ''})\n\n\nsettings = _Settings()\n`,
      'agent.py': 'from claude_agent_sdk import ClaudeAgentOptions, query\nfrom config import settings\n\nquery(prompt="Do the task", options=ClaudeAgentOptions(**settings.options()))\n',
    }),
    implies: bypassAt('config:2', 'is'),
  },
  'session handed off': handedOff(false),
  'session handed off by name': handedOff(true),
  // A session handed to an awaited function of another module that switches its mode, with the callback that mode can shadow.
  'session switched by an awaited function': {
    script: (values, dialect) => ({
      [`switches.${dialect.ext}`]:
        `${dialect.typed ? `import type { Query } from ${sdk};` : "// Run-time switches of the agent's mode."}\n\n\n` +
        `export async function escalate(session${dialect.typed ? ': Query' : ''}) {\n  console.log('escalating');\n  await session.setPermissionMode('${values.mode}');\n}\n`,
      [`agent.${dialect.ext}`]:
        `import { query } from ${sdk};\nimport { escalate } from ${local('switches', dialect)};\n\n\n` +
        `export async function chat(prompt${dialect.typed ? ': string' : ''}) {\n` +
        `  const session = query({ prompt, options: { ${scriptProperties([['canUseTool', 'review'], ...scriptOptions(values).slice(1)])} } });\n` +
        '  await escalate(session);\n  for await (const message of session) console.log(message);\n}\n\n' +
        scriptReview(dialect),
    }),
    python: (values) => ({
      'app/__init__.py': '',
      'app/switches.py': `"""Run-time switches of the agent's mode."""\n\n\nasync def escalate(session):\n    print("escalating")\n    await session.set_permission_mode("${values.mode}")\n`,
      'app/agent.py':
        'from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient, PermissionResultDeny\nfrom .switches import escalate\n\n\nasync def chat(prompt):\n' +
        `    async with ClaudeSDKClient(ClaudeAgentOptions(${pythonKeywords([['can_use_tool', 'review'], ...pythonOptions(values).slice(1)])})) as session:\n` +
        '        await escalate(session)\n        await session.query(prompt)\n\n\n' +
        pythonReview,
    }),
    implies: bypassAt('switches:6', 'can be'),
  },
  // The canUseTool callback another module exports, which a bypass mode of the agent's shadows.
  'callback from another module': {
    script: (values, dialect) => ({
      [`review.${dialect.ext}`]: `// The permission callback of the agent.\n\n\nexport ${scriptReview(dialect)}`,
      [`agent.${dialect.ext}`]:
        `import { query } from ${sdk};\nimport { review } from ${local('review', dialect)};\n\n` +
        `query({ prompt: 'Do the task', options: { ${scriptProperties([['canUseTool', 'review'], ...scriptOptions(values)])} } });\n`,
    }),
    python: (values) => ({
      'review.py': `from claude_agent_sdk import PermissionResultDeny\n\n\n${pythonReview}`,
      'agent.py':
        'from claude_agent_sdk import ClaudeAgentOptions, query\nfrom review import review\n\n' +
        `query(prompt="Do the task", options=ClaudeAgentOptions(${pythonKeywords([['can_use_tool', 'review'], ...pythonOptions(values)])}))\n`,
    }),
    implies: ({ mode }) => ({ message: 'no-shadowed-can-use-tool/bypassMode', at: mode === 'bypassPermissions' ? ['agent:4 is'] : [] }),
  },
  // One module: a check before the entry call that refuses canUseTool with permissionPromptToolName, or one that does not stop.
  'guard before the entry call': {
    script: (values, dialect) => ({
      [`agent.${dialect.ext}`]:
        `import { query } from ${sdk};\nimport process from 'node:process';\n\n` +
        `${scriptReview(dialect)}\n` +
        `export function start({ canUseTool, permissionPromptToolName, ...rest }${dialect.typed ? ': Record<string, any>' : ''}) {\n${scriptGuard(values.guard)}` +
        "  return query({ prompt: 'Do the task', options: { canUseTool, permissionPromptToolName, ...rest } });\n}\n\n" +
        `start({ ${scriptProperties([['canUseTool', 'review'], ['permissionPromptToolName', "'mcp__approver__prompt'"], ...scriptOptions(values)])} });\n`,
    }),
    python: (values) => ({
      'agent.py':
        'import os\nfrom claude_agent_sdk import ClaudeAgentOptions, PermissionResultDeny, query\n\n' +
        `${pythonReview}\n\n` +
        `def start(can_use_tool=None, permission_prompt_tool_name=None, **rest):\n${pythonGuard(values.guard)}` +
        '    return query(prompt="Do the task", options=ClaudeAgentOptions(can_use_tool=can_use_tool, permission_prompt_tool_name=permission_prompt_tool_name, **rest))\n\n\n' +
        `start(${pythonKeywords([['can_use_tool', 'review'], ['permission_prompt_tool_name', '"mcp__approver__prompt"'], ...pythonOptions(values)])})\n`,
    }),
    implies: ({ guard }) => ({ message: 'can-use-tool-must-decide/withPromptTool', at: refuses(guard) ? [] : ['agent:15 can be'] }),
  },
  // The same check in a wrapper class that keeps the options in fields and reads them through `this` / `self`.
  'guard in a wrapper class': {
    script: (values, dialect) => ({
      [`agent.${dialect.ext}`]:
        `import { query } from ${sdk};\nimport process from 'node:process';\n\n` +
        `${scriptReview(dialect)}\n` +
        `export class Agent {\n  constructor({ canUseTool, permissionPromptToolName, ...rest }${dialect.typed ? ': Record<string, any>' : ''}) {\n` +
        '    this.canUseTool = canUseTool;\n    this.permissionPromptToolName = permissionPromptToolName;\n    this.rest = rest;\n  }\n' +
        // TypeScript declares the fields on the line the other languages leave blank.
        `${dialect.typed ? '  [field: string]: any;' : ''}\n  run() {\n${scriptGuard(values.guard, 'this.', '    ')}` +
        "    return query({ prompt: 'Do the task', options: { canUseTool: this.canUseTool, permissionPromptToolName: this.permissionPromptToolName, ...this.rest } });\n  }\n}\n\n" +
        `new Agent({ ${scriptProperties([['canUseTool', 'review'], ['permissionPromptToolName', "'mcp__approver__prompt'"], ...scriptOptions(values)])} }).run();\n`,
    }),
    python: (values) => ({
      'agent.py':
        'import os\nfrom claude_agent_sdk import ClaudeAgentOptions, PermissionResultDeny, query\n\n' +
        `${pythonReview}\n\n` +
        'class Agent:\n    def __init__(self, can_use_tool=None, permission_prompt_tool_name=None, **rest):\n' +
        '        self.can_use_tool = can_use_tool\n        self.permission_prompt_tool_name = permission_prompt_tool_name\n        self.rest = rest\n\n\n' +
        `    def run(self):\n${pythonGuard(values.guard, 'self.', '        ')}` +
        '        return query(prompt="Do the task", options=ClaudeAgentOptions(can_use_tool=self.can_use_tool, permission_prompt_tool_name=self.permission_prompt_tool_name, **self.rest))\n\n\n\n' +
        `Agent(${pythonKeywords([['can_use_tool', 'review'], ['permission_prompt_tool_name', '"mcp__approver__prompt"'], ...pythonOptions(values)])}).run()\n`,
    }),
    implies: ({ guard }) => ({ message: 'can-use-tool-must-decide/withPromptTool', at: refuses(guard) ? [] : ['agent:23 can be'] }),
  },
};

/**
 * Module constants of a package's module, imported by name; through the package's index
 * (`export * from './config'`, `from .config import *` in `__init__.py`), when `reExported`.
 */
function importedConstants(reExported: boolean): Construct {
  return {
    script: ({ mode, allowed, denied }, dialect) => ({
      [`config.${dialect.ext}`]: `export const MODE = '${mode}';\nexport const TOOLS = ${jsList(allowed)};\n${denied ? `export const DENIED = ${jsList(denied)};\n` : ''}`,
      ...(reExported ? { [`index.${dialect.ext}`]: `export * from ${local('config', dialect)};\n` } : {}),
      [`agent.${dialect.ext}`]:
        `import { query } from ${sdk};\nimport { ${denied ? 'DENIED, ' : ''}MODE, TOOLS } from ${local(reExported ? 'index' : 'config', dialect)};\n\n` +
        `query({ prompt: 'Do the task', options: { permissionMode: MODE, allowedTools: TOOLS${denied ? ', disallowedTools: DENIED' : ''} } });\n`,
    }),
    python: ({ mode, allowed, denied }) => ({
      'app/__init__.py': reExported ? 'from .config import *\n' : '',
      'app/config.py': `MODE = "${mode}"\nTOOLS = ${pyList(allowed)}\n${denied ? `DENIED = ${pyList(denied)}\n` : ''}`,
      [reExported ? 'agent.py' : 'app/agent.py']:
        `from claude_agent_sdk import ClaudeAgentOptions, query\nfrom ${reExported ? 'app' : '.config'} import ${denied ? 'DENIED, ' : ''}MODE, TOOLS\n\n` +
        `query(prompt="Do the task", options=ClaudeAgentOptions(permission_mode=MODE, allowed_tools=TOOLS${denied ? ', disallowed_tools=DENIED' : ''}))\n`,
    }),
    implies: bypassAt('config:1', 'is'),
  };
}

/**
 * A session handed to a key binding of another module that switches its mode: "can be", where the
 * switch is written. The session starts in the default mode (its options leave the values' mode
 * out): the mode is the switch's. By name: destructured from an object (`bindKeys({ session })`), by keyword in Python.
 */
function handedOff(byName: boolean): Construct {
  return {
    script: (values, dialect) => ({
      [`keys.${dialect.ext}`]:
        `${dialect.typed ? `import type { Query } from ${sdk};` : '// The key bindings of the terminal.'}\n\n\n` +
        `export function bindKeys(${byName ? `{ session }${dialect.typed ? ': { session: Query }' : ''}` : `session${dialect.typed ? ': Query' : ''}`}) {\n` +
        `  process.stdin.on('data', () => {\n    void session.setPermissionMode('${values.mode}');\n  });\n}\n`,
      [`agent.${dialect.ext}`]:
        `import { query } from ${sdk};\nimport { bindKeys } from ${local('keys', dialect)};\n\n\n` +
        `export async function chat(prompt${dialect.typed ? ': string' : ''}) {\n` +
        `  const session = query({ prompt, options: { ${scriptProperties(scriptOptions(values).slice(1))} } });\n` +
        `  bindKeys(${byName ? '{ session }' : 'session'});\n  for await (const message of session) console.log(message);\n}\n`,
    }),
    python: (values) => ({
      'app/__init__.py': '',
      'app/keys.py': `import asyncio\n\n\ndef bind_keys(${byName ? '*, session' : 'session'}):\n    def on_key(key):\n        asyncio.ensure_future(session.set_permission_mode("${values.mode}"))\n\n    return on_key\n`,
      'app/agent.py':
        'from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient\nfrom .keys import bind_keys\n\n\nasync def chat(prompt):\n' +
        `    async with ClaudeSDKClient(ClaudeAgentOptions(${pythonKeywords(pythonOptions(values).slice(1))})) as session:\n` +
        `        bind_keys(${byName ? 'session=session' : 'session'})\n        await session.query(prompt)\n`,
    }),
    implies: bypassAt('keys:6', 'can be'),
  };
}

/** A class of another module whose fields hold the options, built by the agent, or (`derived`) through a subclass the agent declares. */
function settingsClass(derived: boolean): Construct {
  return {
    script: (values, dialect) => ({ [`config.${dialect.ext}`]: scriptSettingsClass(values), [`agent.${dialect.ext}`]: classAgent(values.denied, dialect, derived) }),
    python: (values) => ({ 'app/__init__.py': '', 'app/config.py': pythonSettingsClass(values), 'app/agent.py': classPythonAgent(values.denied, derived) }),
    implies: bypassAt('config:2', 'is'),
  };
}

/** The agent module of the class constructs: it builds the class another module exports (or, `derived`, a subclass of it, two lines) and reads its fields. */
function classAgent(denied: string[] | undefined, dialect: Dialect, derived = false): string {
  return (
    `import { query } from ${sdk};\nimport { Settings } from ${local('config', dialect)};\n\n` +
    `${derived ? 'class Local extends Settings {\n}\nconst settings = new Local();' : 'const settings = new Settings();'}\n` +
    `query({ prompt: 'Do the task', options: { permissionMode: settings.mode, allowedTools: settings.tools${denied ? ', disallowedTools: settings.denied' : ''} } });\n`
  );
}

function classPythonAgent(denied: string[] | undefined, derived = false): string {
  return (
    'from claude_agent_sdk import ClaudeAgentOptions, query\nfrom .config import Settings\n\n' +
    `${derived ? 'class Local(Settings):\n    pass\nsettings = Local()' : 'settings = Settings()'}\n` +
    `query(prompt="Do the task", options=ClaudeAgentOptions(permission_mode=settings.mode, allowed_tools=settings.tools${denied ? ', disallowed_tools=settings.denied' : ''}))\n`
  );
}

/** The guard's three lines, each language's way, reading the options through `on` (`this.`), indented by `indent`. */
function scriptGuard(guard: Guard, on = '', indent = '  '): string {
  const both = `${on}canUseTool && ${on}permissionPromptToolName`;
  const written: Record<Guard, string[]> = {
    none: ["const label = 'agent';", 'console.log(label);', ''],
    throws: [`if (${both}) {`, "  throw new Error('Pick canUseTool or permissionPromptToolName.');", '}'],
    returns: [`if (${on}permissionPromptToolName && (${on}canUseTool)) {`, '  return undefined;', '}'],
    warns: [`if (${both}) {`, "  console.warn('Both are set.');", '}'],
    'third condition': [`if (${both} && process.env.STRICT) {`, "  throw new Error('Pick one.');", '}'],
  };
  return written[guard].map((line) => (line ? `${indent}${line}\n` : '\n')).join('');
}

function pythonGuard(guard: Guard, on = '', indent = '    '): string {
  const both = `${on}can_use_tool and ${on}permission_prompt_tool_name`;
  const written: Record<Guard, string[]> = {
    none: ['label = "agent"', 'print(label)', ''],
    throws: [`if ${both}:`, '    raise ValueError("Pick can_use_tool or permission_prompt_tool_name.")', ''],
    returns: [`if ${on}permission_prompt_tool_name and (${on}can_use_tool):`, '    return None', ''],
    warns: [`if ${both}:`, '    print("Both are set.")', ''],
    'third condition': [`if ${both} and os.environ.get("STRICT"):`, '    raise ValueError("Pick one.")', ''],
  };
  return written[guard].map((line) => (line ? `${indent}${line}\n` : '\n')).join('');
}

const values: fc.Arbitrary<Values> = fc.record(
  {
    mode: fc.constantFrom(...modes),
    allowed: fc.uniqueArray(fc.constantFrom(...tools), { maxLength: 3 }),
    denied: fc.uniqueArray(fc.constantFrom(...tools), { maxLength: 2 }),
    guard: fc.constantFrom(...guards),
  },
  { requiredKeys: ['mode', 'allowed', 'guard'] },
);

/** Run with every construct each time: bypass without and with deny rules (a near miss), modes that are not bypass, and each guard. */
const examples: Values[] = [
  { mode: 'bypassPermissions', allowed: ['Bash'], guard: 'none' },
  { mode: 'bypassPermissions', allowed: ['Bash'], denied: ['WebFetch'], guard: 'throws' },
  { mode: 'plan', allowed: ['Read'], guard: 'returns' },
  { mode: 'bypassPermissions', allowed: [], denied: [], guard: 'warns' },
  { mode: 'default', allowed: ['Edit'], guard: 'third condition' },
];

type Language = 'typescript' | 'javascript' | 'python';

/**
 * The three projects scanned together, one folder each, and their findings by language: the
 * module (file name without folder or extension), line, rule, message and its data in one spelling.
 */
async function findings(construct: Construct, written: Values): Promise<Record<Language, string[]>> {
  const folders: Record<Language, Project> = { typescript: construct.script(written, typescript), javascript: construct.script(written, javascript), python: construct.python(written) };
  const files = Object.entries(folders).flatMap(([language, project]) => Object.entries(project).map(([file, text]) => [`${language}/${file}`, text] as const));
  const result = await scan({ cwd: tree(Object.fromEntries(files)), configFile: false });
  expect(result.problems).toEqual([]);
  const found: Record<Language, string[]> = { typescript: [], javascript: [], python: [] };
  for (const { path: file, line, ruleId, messageId, data } of result.findings) {
    const entries = Object.entries(data).sort(([a], [b]) => (a < b ? -1 : 1));
    found[file.split('/')[0] as Language].push(spelling(`${path.parse(file).name}:${line} ${ruleId}/${messageId} ${JSON.stringify(entries)}`));
  }
  return found;
}

describe.skipIf(!isPythonPath('x.py'))('agents spread over two modules', () => {
  const reached = new Set<string>();

  for (const [name, construct] of Object.entries(constructs)) {
    it(`${name}: TypeScript, JavaScript and Python give the same findings at the same lines, and the ones its values imply`, async () => {
      await fc.assert(
        fc.asyncProperty(values, async (written) => {
          const found = await findings(construct, written);
          const described = `${name} ${JSON.stringify(written)}`;
          expect(found.javascript, described).toEqual(found.typescript);
          expect(found.python, described).toEqual(found.typescript);
          const { message, at } = construct.implies(written);
          const certainty = (finding: string) => /"certainty","([^"]+)"/.exec(finding)?.[1];
          expect(found.typescript.filter((finding) => finding.includes(` ${message} `)).map((finding) => `${finding.split(' ')[0]} ${certainty(finding)}`), described).toEqual(at);
          for (const finding of found.typescript) reached.add(finding.split(' ')[1]!);
        }),
        // A scan of three projects costs more than the analysis of one file: few runs, and the near misses each time.
        { numRuns: 8, examples: examples.map((example) => [example]) },
      );
    });
  }

  it('the constructs reach the rules', () => {
    expect([...reached].sort()).toEqual(
      expect.arrayContaining([
        'can-use-tool-must-decide/withPromptTool',
        'no-bare-allowed-tools/bareTool',
        'no-bypass-without-disallowed-tools/allowedToolsIgnored',
        'no-bypass-without-disallowed-tools/bypassWithoutDeny',
        'no-shadowed-can-use-tool/bypassMode',
        'no-shadowed-can-use-tool/wholeToolAllowed',
      ]),
    );
  });
});
