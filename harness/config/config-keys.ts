// Every key of the config file, read from the schema so the list cannot drift from it. The
// README test checks each one is documented; the unknown-key problem uses it to say where a
// misplaced key belongs.
import { configSchema } from './schema.js';
import type { SchemaNode } from './schema.js';

function collectKeys(node: SchemaNode, prefix: string, keys: string[]): void {
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    const path = prefix === '' ? name : `${prefix}.${name}`;
    keys.push(path);
    collectKeys(child, path, keys);
    if (child.items) collectKeys(child.items, `${path}[]`, keys);
  }
}

/**
 * Every key path of the config file, dotted, with "[]" after a list:
 * "target.auth.header", "collections[].related[].path". Request bodies are the user's data and
 * have no keys of their own here.
 */
export function listConfigKeys(): string[] {
  const keys: string[] = [];
  collectKeys(configSchema, '', keys);
  return keys;
}
