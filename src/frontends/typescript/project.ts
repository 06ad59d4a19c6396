import ts from './compiler.cjs';
import type { Analysis, AnalyseOptions, SyntaxError } from '../contract.js';
import { unknown } from '../../model/build.js';
import { gatesOfFile } from '../../model/hooks.js';
import type { AgentModel, Span, Suppression, ValueSet } from '../../model/types.js';
import { propertyOf } from '../../model/values.js';
import { withExtraArgsApplied } from '../../model/cli-flags.js';
import { findConfigurations, standaloneTyped, type FoundConfigurations } from './configurations.js';
import { ReExportChain } from '../core/re-export-chain.js';
import { Evaluator, type ImporterCall, type ImportResolver } from './evaluate.js';
import { mentions, type ImporterCalls } from '../core/value-sources.js';
import { indexOf } from './file-index.js';
import { exportedClass, findExport } from './exports.js';
import { describeFunctions, FunctionRegistry } from './functions.js';
import { diskResolutionHost, ModuleResolution } from './module-resolution.js';
import { bindingsOf, importOf, linkedModuleNames, linkedModuleNamesOfText, moduleReferences, requiredModule } from './imports.js';
import { parseSource, spanOf, syntaxErrorsOf, unwrap } from './parse.js';
import { Scopes } from './scope.js';
import { followReExports, isSdkModule, sdkBindingOf, sdkExport, type SdkBinding } from './sdk.js';
import { isClassDeclaration, isConstructorDeclaration, isIdentifier, isPropertyAccessExpression, isVariableDeclaration } from './syntax.js';
import { suppressionsOf } from './suppressions.js';
import { OwnPackages } from './own-package.js';
import { withPermissionSurfaces } from '../core/surfaces.js';

export interface ProjectHost {
  /** A file's text without a byte order mark, or undefined when it cannot be read. */
  readFile(path: string): string | undefined;
  /** A syntax tree parsed earlier from `path`, used again when its text is the text just read. */
  parsed?(path: string): ts.SourceFile | undefined;
}

/** An import, re-export or `require` of a module, and the names it binds (`name`: the export, `default` or `*`). */
export interface ModuleReference {
  span: Span;
  module: string;
  bindings: Array<{ span: Span; name: string }>;
}

interface FileContext {
  file: ts.SourceFile;
  scopes: Scopes;
  evaluator: Evaluator;
  /** Its suppression comments, read once the first model needs them. */
  suppressions?: Suppression[];
  /** The names its imports bind, by the file each import resolves to: read once, asked for each exported function. */
  importsByFile?: Map<string, Array<{ node: ts.Node; name: string }>>;
}

/**
 * The TypeScript/JavaScript files of one analysis, sharing one function table.
 * With `followImports`, values imported from other modules of the project are
 * followed (relative imports, index files, re-exports, `export default`,
 * tsconfig `paths`, CommonJS `module.exports`); otherwise they stay unknown.
 */
export class TypeScriptProject implements ImportResolver {
  private readonly registry = new FunctionRegistry();
  private readonly contexts = new Map<string, FileContext | null>();
  private readonly following = new Set<string>();
  private readonly modules: ModuleResolution;
  private readonly traces: Array<Set<ts.Node>> = [];
  /** Files that import from a local module the SDK may come through: only the project pass, which reads it, can tell. */
  private readonly throughLocalModules = new Set<string>();
  private readonly reExports = new ReExportChain();
  private readonly ownPackages: OwnPackages;
  /** The files of the analysis: their calls of an exported function give its parameters their values. */
  private roots: readonly string[] = [];

  constructor(
    private readonly host: ProjectHost,
    private readonly followImports: boolean,
  ) {
    this.modules = new ModuleResolution(diskResolutionHost((file) => host.readFile(file)));
    this.ownPackages = new OwnPackages((file) => host.readFile(file));
  }

