// The receiver suite in each signature profile, on receivers built on the libraries teams use:
// each passes every check in its own profile (those about timestamps and rotation skipped where the
// profile has neither), and the same receiver with verification skipped, or Stripe's with the
// timestamp check turned off, fails the check that judges it.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../harness/model/run-result.js';
import { runConformance } from '../../harness/runner/run-conformance.js';
import { suites as registry } from '../index.js';
import {
  libraries,
  startLibraryReceiver,
  type LibraryName,
} from '../test-support/library-receivers/library-receiver.js';
import { exampleConfigPath } from '../test-support/run-against-reference.js';
import { toRunOptions } from '../../harness/model/run-options.js';

describe('the receiver suite on receivers built on webhook libraries', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'apicert-library-receivers-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  async function runReceiverSuite(
    library: LibraryName,
    defects: { readonly skipsVerification?: boolean; readonly ignoresTimestamp?: boolean } = {},
    signing: Record<string, unknown> = { profile: libraries[library].profile },
  ): Promise<RunResult> {
    const receiver = await startLibraryReceiver(library, defects);
    try {
      const example = JSON.parse(await readFile(exampleConfigPath, 'utf8')) as {
        target: Record<string, unknown>;
        webhooks: { receiver: Record<string, unknown> };
      };
      const config = {
        ...example,
        // Its observe endpoint takes no credential: a receiver on its own has no API token.
        target: { ...example.target, auth: { none: true } },
        webhooks: {
          receiver: {
            ...example.webhooks.receiver,
            url: '/hooks',
            ...signing,
            observe: { urlTemplate: '/hooks/events/{eventId}', pointer: '/processed' },
          },
        },
      };
      const configPath = join(
        directory,
        `${library}-${Object.keys(defects).join('-')}-${String(signing['profile'])}.json`,
      );
      await writeFile(configPath, JSON.stringify(config));
      const { run } = await runConformance({
        registry,
        baseUrl: receiver.url,
        options: toRunOptions({ configPath, suites: ['webhooks-receiver'] }),
        seed: 5,
        env: { APICERT_WEBHOOK_SECRET: libraries[library].secret },
      });
      return run;
    } finally {
      await receiver.close();
    }
  }

  it.each(Object.keys(libraries) as LibraryName[])(
    '%s passes every check in its profile',
    async (library) => {
      const run = await runReceiverSuite(library);
      const notPassed = run.checks.filter((check) => check.status !== 'passed');
      // GitHub's scheme signs no timestamp and carries one signature: those two checks say so.
      const skippedForProfile =
        library === 'octokit'
          ? [
              'webhooks-receiver.timestamp-outside-tolerance-refused',
              'webhooks-receiver.one-of-several-signatures-accepted',
            ]
          : [];
      expect(
        notPassed.map((check) => `${check.id} ${check.status}: ${'message' in check ? check.message : ''}`),
      ).toEqual(
        skippedForProfile.map((id) =>
          expect.stringMatching(
            new RegExp(
              `^${id.replaceAll('.', '\\.')} skipped: the github profile .*\\(webhooks\\.receiver\\.profile\\)`,
            ),
          ),
        ),
      );
      expect(run.checks.length).toBe(12);
    },
    60_000,
  );

  it.each(Object.keys(libraries) as LibraryName[])(
    '%s with verification skipped fails unverified-delivery-refused',
    async (library) => {
      const run = await runReceiverSuite(library, { skipsVerification: true });
      const check = run.checks.find((candidate) => candidate.id === 'webhooks-receiver.unverified-delivery-refused');
      expect(check?.status).toBe('failed');
      expect(check?.status === 'failed' ? check.message : '').toMatch(
        /^a delivery without \S+ answered 200; expected it refused/,
      );
    },
    60_000,
  );

  it('stripe with the timestamp check turned off (tolerance 0) fails timestamp-outside-tolerance-refused', async () => {
    const run = await runReceiverSuite('stripe', { ignoresTimestamp: true });
    const check = run.checks.find(
      (candidate) => candidate.id === 'webhooks-receiver.timestamp-outside-tolerance-refused',
    );
    expect(check?.status === 'failed' ? check.message : check?.status).toMatch(
      /^a delivery signed 420 s ago answered 200; expected it refused \(non-2xx\): the stripe profile takes a signed timestamp within 300 s of now/,
    );
    expect(run.checks.filter((candidate) => candidate.status === 'failed').map((candidate) => candidate.id)).toEqual([
      'webhooks-receiver.timestamp-outside-tolerance-refused',
    ]);
  }, 60_000);

  // The same schemes written out field by field, as a team with its own scheme would.
  it("a custom profile that spells out Stripe's scheme passes on the stripe receiver, timestamps and rotation included", async () => {
    const customProfile = {
      signatureHeader: 'Stripe-Signature',
      signedContent: '{timestamp}.{body}',
      headerPrefix: 't={timestamp}',
      entry: 'v1={digest}',
      separator: ',',
      toleranceSeconds: 300,
    };
    const run = await runReceiverSuite('stripe', {}, { profile: 'custom', customProfile });
    expect(run.checks.filter((check) => check.status !== 'passed').map((check) => check.id)).toEqual([]);
  }, 60_000);

  it("a custom profile that spells out GitHub's scheme passes on the octokit receiver, and a wrong one fails", async () => {
    const github = { signatureHeader: 'X-Hub-Signature-256', entry: 'sha256={digest}' };
    const run = await runReceiverSuite('octokit', {}, { profile: 'custom', customProfile: github });
    expect(
      run.checks
        .filter(
          (check) =>
            check.status !== 'passed' && !(check.status === 'skipped' && /the custom profile/.test(check.message)),
        )
        .map((check) => check.id),
    ).toEqual([]);
    const wrong = await runReceiverSuite(
      'octokit',
      {},
      { profile: 'custom', customProfile: { ...github, encoding: 'base64' } },
    );
    const acknowledged = wrong.checks.find((check) => check.id === 'webhooks-receiver.signed-delivery-acknowledged');
    expect(acknowledged?.status === 'failed' ? acknowledged.message : acknowledged?.status).toMatch(
      /answered 401; expected a 2xx/,
    );
  }, 60_000);
});
