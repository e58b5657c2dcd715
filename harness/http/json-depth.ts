// How deep a JSON text nests, found before it is parsed: JSON.parse itself copes with any depth,
// but every walk over the parsed value (redaction, comparison, reports) would then need to as well.
// A body nested past the bound is not parsed at all, and a check judges it as unreadable JSON. One
// pass, no recursion, strings skipped with their escapes.

/** Nesting accepted in a body the kit parses; far beyond any real API record. */
export const maxJsonDepth = 100;

/** True when `text` opens more than `limit` arrays or objects inside each other. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c /* \ */) index += 1;
      else if (code === 0x22 /* " */) inString = false;
      continue;
    }
    if (code === 0x22) inString = true;
    else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) depth -= 1;
  }
  return false;
}