  /** Build the model of each root file; values may come from any module its imports reach. */
  analyse(roots: readonly string[], options: AnalyseOptions = {}): Map<string, Analysis> {
    this.roots = roots;
    const found = new Map<string, FoundConfigurations>();
    for (const root of roots) {
      const context = this.context(root);
      if (context) found.set(root, findConfigurations(context.file, context.scopes, context.evaluator));
    }
    // A configuration's value read from a caller's argument, which another module's call may pass (a
    // gate's parameters, read later for the facts of functions, are what the SDK passes).
    const readCallers = new Set([...found.keys()].filter((root) => this.context(root)!.evaluator.readsCallers));
    // Typed options may be used by another module: only the whole project can tell.
    const crosses = (root: string): boolean =>
      this.context(root)!.evaluator.crossesModules || readCallers.has(root) || found.get(root)!.typed.length > 0 || this.throughLocalModules.has(root);
    // Once a value came from another module it stays so: the facts of functions, the costliest part, are left to the project pass.
    if (options.deferCrossing && [...found.keys()].every(crosses)) return this.deferred([...found.keys()]);
    const used = new Set([...found.values()].flatMap((result) => [...result.used]));
    const configurations = new Map([...found].map(([root, result]) => [root, withPermissionSurfaces([...result.entries, ...standaloneTyped(result, used)].map(withExtraArgsApplied))]));
    const gates = new Map([...found].map(([root, result]) => [root, gatesOfFile(configurations.get(root)!, result.gates)]));
    const hookIds = new Set([...gates.values()].flat().filter((gate) => gate.kind === 'hook').map((gate) => gate.functionId));
    const functions = describeFunctions(this.registry, (node) => this.context(node.getSourceFile().fileName)!, hookIds);

    // Spans may lie in any module the analysis read, so the comments of all of them count.
    const suppressions = [...this.contexts.values()].flatMap((context) => {
      if (!context) return [];
      context.suppressions ??= suppressionsOf(context.file);
      return context.suppressions;
    });
    const analyses = new Map<string, Analysis>();
    for (const root of found.keys()) {
      const context = this.context(root)!;
      const model: AgentModel = {
        path: root,
        language: /\.[cm]?tsx?$/i.test(root) ? 'typescript' : 'javascript',
        configurations: configurations.get(root)!,
        functions,
        // Now that the functions are known, with the functions whose result each gate returns.
        gates: gatesOfFile(configurations.get(root)!, found.get(root)!.gates, functions),
        ...(suppressions.length > 0 ? { suppressions } : {}),
      };
      const crossesModules = crosses(root);
      // The project pass can use the tree again instead of parsing the file twice.
      analyses.set(root, { model, syntaxErrors: syntaxErrorsOf(context.file), crossesModules, ...(crossesModules ? { parsed: context.file } : {}) });
    }
    return analyses;
  }

  /** Roots whose models the project pass builds: their syntax errors and trees, no model. */
  private deferred(roots: readonly string[]): Map<string, Analysis> {
    return new Map(roots.map((root) => {
      const { file } = this.context(root)!;
      return [root, { syntaxErrors: syntaxErrorsOf(file), crossesModules: true, parsed: file }];
    }));
  }

  /** Files other than the roots that imports led to, with their syntax errors. */
  importedFiles(roots: readonly string[]): Array<{ path: string; errors: SyntaxError[] }> {
    return [...this.contexts]
      .filter(([path, context]) => context && !roots.includes(path))
      .map(([path, context]) => ({ path, errors: syntaxErrorsOf(context!.file) }));
  }

  /** The project's files `path` names in its imports (`ProjectPass.linkedModules`): parsed, never kept as a context. */
  linkedModules(path: string): string[] {
    const text = this.host.readFile(path);
    if (text === undefined) return [];
    const kept = this.host.parsed?.(path);
    const names = kept?.text === text ? linkedModuleNames(kept) : linkedModuleNamesOfText(text, path, parseSource);
    return [...new Set(names.flatMap((module) => this.modules.resolve(module, path) ?? []))];
  }

