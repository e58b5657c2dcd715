// Types of what eslint.config.js exports besides the config, for harness/import-layers.test.ts.
import type { Linter } from 'eslint';

/** A layer of the code base: its files (globs) and the layers it may import. */
export interface Layer {
  readonly name: string;
  readonly paths: readonly string[];
  readonly mayImport: readonly string[];
}

export declare const layers: readonly Layer[];

declare const config: Linter.Config[];
export default config;
