// Reads apicert.config.json from disk and hands it to validateConfig. The I/O half of the
// config: every way reading can fail becomes a ConfigUnreadableError or ConfigInvalidError with
// a one-line message, never a raw Node error with a stack.
import { basename, dirname } from 'node:path';
import { ConfigInvalidError, ConfigUnreadableError } from '../errors.js';
import type { ApicertConfig } from './config-types.js';
import { scanJsonText } from './json-text-scan.js';
import type { DuplicateKey } from './json-text-scan.js';
import { showPointer } from './problem-line.js';
import { resolveConfigPaths } from './resolve-config-paths.js';
import { validateConfig } from './validate-config.js';
import { readBoundedFile, type BoundedFileRefusal } from './read-bounded-file.js';
import { mergeConfig } from './merge-config.js';

/** The largest config file read: a real config is a few kilobytes (docs/command-line.md). */
export const MAX_CONFIG_BYTES = 1024 * 1024;

function describeRefusal(path: string, refusal: BoundedFileRefusal): string {
  switch (refusal.kind) {
    case 'missing':
      return `config file ${path} does not exist; check the path (apicert.config.example.json is a complete example)`;
    case 'denied':
      return `config file ${path} cannot be read (permission denied); check its permissions`;
    case 'directory':
      return `${path} is a directory, not a config file; pass the path of the JSON file`;
    case 'not-regular':
      return `config file ${path} ${refusal.reason}; pass the path of a JSON file (apicert reads only regular files)`;
    case 'too-large':
      return `config file ${path} ${refusal.reason}; a config is a few kilobytes: is it the right file?`;
    case 'unreadable':
      return `config file ${path} ${refusal.reason}; check the path`;
  }
}

async function readConfigText(path: string): Promise<string> {
  const read = await readBoundedFile(path, MAX_CONFIG_BYTES);
  if (!read.ok) throw new ConfigUnreadableError(describeRefusal(path, read));
  try {
    // fatal: a file in another encoding must not pass with U+FFFD inside the samples.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(read.bytes);
  } catch {
    throw new ConfigUnreadableError(`config file ${path} is not UTF-8 text; save it as UTF-8`);
  }
}

function parseConfigText(path: string, text: string): unknown {
  if (text.trim() === '') throw new ConfigUnreadableError(`config file ${path} is empty; write a JSON object, e.g. {}`);
  try {
    return JSON.parse(text);
  } catch (thrown) {
    const located = scanJsonText(text).syntaxProblem;
    if (located === undefined) {
      const said = thrown instanceof Error ? thrown.message.split('\n')[0] : String(thrown);
      throw new ConfigUnreadableError(`config file ${path} is not valid JSON (${said}); fix the JSON syntax`);
    }
    throw new ConfigUnreadableError(
      `config file ${path} is not valid JSON (${located.reason}); fix the JSON syntax at line ${located.line} column ${located.column}`,
    );
  }
}

function describeDuplicateKey(duplicate: DuplicateKey): string {
  const { first, again } = duplicate;
  return (
    `${showPointer(duplicate.pointer)}: key written twice (line ${first.line} column ${first.column}` +
    ` and line ${again.line} column ${again.column}), and only the last would count; merge them into one`
  );
}

function loadDefaults(): ApicertConfig {
  const validation = validateConfig({});
  if (!validation.ok) throw new ConfigInvalidError(validation.problems);
  return validation.config;
}

/**
 * Loads the config file at `path`, validated, with defaults applied and deeply frozen; without a
 * path, the defaults alone (no collections). `base` (a config derived from an API description) lies
 * under the file: the file's keys win (mergeConfig). Throws ConfigUnreadableError or ConfigInvalidError.
 */
export async function loadConfig(
  path: string | undefined,
  base?: Readonly<Record<string, unknown>>,
): Promise<ApicertConfig> {
  if (path === undefined && base === undefined) return loadDefaults();
  if (path === undefined) {
    const validation = validateConfig(base, { fileLabel: 'the derived config' });
    if (!validation.ok) throw new ConfigInvalidError(validation.problems);
    return validation.config;
  }
  const text = await readConfigText(path);
  const raw = parseConfigText(path, text);
  // JSON.parse accepted it, so the scan only adds what JSON.parse hides: keys written twice.
  const duplicates = scanJsonText(text).duplicateKeys.map(describeDuplicateKey);
  const laid = base === undefined ? raw : mergeConfig(base, raw);
  const validation = validateConfig(resolveConfigPaths(laid, dirname(path)), { fileLabel: basename(path) });
  const problems = [...duplicates, ...(validation.ok ? [] : validation.problems)];
  if (problems.length > 0 || !validation.ok) throw new ConfigInvalidError(problems);
  return validation.config;
}
