// Every non-empty body is parsed, whatever its Content-Type: whether the type was right is for a
// check to judge from the headers, and malformed JSON is a finding, never a thrown error.
import { parseExactJson } from '../model/exact-json.js';
import { maxJsonDepth, nestsDeeperThan } from './json-depth.js';
import { redactText } from './redact.js';

const QUOTED_SNIPPET = /, (?:\.\.\.)?"[\s\S]*"(?:\.\.\.)? is not valid JSON$/;

/** The parsed body, or why it is not JSON. */
export interface JsonBody {
  readonly json: unknown;
  readonly jsonError?: string;
  /** Integers beyond 2^53 in `json`, kept there as their digits (see exact-json.ts). */
  readonly exactIntegers?: readonly string[];
}

/** Parses `text` as JSON; the parser's message loses its quote of the body and any secret. */
export function parseJsonBody(text: string, secrets: readonly string[]): JsonBody {
  if (text.length === 0) return { json: undefined, jsonError: 'empty body' };
  if (nestsDeeperThan(text, maxJsonDepth))
    return {
      json: undefined,
      jsonError: `JSON nested more than ${maxJsonDepth} levels deep; the kit does not read it`,
    };
  try {
    const { json, exactIntegers } = parseExactJson(text);
    return exactIntegers.length === 0 ? { json } : { json, exactIntegers };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // V8 quotes a slice of the body, which may cut a secret in half where redaction cannot see it.
    const unquoted = reason.replace(QUOTED_SNIPPET, '');
    return { json: undefined, jsonError: `malformed JSON: ${redactText(unquoted, secrets).replace(/[\r\n]+/g, ' ')}` };
  }
}
