// The machine's side of find-chromium.ts: the real environment and file system.
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import type { ChromiumFacts } from './find-chromium.js';

/** The facts of this process and machine, for findChromium. */
export function readChromiumFacts(env: NodeJS.ProcessEnv = process.env): ChromiumFacts {
  return { env, homeDir: homedir(), isExecutable, listDir };
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function listDir(path: string): readonly string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}
