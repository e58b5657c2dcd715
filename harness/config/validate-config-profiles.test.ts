// The signature profiles in a config: a custom profile described field by field for either role,
// and digestEncoding beside a profile that fixes its own encoding. One line per problem, as every
// config problem is.
import { describe, expect, it } from 'vitest';
import { validateConfig } from './validate-config.js';

function problemsOf(raw: unknown): readonly string[] {
  const result = validateConfig(raw);
  if (result.ok) throw new Error('expected problems, got a valid config');
  return result.problems;
}

describe.each(['sender', 'receiver'] as const)(
  'validateConfig on a custom signature profile of the %s role',
  (role) => {
    const base =
      role === 'sender'
        ? { register: { method: 'POST', path: '/webhooks', body: { url: '{sinkUrl}' } } }
        : { url: '/hooks' };
    const config = (fields: Record<string, unknown>) => ({ webhooks: { [role]: { ...base, ...fields } } });
    const at = `\\/webhooks\\/${role}`;

    it('accepts a coherent one and fills its defaults', () => {
      const result = validateConfig(
        config({ profile: 'custom', customProfile: { signatureHeader: 'X-Acme-Signature', entry: 'sha256={digest}' } }),
      );
      expect(result.ok).toBe(true);
      if (result.ok)
        expect(result.config.webhooks[role]?.customProfile).toEqual({
          signatureHeader: 'X-Acme-Signature',
          entry: 'sha256={digest}',
          signedContent: '{body}',
          keyFormat: 'raw',
          encoding: 'hex',
          refusesFuture: false,
        });
    });

    it('explains each incoherence in one line', () => {
      expect(problemsOf(config({ profile: 'custom' }))).toEqual([
        expect.stringMatching(
          new RegExp(
            `^${at}\\/profile: is "custom" but customProfile is missing; describe the scheme in webhooks\\.${role}\\.customProfile`,
          ),
        ),
      ]);
      expect(problemsOf(config({ profile: 'github', customProfile: { signatureHeader: 'X-A' } }))).toEqual([
        expect.stringMatching(
          new RegExp(
            `^${at}\\/customProfile: is set, but profile is "github", so it is never used; set webhooks\\.${role}\\.profile to "custom"`,
          ),
        ),
      ]);
      expect(
        problemsOf(
          config({
            profile: 'custom',
            customProfile: { signatureHeader: 'X-A', signedContent: '{timestamp}.{id}', entry: 'v1=' },
          }),
        ),
      ).toEqual([
        expect.stringMatching(new RegExp(`^${at}\\/customProfile\\/entry: must hold "\\{digest\\}" exactly once`)),
        expect.stringMatching(
          new RegExp(`^${at}\\/customProfile\\/idHeader: is missing, but signedContent signs "\\{id\\}"`),
        ),
        expect.stringMatching(new RegExp(`^${at}\\/customProfile\\/signedContent: has no "\\{body\\}"`)),
        expect.stringMatching(
          new RegExp(`^${at}\\/customProfile\\/timestampHeader: is missing, but signedContent signs "\\{timestamp\\}"`),
        ),
        expect.stringMatching(
          new RegExp(
            `^${at}\\/customProfile\\/toleranceSeconds: is missing, but signedContent signs "\\{timestamp\\}"`,
          ),
        ),
      ]);
    });

    it('refuses a header form that cannot be read back: a prefix without a separator, a separator inside an entry or a digest, shared header names', () => {
      const problems = (custom: Record<string, unknown>) =>
        problemsOf(config({ profile: 'custom', customProfile: { signatureHeader: 'X-S', ...custom } }));
      expect(
        problems({
          signedContent: '{timestamp}.{body}',
          headerPrefix: 't={timestamp}',
          entry: 'v1={digest}',
          toleranceSeconds: 300,
        }),
      ).toEqual([expect.stringMatching(/headerPrefix: is set, but no separator parts it from the signatures/)]);
      expect(
        problems({
          signedContent: '{timestamp}.{body}',
          headerPrefix: '{timestamp}',
          separator: ',',
          toleranceSeconds: 300,
        }),
      ).toEqual([expect.stringMatching(/headerPrefix: is "\{timestamp\}" alone/)]);
      expect(problems({ entry: 'v1,{digest}', separator: ',' })).toEqual([
        expect.stringMatching(/separator: "," also occurs in entry or headerPrefix/),
      ]);
      expect(problems({ encoding: 'base64', separator: '=' })).toEqual([
        expect.stringMatching(/separator: "=" can occur inside a base64 digest/),
      ]);
      expect(problems({ idHeader: 'x-s' })).toEqual([expect.stringMatching(/idHeader: is the signature header/)]);
    });

    it('rejects an unknown profile name, listing the known ones', () => {
      expect(problemsOf(config({ profile: 'acme' }))).toEqual([
        expect.stringMatching(
          new RegExp(`^${at}\\/profile: .*convention.*github.*standard-webhooks.*stripe.*shopify.*custom`),
        ),
      ]);
    });
  },
);

describe('validateConfig on digestEncoding beside a signature profile', () => {
  it('refuses it where the profile fixes its own encoding, and takes it in the convention profile', () => {
    const sender = (fields: Record<string, unknown>) => ({
      webhooks: { sender: { register: { method: 'POST', path: '/webhooks', body: { url: '{sinkUrl}' } }, ...fields } },
    });
    expect(problemsOf(sender({ profile: 'github', digestEncoding: 'base64' }))).toEqual([
      expect.stringMatching(
        /^\/webhooks\/sender\/digestEncoding: is set, but the github profile writes its digest in its own encoding, so it is never used; remove it/,
      ),
    ]);
    expect(
      problemsOf({
        webhooks: {
          receiver: { url: '/in', profile: 'custom', customProfile: { signatureHeader: 'X-S' }, digestEncoding: 'hex' },
        },
      }),
    ).toEqual([
      expect.stringMatching(
        /^\/webhooks\/receiver\/digestEncoding: .*; set the encoding in webhooks\.receiver\.customProfile\.encoding, or remove digestEncoding/,
      ),
    ]);
    expect(validateConfig(sender({ digestEncoding: 'base64' })).ok).toBe(true);
  });
});
