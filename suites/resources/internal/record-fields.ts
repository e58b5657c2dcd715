// Comparing what was sent with what the target holds. Pure.
import { isDeepStrictEqual } from 'node:util';

/** Fields of `expected` whose value in `actual` differs (missing counts as different). */
export function findChangedFields(
  expected: Readonly<Record<string, unknown>>,
  actual: Readonly<Record<string, unknown>>,
): string[] {
  return Object.keys(expected).filter((key) => !isDeepStrictEqual(expected[key], actual[key]));
}

/** One line describing each differing field: `name: expected "a", got "b"`. */
export function describeChangedFields(
  fields: readonly string[],
  expected: Readonly<Record<string, unknown>>,
  actual: Readonly<Record<string, unknown>>,
): string {
  return fields
    .map(
      (field) =>
        `${field}: expected ${preview(expected[field])}, got ${field in actual ? preview(actual[field]) : '(absent)'}`,
    )
    .join('; ');
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
