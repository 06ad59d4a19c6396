import type { Analysis, AnalyseOptions } from '../contract.js';
import { unknown } from '../../model/build.js';
import { gatesOfFile } from '../../model/hooks.js';
import type { AgentConfiguration, AgentModel, Span, Suppression, ValueSet } from '../../model/types.js';
import { withExtraArgsApplied } from '../../model/cli-flags.js';
import { findConfigurations, standaloneOptions, type FoundConfigurations } from './configurations.js';
import { ReExportChain } from '../core/re-export-chain.js';
import { Evaluator, type ImporterCall, type ImportResolver } from './evaluate.js';
import { mentions, type ImporterCalls } from '../core/value-sources.js';
import { callsOf } from './parameters.js';
import { passesPermissionKeywords } from './option-callers.js';
import { describeFunctions, FunctionRegistry } from './functions.js';
import { followReExports, importBindingOf, importedModuleNames, importOfName, joinModule, starImports, type ImportBinding } from './imports.js';
import { ModuleResolution } from './modules.js';
import { isSdkModule } from './sdk.js';
import { parsePython, type ParsedModule } from './parse.js';
import { Scopes } from './scope.js';
import { suppressionsOf } from './suppressions.js';
import { field, textOf, type PyModule, type PyNode } from './syntax.js';
import { withPermissionSurfaces } from '../core/surfaces.js';

export interface ProjectHost {
  /** A file's text without a byte order mark, or undefined when it cannot be read. */
  readFile(path: string): string | undefined;
  /** A module parsed earlier from `path`, used again when its text is the text just read. */
  parsed?(path: string): ParsedModule | undefined;
}

interface ModuleContext {
  module: PyModule;
  syntaxErrors: ParsedModule['syntaxErrors'];
  scopes: Scopes;
  evaluator: Evaluator;
  suppressions: Suppression[];
}

/**
 * The Python modules of one analysis, sharing one function table. With
 * `followImports`, values imported from other modules of the project are
 * followed (`from .hooks import guard`, `from agent.config import OPTIONS`,
 * `from . import hooks` then `hooks.guard`); otherwise they stay unknown.
 */
export class PythonProject implements ImportResolver {
  private readonly registry = new FunctionRegistry();
  private readonly contexts = new Map<string, ModuleContext | null>();
  private readonly following = new Set<string>();
  private readonly modules: ModuleResolution;
  private readonly traces: Array<Set<PyNode>> = [];
  /** Modules that import from a local module the SDK may come through: only the project pass, which reads it, can tell. */
  private readonly throughLocalModules = new Set<string>();
  private readonly reExports = new ReExportChain();
  /** The modules of the analysis: their calls of a module's function give its parameters their values. */
  private roots: readonly string[] = [];

  constructor(
    private readonly host: ProjectHost,
    private readonly followImports: boolean,
  ) {
    this.modules = new ModuleResolution((file) => host.readFile(file) !== undefined);
  }

  /** Build the model of each root module; values may come from any module its imports reach. */
  analyse(roots: readonly string[], options: AnalyseOptions = {}): Map<string, Analysis & { crossesModules: boolean }> {
    this.roots = roots;
    const found = new Map<string, FoundConfigurations>();
    for (const root of roots) {
      const context = this.context(root);
      if (context) found.set(root, findConfigurations(context.module, context.evaluator));
    }
    const used = new Set([...found.values()].flatMap((result) => [...result.used]));
    // A configuration's value read from a caller's argument, which another module's call may pass (a
    // gate's parameters, read later for the facts of functions, are what the SDK passes).
    const readCallers = new Set([...found.keys()].filter((root) => this.context(root)!.evaluator.readsCallers));
    // Options built here and used nowhere here may be used by another module: only the whole project can tell.
    const crosses = (root: string): boolean => {
      const { built, used: usedHere } = found.get(root)!;
      const { evaluator } = this.context(root)!;
      return evaluator.crossesModules || readCallers.has(root) || built.some(({ node }) => !usedHere.has(node)) || this.throughLocalModules.has(root) || this.passesKeywords(root);
    };
    // Once a value came from another module it stays so: the facts of functions, the costliest part, are left to the project pass.
    if (options.deferCrossing && [...found.keys()].every(crosses)) return this.deferred([...found.keys()]);
    const configurations = new Map<string, AgentConfiguration[]>(
      [...found].map(([root, result]) => [root, withPermissionSurfaces([...result.entries, ...standaloneOptions(result, used)].map(withExtraArgsApplied))]),
    );
    const gates = new Map([...found].map(([root, result]) => [root, gatesOfFile(configurations.get(root)!, result.gates)]));
    const hookIds = new Set([...gates.values()].flat().filter((gate) => gate.kind === 'hook').map((gate) => gate.functionId));
    const functions = describeFunctions(this.registry, (module) => this.context(module.path)!, hookIds);
    const suppressions = [...this.contexts.values()].flatMap((context) => context?.suppressions ?? []);

    const analyses = new Map<string, Analysis & { crossesModules: boolean }>();
    for (const root of found.keys()) {
      const context = this.context(root)!;
      const model: AgentModel = {
        path: root,
        language: 'python',
        configurations: configurations.get(root)!,
        functions,
        // Now that the functions are known, with the functions whose result each gate returns.
        gates: gatesOfFile(configurations.get(root)!, found.get(root)!.gates, functions),
        suppressions,
      };
      const crossesModules = crosses(root);
      // The project pass can use the parse again instead of parsing the module twice.
      const parsed = crossesModules ? { parsed: { module: context.module, syntaxErrors: context.syntaxErrors } } : {};
      analyses.set(root, { model, syntaxErrors: context.syntaxErrors, crossesModules, ...parsed });
    }
    return analyses;
  }