  importedValue(fromFile: string, module: string, name: string, span: Span): ValueSet {
    if (!this.followImports) return unknown(span);
    const target = this.modules.resolve(module, fromFile);
    return target ? this.exported(target, name, span) : unknown(span);
  }

  importedClass(fromFile: string, module: string, name: string): { cls: ts.ClassDeclaration; evaluator: Evaluator } | undefined {
    const target = this.followImports ? this.modules.resolve(module, fromFile) : undefined;
    return target ? this.classExport(target, name) : undefined;
  }

  /** The class module `path` exports as `name`: `export class`, `export { Settings }`, `export default Settings`, re-exported. */
  private classExport(path: string, name: string): { cls: ts.ClassDeclaration; evaluator: Evaluator } | undefined {
    const context = this.context(path);
    const key = `${path}\0class ${name}`;
    if (!context || this.following.has(key)) return undefined;
    this.following.add(key);
    try {
      const declared = exportedClass(context.file, name);
      if (declared) return { cls: declared, evaluator: context.evaluator };
      const { source } = findExport(context.file, name);
      if (source?.kind === 'reexport') return this.importedClass(path, source.module, source.name);
      const local = source?.kind === 'value' && isIdentifier(source.node) ? context.scopes.resolve(source.node) : undefined;
      if (local && isClassDeclaration(local)) return { cls: local, evaluator: context.evaluator };
      const imported = local && importOf(local);
      return imported && !isSdkModule(imported.module) ? this.importedClass(path, imported.module, imported.name) : undefined;
    } finally {
      this.following.delete(key);
    }
  }

  evaluatorOf(file: ts.SourceFile): Evaluator | undefined {
    const context = this.followImports ? this.contexts.get(file.fileName) : undefined;
    return context?.file === file ? context.evaluator : undefined;
  }

  /**
   * The calls of `fn` in the other files of the analysis, through the
   * imports that bind it (`import { run }`, `import run`, `import * as m`
   * then `m.run`, `require`). The scan's project pass holds every file that
   * imports a module naming the SDK (src/engine/re-export-pass.ts).
   */
  callsFromImporters(fn: ts.SignatureDeclaration): ImporterCalls<ImporterCall> | undefined {
    if (!this.followImports) return undefined;
    const file = fn.getSourceFile().fileName;
    const found: ImporterCalls<ImporterCall> = { calls: [], namedOtherwise: false };
    for (const root of this.roots) {
      const context = root === file ? undefined : this.context(root);
      if (context) this.callsIn(context, file, fn, found);
    }
    return found;
  }

  private importsByFile(context: FileContext): Map<string, Array<{ node: ts.Node; name: string }>> {
    if (!context.importsByFile) {
      const found = new Map<string, Array<{ node: ts.Node; name: string }>>();
      for (const { node, module } of moduleReferences(context.file)) {
        const target = this.modules.resolve(module, context.file.fileName);
        if (!target) continue;
        const list = found.get(target) ?? [];
        list.push(...bindingsOf(node));
        found.set(target, list);
      }
      context.importsByFile = found;
    }
    return context.importsByFile;
  }

