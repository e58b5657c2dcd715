// The ways a request can carry the credential: the real one, or one of its flaws (none, an empty
// header, a wrong token, the token cut, extended or changed by one character…).
import { randomInt } from 'node:crypto';
import type { Credential, CredentialFlaw, CredentialMode } from './http-types.js';

/** A configured credential split into what is sent and what must never be shown. */
export interface PreparedCredential {
  readonly header: string;
  /** Lower-case header name, to replace a caller's header of the same name. */
  readonly headerKey: string;
  /** The scheme and its space ("Bearer "), or "" when the value is a bare token. */
  readonly prefix: string;
  readonly validValue: string;
  readonly wrongValue: string;
  readonly curlValue: string;
  /** Every value that must be redacted: the whole values and bare tokens, flawed ones included. */
  readonly secrets: readonly string[];
  /** The header value for a mode; undefined for 'none' (no header at all). */
  valueFor(mode: CredentialMode): string | undefined;
}

/** Splits the credential and draws the wrong token once (unless given), so it is stable and redacted everywhere. */
export function prepareCredential(credential: Credential): PreparedCredential {
  const space = credential.value.indexOf(' ');
  const prefix = space === -1 ? '' : credential.value.slice(0, space + 1);
  const token = credential.value.slice(prefix.length);
  const wrongValue = credential.wrongValue ?? `${prefix}${toWrongToken(token)}`;
  const wrongToken = wrongValue.startsWith(prefix) ? wrongValue.slice(prefix.length) : wrongValue;
  const flawedTokens = nearMisses(token);
  const values: Record<CredentialMode, string | undefined> = {
    valid: credential.value,
    none: undefined,
    empty: '',
    'scheme-only': prefix.trimEnd(),
    wrong: wrongValue,
    truncated: `${prefix}${flawedTokens.truncated}`,
    extended: `${prefix}${flawedTokens.extended}`,
    prefixed: `${prefix}${flawedTokens.prefixed}`,
    'middle-changed': `${prefix}${flawedTokens['middle-changed']}`,
  };
  return {
    header: credential.header,
    headerKey: credential.header.toLowerCase(),
    prefix,
    validValue: credential.value,
    wrongValue,
    curlValue: credential.curlValue,
    secrets: [credential.value, token, wrongValue, wrongToken, ...Object.values(flawedTokens)],
    valueFor: (mode) => values[mode],
  };
}

/**
 * The valid token one character short, one character longer at its end or at its start, and with its
 * middle character swapped
 * for another of its kind: deterministic, so every part of a run redacts the same values. Base64
 * padding ("=") is never what is cut, and the last character is never what is changed: in base64 it
 * may carry only padding bits, and a lenient decoder would read the changed token as the valid one.
 */
export function nearMisses(
  token: string,
): Record<Extract<CredentialFlaw, 'truncated' | 'extended' | 'prefixed' | 'middle-changed'>, string> {
  const unpadded = token.replace(/=+$/, '');
  const last = unpadded.at(-1) ?? 'a';
  const middle = Math.floor(unpadded.length / 2);
  return {
    truncated: unpadded.slice(0, -1),
    extended: `${token}${nextOfKind(last)}`,
    prefixed: `${nextOfKind(token[0] ?? 'a')}${token}`,
    'middle-changed': `${token.slice(0, middle)}${nextOfKind(token[middle] ?? 'a')}${token.slice(middle + 1)}`,
  };
}

function nextOfKind(char: string): string {
  for (const alphabet of [DIGITS, LOWER, UPPER]) {
    const at = alphabet.indexOf(char);
    if (at !== -1) return alphabet[(at + 1) % alphabet.length]!;
  }
  return char === 'x' ? 'y' : 'x';
}

const DIGITS = '0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A token of the same length and shape (each digit, lower- or upper-case letter replaced by a random
 * one of its kind, separators kept), so a target that checks the format first still sees a
 * plausible token and must reject it on its value.
 */
export function toWrongToken(token: string): string {
  for (let attempt = 0; attempt < 8; attempt++) {
    let wrong = '';
    for (const char of token) wrong += replaceLike(char);
    if (wrong !== token && wrong.length > 0) return wrong;
  }
  // A token without letters or digits (or an unlucky draw on a one-character token): any other
  // token is still wrong.
  let fallback = '';
  for (let i = 0; i < 32; i++) fallback += LOWER[randomInt(LOWER.length)];
  return fallback;
}

function replaceLike(char: string): string {
  if (char >= '0' && char <= '9') return DIGITS[randomInt(DIGITS.length)]!;
  if (char >= 'a' && char <= 'z') return LOWER[randomInt(LOWER.length)]!;
  if (char >= 'A' && char <= 'Z') return UPPER[randomInt(UPPER.length)]!;
  return char;
}