  /** The module calls a project function with a permission keyword: it may be that function's caller (`passesPermissionKeywords`). */
  private passesKeywords(root: string): boolean {
    if (this.followImports) return false;
    const { module, scopes } = this.context(root)!;
    return passesPermissionKeywords(module, scopes);
  }

  /** Roots whose models the project pass builds: their syntax errors and parses, no model. */
  private deferred(roots: readonly string[]): Map<string, Analysis & { crossesModules: boolean }> {
    return new Map(roots.map((root) => {
      const { module, syntaxErrors } = this.context(root)!;
      return [root, { syntaxErrors, crossesModules: true, parsed: { module, syntaxErrors } }];
    }));
  }

  /** Modules other than the roots that imports led to, with their syntax errors. */
  importedFiles(roots: readonly string[]): Array<{ path: string; errors: ParsedModule['syntaxErrors'] }> {
    return [...this.contexts]
      .filter(([path, context]) => context && !roots.includes(path))
      .map(([path, context]) => ({ path, errors: context!.syntaxErrors }));
  }

  /** The project's modules `path` names in its imports (`ProjectPass.linkedModules`): parsed, never kept as a context. */
  linkedModules(path: string): string[] {
    const text = this.host.readFile(path);
    if (text === undefined) return [];
    const kept = this.host.parsed?.(path);
    const { module } = kept?.module.text === text ? kept : parsePython(text, path);
    return [...new Set(importedModuleNames(module).flatMap((name) => this.modules.resolve(name, path) ?? []))];
  }

  importedValue(fromFile: string, module: string, name: string, span: Span): ValueSet {
    if (!this.followImports || name === '*') return unknown(span);
    const target = this.modules.resolve(module, fromFile);
    const key = `${target}\0${name}`;
    const context = target && this.context(target);
    if (!context || this.following.has(key)) return unknown(span);
    this.following.add(key);
    try {
      return context.evaluator.exported(name, span);
    } finally {
      this.following.delete(key);
    }
  }

  importedClass(fromFile: string, module: string, name: string): { cls: PyNode; evaluator: Evaluator } | undefined {
    const target = this.followImports ? this.modules.resolve(module, fromFile) : undefined;
    const context = target ? this.context(target) : undefined;
    const cls = context?.evaluator.definedClass(name);
    return cls ? { cls, evaluator: context!.evaluator } : undefined;
  }

  evaluatorOf(module: PyModule): Evaluator | undefined {
    const context = this.followImports ? this.contexts.get(module.path) : undefined;
    return context?.module === module ? context.evaluator : undefined;
  }

  /**
   * The calls of module-level `fn` in the other modules of the analysis,
   * through the imports that bind it (`from app.client import make_client`,
   * `from . import client` then `client.make_client`). The scan's project
   * pass holds every module that imports a module naming the SDK
   * (src/engine/re-export-pass.ts).
   */
  callsFromImporters(source: PyModule, fn: PyNode): ImporterCalls<ImporterCall> | undefined {
    const nameNode = field(fn, 'name');
    if (!this.followImports || !nameNode) return undefined;
    const found: ImporterCalls<ImporterCall> = { calls: [], namedOtherwise: false };
    const target = source.path;
    const name = textOf(source, nameNode);
    for (const root of this.roots) {
      const context = root === target ? undefined : this.context(root);
      if (context) this.callsIn(context, target, name, found);
    }
    return found;
  }