  private callsIn(context: FileContext, target: string, fn: ts.SignatureDeclaration, found: ImporterCalls<ImporterCall>): void {
    const { file, scopes, evaluator } = context;
    // The import bindings that name it, each with the text that names it where it is used: `run`, or `m.run`.
    const bound = this.importsByFile(context).get(target);
    if (!bound) return;
    const direct = new Map<ts.Node, string>();
    const namespaces = new Map<ts.Node, string>();
    // A constructor is called by `new` of its class.
    const cls = isConstructorDeclaration(fn) && isClassDeclaration(fn.parent) ? fn.parent : undefined;
    const exportsIt = (name: string): boolean => (cls ? this.classExport(target, name)?.cls === cls : this.exportsFunction(target, name, fn));
    for (const binding of bound) {
      const local = (binding.node as ts.Identifier).text;
      if (binding.name === '*') namespaces.set(binding.node.parent, local);
      else if (exportsIt(binding.name)) direct.set(binding.node.parent, local);
    }
    if (direct.size === 0 && namespaces.size === 0) return;
    const before = found.calls.length;
    const names = new Set<string>();
    for (const call of cls ? indexOf(file).constructions : indexOf(file).calls) {
      const callee = unwrap(call.expression);
      const receiver = isPropertyAccessExpression(callee) ? unwrap(callee.expression) : undefined;
      const name = isIdentifier(callee)
        ? direct.get(scopes.resolve(callee)!)
        : receiver && isIdentifier(receiver) && namespaces.has(scopes.resolve(receiver)!) && exportsIt((callee as ts.PropertyAccessExpression).name.text)
          ? `${receiver.text}.${(callee as ts.PropertyAccessExpression).name.text}`
          : undefined;
      if (name === undefined) continue;
      names.add(name);
      found.calls.push({ call, evaluate: (expression) => evaluator.evaluate(expression) });
    }
    // Named other than by the import and its calls: handed over, exported again.
    for (const name of direct.values()) names.add(name);
    const uses = [...names].reduce((count, name) => count + mentions(file.text, name), 0) - direct.size;
    if (uses > found.calls.length - before) found.namedOtherwise = true;
  }

  /** Whether module `path` exports `fn` as `name`: `export function`, `export const run = () =>`, `export { run }`, `export default run`. */
  private exportsFunction(path: string, name: string, fn: ts.SignatureDeclaration): boolean {
    const context = this.context(path);
    const source = context && findExport(context.file, name).source;
    if (source?.kind === 'function') return source.node === fn;
    if (source?.kind !== 'value') return false;
    const node = unwrap(source.node as ts.Expression);
    if (node === fn) return true;
    const declaration = isIdentifier(node) ? context!.scopes.resolve(node) : undefined;
    return declaration === fn || (!!declaration && isVariableDeclaration(declaration) && !!declaration.initializer && unwrap(declaration.initializer) === fn);
  }

  /**
   * The imports and re-exports of `fromFile` through which `file` is reached:
   * directly, or through modules that `through` accepts (every module by
   * default). The ESLint plugin reports a value from a file it does not lint
   * there, since ESLint can only report inside the file it lints.
   */
  importsLeadingTo(file: string, fromFile: string, through: (module: string) => boolean = () => true): ModuleReference[] {
    const context = this.context(fromFile);
    if (!context) return [];
    return moduleReferences(context.file)
      .filter(({ module }) => {
        const target = this.modules.resolve(module, fromFile);
        return !!target && this.reaches(target, file, new Set(), through);
      })
      .map(({ node, module }) => ({
        span: spanOf(node),
        module,
        bindings: bindingsOf(node).map((binding) => ({ span: spanOf(binding.node), name: binding.name })),
      }));
  }

  /** Every module `fromFile` reaches through its imports, re-exports and requires, directly or not. */
  modulesReachedFrom(fromFile: string): Set<string> {
    const reached = new Set<string>();
    const stack = [fromFile];
    while (stack.length > 0) {
      const file = stack.pop()!;
      const context = this.context(file);
      if (!context) continue;
      for (const { module } of moduleReferences(context.file)) {
        const target = this.modules.resolve(module, file);
        if (target && !reached.has(target)) {
          reached.add(target);
          stack.push(target);
        }
      }
    }
    return reached;
  }

  private reaches(from: string, to: string, visited: Set<string>, through: (module: string) => boolean): boolean {
    if (from === to) return true;
    if (visited.has(from) || !through(from)) return false;
    visited.add(from);
    const context = this.context(from);
    if (!context) return false;
    return moduleReferences(context.file).some(({ module }) => {
      const target = this.modules.resolve(module, from);
      return !!target && this.reaches(target, to, visited, through);
    });
  }

