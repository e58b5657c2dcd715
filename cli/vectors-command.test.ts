import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { builtInProfileNames } from '../harness/signing/signature-profile.js';
import { runCli } from './cli.js';
import { vectorsFlags } from './flags.js';
import { captureIo } from './test-support/capture-io.js';

describe('apicert vectors', () => {
  it("prints a profile's vectors, as docs/signature-vectors.json holds them", async () => {
    const published = JSON.parse(
      await readFile(new URL('../docs/signature-vectors.json', import.meta.url), 'utf8'),
    ) as { profiles: { profile: string }[] };
    for (const name of builtInProfileNames) {
      const io = captureIo({});
      expect(await runCli(['vectors', '--profile', name], io)).toBe(0);
      expect(JSON.parse(io.out())).toEqual(published.profiles.find((entry) => entry.profile === name));
    }
  });

  it('names the profiles in one line when the one given is unknown or missing', async () => {
    const io = captureIo({});
    expect(await runCli(['vectors', '--profile', 'paypal'], io)).toBe(2);
    expect(io.err()).toBe(
      `APICERT_USAGE: --profile: unknown signature profile "paypal"; choose from ${builtInProfileNames.join(', ')}\n`,
    );
    const none = captureIo({});
    expect(await runCli(['vectors'], none)).toBe(2);
    expect(none.err()).toMatch(/^APICERT_USAGE: vectors needs --profile: one of convention, github/);
  });

  it('lists every built-in profile in its --profile help', () => {
    for (const name of builtInProfileNames) expect(vectorsFlags.profile.describe).toContain(name);
  });
});