  private callsIn({ module, scopes, evaluator }: ModuleContext, target: string, name: string, found: ImporterCalls<ImporterCall>): void {
    const before = found.calls.length;
    const names = new Set<string>();
    for (const call of callsOf(module)) {
      const callee = field(call, 'function');
      const called = callee && this.calledName(module, scopes, callee, target, name);
      if (!called) continue;
      names.add(called);
      found.calls.push({ call, source: module, evaluate: (node) => evaluator.evaluate(node) });
    }
    if (names.size === 0) return;
    // Named other than by its import and its calls: handed over, exported again.
    const imports = [...names].filter((each) => !each.includes('.')).length;
    const uses = [...names].reduce((count, each) => count + mentions(module.text, each), 0) - imports;
    if (uses > found.calls.length - before) found.namedOtherwise = true;
  }

  /** How `callee` names function `name` of module `target`, if it does: `make_client`, or `client.make_client`. */
  private calledName(module: PyModule, scopes: Scopes, callee: PyNode, target: string, name: string): string | undefined {
    if (callee.type === 'identifier') {
      const binding = importOfName(module, scopes, callee);
      return binding && binding.name === name && this.modules.resolve(binding.module, module.path) === target ? textOf(module, callee) : undefined;
    }
    const receiver = callee.type === 'attribute' ? field(callee, 'object') : undefined;
    const attribute = callee.type === 'attribute' ? field(callee, 'attribute') : undefined;
    if (receiver?.type !== 'identifier' || !attribute || textOf(module, attribute) !== name) return undefined;
    const binding = importOfName(module, scopes, receiver);
    if (!binding) return undefined;
    const imported = binding.name === '*' ? binding.module : joinModule(binding.module, binding.name);
    return this.modules.resolve(imported, module.path) === target ? textOf(module, callee) : undefined;
  }

  /**
   * The SDK import that `binding` in `fromFile` comes to when its module is
   * one of the project's and imports the name from the SDK (`from
   * claude_agent_sdk import query`, or `*`), through other local modules
   * too. Without following imports nothing is read: a relative import
   * leaves the module to the project pass.
   */
  private sdkThrough(fromFile: string, binding: ImportBinding): ImportBinding | undefined {
    if (binding.name === '*' || isSdkModule(binding.module)) return undefined;
    if (!this.followImports) {
      if (binding.module.startsWith('.')) this.throughLocalModules.add(fromFile);
      return undefined;
    }
    const target = this.modules.resolve(binding.module, fromFile);
    const context = target && this.context(target);
    if (!target || !context) return undefined;
    return this.reExports.through(target, binding.name, () => {
      const sites = context.scopes.module.bindings.get(binding.name) ?? [];
      if (sites.length === 0) {
        const star = starImports(context.module).find(isSdkModule);
        return star === undefined ? undefined : { module: star, name: binding.name };
      }
      const bindings = sites.map((site) => importBindingOf(context.module, site));
      const [first] = bindings;
      // Bound once, by one import: anything else (a def, two imports) is not the SDK's for certain.
      if (!first || bindings.some((other) => !other || other.module !== first.module || other.name !== first.name)) return undefined;
      return isSdkModule(first.module) ? first : this.sdkThrough(target, first);
    });
  }

  private context(path: string): ModuleContext | undefined {
    let context = this.contexts.get(path);
    if (context === undefined) {
      const text = this.host.readFile(path);
      if (text === undefined) context = null;
      else {
        const kept = this.host.parsed?.(path);
        // Keyed by text as well as path: a module that changed since it was parsed is parsed again.
        const { module, syntaxErrors } = kept?.module.text === text ? kept : parsePython(text, path);
        const scopes = new Scopes(module);
        const evaluator = new Evaluator(module, scopes, this.registry, this, this.traces);
        context = { module, syntaxErrors, scopes, evaluator, suppressions: suppressionsOf(module) };
        followReExports(module, (binding) => this.sdkThrough(path, binding));
      }
      this.contexts.set(path, context);
    }
    return context ?? undefined;
  }
}