  /**
   * What `name` imported from `module` in `fromFile` is of the SDK, when
   * that module is one of the project's and re-exports it (`export { query }
   * from '…'`, `export *`, an import it exports again), through other local
   * modules too; or the AI SDK provider, when the module is its package's
   * own entry (`OwnPackages`). Without following imports nothing is read:
   * the file is left to the project pass.
   */
  private sdkThrough(fromFile: string, module: string, name: string): SdkBinding | undefined {
    if (!this.followImports) {
      if (/^\.{1,2}(?:\/|$)/.test(module)) this.throughLocalModules.add(fromFile);
      return undefined;
    }
    const ownPackage = this.ownPackages.providerPackageOf(module, fromFile);
    if (ownPackage) return sdkExport(ownPackage, name);
    const target = this.modules.resolve(module, fromFile);
    const context = target && this.context(target);
    if (!target || !context) return undefined;
    return this.reExports.through(target, name, () => {
      // A type-only re-export hands on the SDK's types (`Options`); TypeScript rejects a value imported through one.
      const { source, stars } = findExport(context.file, name, true);
      if (source?.kind === 'reexport') return isSdkModule(source.module) ? sdkExport(source.module, source.name) : this.sdkThrough(target, source.module, source.name);
      // `module.exports = require('…')`.
      if (source?.kind === 'property') {
        const required = requiredModule(source.of);
        return required !== undefined && isSdkModule(required) ? sdkExport(required, source.name) : undefined;
      }
      if (source?.kind === 'value' && isIdentifier(source.node)) {
        // `import { query } from '…'; export { query }`.
        const declaration = context.scopes.resolve(source.node);
        return declaration && sdkBindingOf(declaration);
      }
      if (source || name === 'default') return undefined;
      for (const star of stars) {
        const found = isSdkModule(star) ? sdkExport(star, name) : this.sdkThrough(target, star, name);
        if (found) return found;
      }
      return undefined;
    });
  }

  private exported(path: string, name: string, span: Span): ValueSet {
    const key = `${path}\0${name}`;
    const context = this.context(path);
    if (!context || this.following.has(key)) return unknown(span);
    this.following.add(key);
    try {
      const { source, stars } = findExport(context.file, name);
      if (!source) return this.fromStars(path, stars, name, span);
      switch (source.kind) {
        case 'value':
          return context.evaluator.evaluate(source.node);
        case 'function':
          return context.evaluator.functionValue(source.node);
        case 'reexport':
          return this.importedValue(path, source.module, source.name, span);
        case 'property':
          return { alternatives: propertyOf(context.evaluator.evaluate(source.of), source.name).values };
      }
    } finally {
      this.following.delete(key);
    }
  }

  /** `export * from './m'`: the first module that exports the name. */
  private fromStars(path: string, stars: readonly string[], name: string, span: Span): ValueSet {
    if (name === 'default' || name === '*') return unknown(span);
    for (const star of stars) {
      const value = this.importedValue(path, star, name, span);
      if (value.alternatives.some((alternative) => alternative.kind !== 'unknown')) return value;
    }
    return unknown(span);
  }

  private context(path: string): FileContext | undefined {
    let context = this.contexts.get(path);
    if (context === undefined) {
      const text = this.host.readFile(path);
      if (text === undefined) context = null;
      else {
        const kept = this.host.parsed?.(path);
        // Keyed by text as well as path: a file that changed since it was parsed is parsed again.
        const file = kept?.text === text ? kept : parseSource(text, path);
        const scopes = new Scopes();
        context = { file, scopes, evaluator: new Evaluator(file, scopes, this.registry, this, this.traces) };
        followReExports(file, (module, name) => this.sdkThrough(path, module, name));
      }
      this.contexts.set(path, context);
    }
    return context ?? undefined;
  }
}
