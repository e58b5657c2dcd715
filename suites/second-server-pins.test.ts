// Pins proven both ways on the second implementation. A pin is a config key that chooses one answer
// where the convention leaves the choice open (pagination.overMaxPolicy, lastPageCursor, the digest
// encoding, the receiver's refusals, resources.*). Pinned to what the server does, every check
// passes in every mode; pinned against it, the check that judges that choice fails, saying which
// key or choice it broke, and every other check of its suite still passes.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSkippedForProfile } from './test-support/skipped-for-profile.js';
import type { RunResult, SuiteName } from '../harness/model/run-result.js';
import { runConformance } from '../harness/runner/run-conformance.js';
import { suites as registry } from './index.js';
import { describeModes, secondServerModeMatrix } from './test-support/second-server/mode-matrix.js';
import {
  pinsMatching,
  secondServerConfig,
  type ConfigPins,
} from './test-support/second-server/second-server-config.js';
import type { SecondServerModes } from './test-support/second-server/second-server-options.js';
import { startSecondServer } from './test-support/second-server/start-second-server.js';
import { toRunOptions } from '../harness/model/run-options.js';

const [numericHex413Refuse, uuidBase64ResetAccept, uuidBase64AcceptRefuse] = secondServerModeMatrix as [
  SecondServerModes,
  SecondServerModes,
  SecondServerModes,
];

interface Contradiction {
  /** The pin, as "key value", for the test name. */
  readonly pin: string;
  readonly modes: SecondServerModes;
  /** Laid over the matching pins, section by section. */
  readonly pins: ConfigPins;
  /** Only this suite runs: the one that judges the pin. */
  readonly suite: SuiteName;
  /** The checks that judge the pin; every other check of the suite must pass. */
  readonly failing: readonly string[];
  /** What each failure message must name: the pinned key, or the pinned choice where the message names no key. */
  readonly names: string;
}

// resources.unknownParentList has no case: the server answers 404 under an unknown parent, which
// both of its values accept, so no value contradicts it (the passing runs still pin it to "404").
const contradictions: readonly Contradiction[] = [
  {
    pin: 'resources.createStatus 201',
    modes: numericHex413Refuse,
    pins: { resources: { createStatus: '201' } },
    suite: 'resources',
    failing: ['resources.create-then-read'],
    names: 'resources.createStatus',
  },
  {
    pin: 'resources.deleteStatus 204',
    modes: numericHex413Refuse,
    pins: { resources: { deleteStatus: '204' } },
    suite: 'resources',
    failing: ['resources.delete-removes-record'],
    names: 'resources.deleteStatus',
  },
  {
    pin: 'resources.refusedStatus 403',
    modes: uuidBase64ResetAccept,
    pins: { resources: { refusedStatus: '403' } },
    suite: 'resources',
    failing: ['resources.auth-required'],
    names: 'resources.refusedStatus',
  },
  {
    pin: 'resources.putOmittedField reject',
    modes: numericHex413Refuse,
    pins: { resources: { putOmittedField: 'reject' } },
    suite: 'resources',
    failing: ['resources.put-replaces-record'],
    names: 'resources.putOmittedField',
  },
  {
    pin: 'resources.idChange reject',
    modes: uuidBase64ResetAccept,
    pins: { resources: { idChange: 'reject' } },
    suite: 'resources',
    failing: ['resources.id-is-stable'],
    names: 'resources.idChange',
  },
  // The error body's shape is not shown (7/3); this failure names the pinned pointer.
  {
    pin: 'resources.errorBodyPointer /error/message',
    modes: numericHex413Refuse,
    pins: { resources: { errorBodyPointer: '/error/message' } },
    suite: 'resources',
    failing: ['resources.error-responses-are-json'],
    names: '/error/message',
  },
  // Three checks judge an over-max size: page-size-bounds, invalid-params for its huge sizes, and
  // explored-queries for the sizes it draws above the maximum; it also judges the other pagination pins.
  {
    pin: 'pagination.overMaxPolicy reject',
    modes: numericHex413Refuse,
    pins: { pagination: { overMaxPolicy: 'reject' } },
    suite: 'pagination',
    failing: ['pagination.page-size-bounds', 'pagination.invalid-params', 'pagination.explored-queries'],
    names: 'pagination.overMaxPolicy',
  },
  {
    pin: 'pagination.overMaxPolicy clamp',
    modes: uuidBase64ResetAccept,
    pins: { pagination: { overMaxPolicy: 'clamp' } },
    suite: 'pagination',
    failing: ['pagination.page-size-bounds', 'pagination.invalid-params', 'pagination.explored-queries'],
    names: 'pagination.overMaxPolicy',
  },
  {
    pin: 'pagination.lastPageCursor empty',
    modes: numericHex413Refuse,
    pins: { pagination: { lastPageCursor: 'empty' } },
    suite: 'pagination',
    failing: ['pagination.has-more-accurate'],
    names: 'pagination.lastPageCursor',
  },
  {
    pin: 'pagination.lastPageCursor null',
    modes: uuidBase64ResetAccept,
    pins: { pagination: { lastPageCursor: 'null' } },
    suite: 'pagination',
    failing: ['pagination.has-more-accurate'],
    names: 'pagination.lastPageCursor',
  },
  {
    pin: 'pagination.invalidParams bounded-page',
    modes: numericHex413Refuse,
    pins: { pagination: { invalidParams: 'bounded-page' } },
    suite: 'pagination',
    failing: ['pagination.invalid-params', 'pagination.explored-queries'],
    names: 'pagination.invalidParams',
  },
  {
    pin: 'pagination.defaultPageSize 20',
    modes: uuidBase64ResetAccept,
    pins: { pagination: { defaultPageSize: 20 } },
    suite: 'pagination',
    failing: ['pagination.page-size-bounds', 'pagination.explored-queries'],
    names: 'pagination.defaultPageSize',
  },
  // The signature verdict names the pinned encoding, not the key.
  {
    pin: 'webhooks.sender.digestEncoding base64',
    modes: numericHex413Refuse,
    pins: { sender: { digestEncoding: 'base64' } },
    suite: 'webhooks-sender',
    failing: ['webhooks-sender.signature-over-raw-body'],
    names: 'base64 is pinned',
  },
  {
    pin: 'webhooks.sender.digestEncoding hex',
    modes: uuidBase64ResetAccept,
    pins: { sender: { digestEncoding: 'hex' } },
    suite: 'webhooks-sender',
    failing: ['webhooks-sender.signature-over-raw-body'],
    names: 'hex is pinned',
  },
  // The open-refusal verdict names the pinned choice ("refuse"), not the key.
  {
    pin: 'webhooks.receiver.oversizedBody refuse',
    modes: uuidBase64AcceptRefuse,
    pins: { receiver: { oversizedBody: 'refuse' } },
    suite: 'webhooks-receiver',
    failing: ['webhooks-receiver.oversized-body-refused'],
    names: 'webhooks.receiver.oversizedBody pins "refuse"',
  },
  {
    pin: 'webhooks.receiver.incompleteEvent refuse',
    modes: uuidBase64ResetAccept,
    pins: { receiver: { incompleteEvent: 'refuse' } },
    suite: 'webhooks-receiver',
    failing: ['webhooks-receiver.incomplete-event-refused'],
    names: 'webhooks.receiver.incompleteEvent pins "refuse"',
  },
];

