// The domain of convention 5/1 ("each request carries its own credential"): every way a request can
// lack a valid one, which the kit's HTTP client builds from the configured credential. A check
// probes each flaw on every operation. Pure.
import type { ApicertConfig, CredentialFlaw } from '../../../harness/check-api/check-context.js';

/** Each flaw, and how a report names it; `satisfies` keeps the list whole when the client gains one. */
export const credentialFlawNames = {
  none: 'no credential',
  empty: 'an empty credential header',
  'scheme-only': 'the scheme without a token',
  wrong: 'a wrong token of the same shape',
  truncated: 'the token one character short',
  extended: 'the token with one character added',
  prefixed: 'the token with one character before it',
  'middle-changed': 'the token with one character in its middle changed',
} as const satisfies Record<CredentialFlaw, string>;

/** The flaws worth sending for this credential; the scheme-only header is the empty one when there is no scheme. */
export function credentialFlawsFor(auth: Pick<ApicertConfig['target']['auth'], 'scheme'>): {
  probed: CredentialFlaw[];
  leftOut: { flaw: CredentialFlaw; why: string }[];
} {
  const all = Object.keys(credentialFlawNames) as CredentialFlaw[];
  if (auth.scheme !== '') return { probed: all, leftOut: [] };
  return {
    probed: all.filter((flaw) => flaw !== 'scheme-only'),
    leftOut: [{ flaw: 'scheme-only', why: 'target.auth.scheme is "" (a bare token), so it is the empty header' }],
  };
}
