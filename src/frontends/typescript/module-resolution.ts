import path from 'node:path';
import ts from './compiler.cjs';

/** Used when no tsconfig.json is found: resolve the way bundlers and Node do, JavaScript included. */
const defaults: ts.CompilerOptions = {
  allowJs: true,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
};

/**
 * What resolution reads: the disk (`ts.sys`) by default; `scan --staged`
 * gives the git index instead, so imports resolve as they will after the commit.
 */
export type ResolutionHost = ts.ModuleResolutionHost & Pick<ts.ParseConfigHost, 'readDirectory' | 'useCaseSensitiveFileNames'>;

/** The disk, with every file read through `readFile` (the engine's one reader). */
export function diskResolutionHost(readFile: (file: string) => string | undefined): ResolutionHost {
  return {
    useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
    fileExists: (file) => ts.sys.fileExists(file),
    directoryExists: (folder) => ts.sys.directoryExists(folder),
    readDirectory: (...args) => ts.sys.readDirectory(...args),
    realpath: (file) => (ts.sys.realpath ? ts.sys.realpath(file) : file),
    getCurrentDirectory: () => ts.sys.getCurrentDirectory(),
    readFile,
  };
}

/**
 * Module resolution as the TypeScript compiler does it (relative paths,
 * `index` files, `.js` written for `.ts`, tsconfig `paths` and `baseUrl`),
 * with the compiler options of the nearest tsconfig.json. Only the project's
 * own sources count: packages and declaration files are not followed.
 * Every file it reads (tsconfig.json and the configs it extends,
 * package.json) comes from its host: the disk through the engine's one
 * reader (`diskResolutionHost`, so a tsconfig.json that is a link to
 * `/dev/zero` is refused, not read forever), or the git index.
 */
export class ModuleResolution {
  private readonly options = new Map<string, ts.CompilerOptions>();
  /** By tsconfig.json: each config is read once, however many folders it governs. */
  private readonly configs = new Map<string, ts.CompilerOptions>();

  constructor(private readonly host: ResolutionHost) {}

  resolve(specifier: string, fromFile: string): string | undefined {
    const options = this.optionsFor(path.dirname(fromFile));
    const { resolvedModule } = ts.resolveModuleName(specifier, fromFile, options, this.host);
    if (!resolvedModule || resolvedModule.isExternalLibraryImport) return undefined;
    if (/\.d\.[cm]?ts$/i.test(resolvedModule.resolvedFileName)) return undefined;
    return path.resolve(resolvedModule.resolvedFileName);
  }

  private optionsFor(directory: string): ts.CompilerOptions {
    let options = this.options.get(directory);
    if (!options) {
      const configPath = ts.findConfigFile(directory, (file) => this.host.fileExists(file));
      if (!configPath) options = defaults;
      else {
        options = this.configs.get(configPath) ?? readCompilerOptions(configPath, this.host);
        this.configs.set(configPath, options);
      }
      this.options.set(directory, options);
    }
    return options;
  }
}

function readCompilerOptions(configPath: string, host: ResolutionHost): ts.CompilerOptions {
  const { config, error } = ts.readConfigFile(configPath, (file) => host.readFile(file));
  if (error) return defaults;
  // Only the options matter, never the files the config includes: listing them walked the whole tree
  // (TypeScript's default `include` is everything), for each config.
  const parsed = ts.parseJsonConfigFileContent(config, { ...host, readDirectory: () => [] }, path.dirname(configPath), undefined, configPath);
  return { ...defaults, ...parsed.options, allowJs: true };
}