describe('choices the convention leaves open, pinned on the second implementation', () => {
  let directory: string;
  let written = 0;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'apicert-second-pins-'));
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  async function runPinned(
    modes: SecondServerModes,
    pins: ConfigPins,
    suites?: readonly SuiteName[],
  ): Promise<RunResult> {
    const server = await startSecondServer({ modes });
    try {
      written += 1;
      const configPath = join(directory, `config-${written}.json`);
      await writeFile(configPath, JSON.stringify(secondServerConfig(pins)));
      const { run } = await runConformance({
        registry,
        baseUrl: server.url,
        options: toRunOptions({
          configPath,
          // The convention's suites: the pins are its open choices (the contract is second-server.test.ts's).
          suites: suites ?? ['resources', 'pagination', 'webhooks-sender', 'webhooks-receiver'],
        }),
        seed: 11,
        env: { APICERT_TOKEN: server.token, APICERT_WEBHOOK_SECRET: server.receiverSecret },
      });
      return run;
    } finally {
      await server.close();
    }
  }

  it.each(secondServerModeMatrix.map((modes) => [describeModes(modes), modes] as const))(
    'passes every check with each choice pinned to what the server does: %s',
    async (_name, modes) => {
      const run = await runPinned(modes, pinsMatching(modes));
      // Its receiver and sender speak the convention's X-Signature: the checks of other profiles say so and skip.
      const notPassed = run.checks.flatMap((check) =>
        check.status === 'passed' || isSkippedForProfile(check)
          ? []
          : [`${check.id} ${check.status}: ${check.message}`],
      );
      expect(notPassed).toEqual([]);
      expect(run.checks.length).toBe(51);
    },
    30_000,
  );

  it.each(contradictions.map((contradiction) => [contradiction.pin, contradiction] as const))(
    'fails the check that judges %s when the server does otherwise, and only it',
    async (_name, contradiction) => {
      const run = await runPinned(contradiction.modes, overlay(pinsMatching(contradiction.modes), contradiction.pins), [
        contradiction.suite,
      ]);
      const notPassed = run.checks.filter((check) => check.status !== 'passed' && !isSkippedForProfile(check));
      expect(notPassed.map((check) => `${check.id} ${check.status}`).sort()).toEqual(
        contradiction.failing.map((id) => `${id} failed`).sort(),
      );
      for (const check of notPassed)
        expect(check.status === 'failed' ? check.message : '', check.id).toContain(contradiction.names);
      expect(run.checks.length).toBe(registry.find((suite) => suite.name === contradiction.suite)?.checks.length);
    },
    30_000,
  );
});

/** `over` laid on `base`, section by section. */
function overlay(base: Required<ConfigPins>, over: ConfigPins): ConfigPins {
  return {
    resources: { ...base.resources, ...over.resources },
    pagination: { ...base.pagination, ...over.pagination },
    sender: { ...base.sender, ...over.sender },
    receiver: { ...base.receiver, ...over.receiver },
  };
}
