// The three ways a request can carry the credential: the real one, none, or a well-formed wrong one.
import { randomInt } from 'node:crypto';
import type { Credential } from './http-types.js';

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
  /** Every value that must be redacted: both whole values and both bare tokens. */
  readonly secrets: readonly string[];
}

/** Splits the credential and draws the wrong token once (unless given), so it is stable and redacted everywhere. */
export function prepareCredential(credential: Credential): PreparedCredential {
  const space = credential.value.indexOf(' ');
  const prefix = space === -1 ? '' : credential.value.slice(0, space + 1);
  const token = credential.value.slice(prefix.length);
  const wrongValue = credential.wrongValue ?? `${prefix}${toWrongToken(token)}`;
  const wrongToken = wrongValue.startsWith(prefix) ? wrongValue.slice(prefix.length) : wrongValue;
  return {
    header: credential.header,
    headerKey: credential.header.toLowerCase(),
    prefix,
    validValue: credential.value,
    wrongValue,
    curlValue: credential.curlValue,
    secrets: [credential.value, token, wrongValue, wrongToken],
  };
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
