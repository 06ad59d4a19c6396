export declare const sourcePatterns: string[];
export declare function generateTree(
  directory: string,
  options?: { files: number; agentShare?: number; languages?: Array<'ts' | 'js' | 'py'>; parts?: number; seed?: number; settings?: boolean },
): { files: number; agent: number };
export declare function copyRealCode(from: string, directory: string, limit?: number, options?: { pattern?: RegExp; maxBytes?: number; skip?: string[] }): number;
export declare const realPackages: string[];
export declare function realTree(
  directory: string,
  nodeModules: string,
  options?: { pythonLib?: string; limit?: number; agentFiles?: number; maxBytes?: number },
): { packages: number; python: number; agent: number };
/** Mulberry32: a seeded generator of numbers in [0, 1). */
export declare function random(seed: number): () => number;
