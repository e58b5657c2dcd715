// JSON read without rounding: an integer beyond 2^53 (a 64-bit id from a Java, Go or C# service)
// is kept as its digits, a string, instead of the nearest double JSON.parse gives, which names
// another record, so a read or delete of it would go to an id that does not exist. Only text that
// holds a run of 16 or more digits takes lossless-json's slower parser; the rest is JSON.parse.
// Writing back, a string the target wrote as such a number is written as a number again. Pure.
import {
  isInteger,
  isSafeNumber,
  LosslessNumber,
  parse as parseLossless,
  stringify as stringifyLossless,
} from 'lossless-json';

/** Parsed JSON and the integers in it kept as their digits (strings), in the order met. */
export interface ExactJson {
  readonly json: unknown;
  readonly exactIntegers: readonly string[];
}

// 2^53 has 16 digits: a number with fewer is always exact as a double.
const longDigitRun = /\d{16,}/;

/** Parses `text` as JSON.parse does (throwing its SyntaxError), but keeps unsafe integers as digit strings. */
export function parseExactJson(text: string): ExactJson {
  if (!longDigitRun.test(text)) return { json: JSON.parse(text), exactIntegers: [] };
  const exactIntegers: string[] = [];
  let json: unknown;
  try {
    json = parseLossless(text, null, (digits) => {
      if (isSafeNumber(digits) || !isInteger(digits)) return Number(digits);
      exactIntegers.push(digits);
      return digits;
    });
  } catch {
    // lossless-json refuses what JSON.parse accepts (a key written twice with two values), and it
    // recurses, so deep nesting overflows its stack: JSON.parse decides what is JSON, iteratively.
    return { json: JSON.parse(text), exactIntegers: [] };
  }
  return { json, exactIntegers };
}

/** JSON text for `value`, writing each string in `integers` as the number it was read from. */
export function stringifyExactJson(value: unknown, integers: ReadonlySet<string>): string {
  if (integers.size === 0) return JSON.stringify(value);
  return stringifyLossless(mapStrings(value, integers, (digits) => new LosslessNumber(digits))) ?? 'null';
}

/** `value` as JSON.parse would have read it (strings in `integers` rounded to numbers): for schema types. */
export function withIntegersAsNumbers(value: unknown, integers: ReadonlySet<string>): unknown {
  if (integers.size === 0) return value;
  return mapStrings(value, integers, Number);
}

// Copies every container; what reaches it nests as deep as lossless-json could parse, or is the kit's own.
function mapStrings(value: unknown, integers: ReadonlySet<string>, replace: (digits: string) => unknown): unknown {
  if (typeof value === 'string') return integers.has(value) ? replace(value) : value;
  if (Array.isArray(value)) return value.map((item: unknown) => mapStrings(item, integers, replace));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = mapStrings(item, integers, replace);
    return copy;
  }
  return value;
}
