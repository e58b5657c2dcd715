// A property check's counterexample as one bounded line of text, for the console and junit.xml.
import { replaceBigInt } from './bigint-replacer.js';

/**
 * Compact JSON of the counterexample, cut at `maxChars` with a marker. Never throws: a value JSON
 * cannot express (a cycle) becomes a note, because a reporter must not die on check data.
 */
export function toCounterexampleText(value: unknown, maxChars: number): string {
  let text: string;
  try {
    text = JSON.stringify(value, replaceBigInt) ?? String(value);
  } catch {
    text = '(not representable as JSON; see the check log)';
  }
  return text.length > maxChars ? `${text.slice(0, maxChars)}… (${text.length - maxChars} more chars)` : text;
}
