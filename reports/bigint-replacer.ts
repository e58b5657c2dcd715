// JSON.stringify throws on bigint, and a property check's counterexample may hold one.

/** JSON.stringify replacer writing a bigint as a decimal string with an "n" suffix ("12n"). */
export function replaceBigInt(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? `${value.toString()}n` : value;
}
