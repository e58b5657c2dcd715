// Test support: how the tests run each suite against the reference server, and the few switches
// that need more than their suite's options. Shortened timings keep the runs fast.
import type { ApicertConfig } from '../../harness/config/config-types.js';
import type { SuiteName } from '../../harness/model/run-result.js';
import { resourceChecks } from '../resources/index.js';
import type { SenderProfile } from '../../reference-server/webhooks/sender-signature-schemes.js';
import type { ReferenceRunOptions } from './run-against-reference.js';

// The bounds check creates records until it sees the bound or reaches the cap: a smaller cap keeps
// the "no bound" cases fast while 101 records still show the clean server's maximum of 100.
export function withSmallFixtureCap(config: ApicertConfig): ApicertConfig {
  return { ...config, pagination: { ...config.pagination, fixtureCap: 120 } };
}

// The reference sender times out after 150 ms and backs off 100, 200, 400 ms; the kit is told so.
const senderTimings = { timeoutMs: 150, retryBaseMs: 100, maxAttempts: 5 };

/** The sender config matching senderTimings, with a 1 s retry window, plus `pins`. */
export function fastSender(pins: Partial<NonNullable<ApicertConfig['webhooks']['sender']>> = {}) {
  return (config: ApicertConfig): ApicertConfig => ({
    ...config,
    webhooks: {
      ...config.webhooks,
      sender: { ...config.webhooks.sender!, senderTimeoutMs: 150, retryWindowMs: 1000, ...pins },
    },
  });
}

/** The receiver config with `change` applied. */
export function withReceiver(
  config: ApicertConfig,
  change: Partial<NonNullable<ApicertConfig['webhooks']['receiver']>>,
): ApicertConfig {
  return { ...config, webhooks: { ...config.webhooks, receiver: { ...config.webhooks.receiver!, ...change } } };
}

// The slow-ack defect answers after 600 ms here (12 s by default) against a 300 ms budget, so the
// proof stays fast while the clean receiver's few milliseconds stay far inside the budget.
export const fastSlowAck: ReferenceRunOptions = {
  server: { defectTuning: { receiverSlowAckMs: 600 } },
  configure: (config) => withReceiver(config, { ackBudgetMs: 300 }),
};

/** The options each suite runs with: sender checks need the sink and the short sender timings. */
export const suiteRunOptions: Readonly<Record<SuiteName, ReferenceRunOptions>> = {
  resources: {},
  pagination: { configure: withSmallFixtureCap, checkTimeoutMs: 30_000 },
  'webhooks-sender': { configure: fastSender(), startSink: true, server: { webhooks: senderTimings } },
  // webhooks-receiver.model-consistency waits out a receiver's processing window (5 s) on a failing
  // sequence before it shrinks it and shows it.
  'webhooks-receiver': { checkTimeoutMs: 30_000 },
  // The contract judges the answers the resources checks receive: every operation, errors included.
  'openapi-contract': { contractAfter: resourceChecks },
};

// A config that describes the target as it is under singular-collection-name: the kit is pointed
// at the paths the target serves, as a user would.
function withSingularPaths(config: ApicertConfig): ApicertConfig {
  const singular = (path: string): string => path.replace(/\/(customer|order|product)s\b/g, '/$1');
  return {
    ...config,
    collections: config.collections.map((c) => ({
      ...c,
      path: singular(c.path),
      related: c.related.map((r) => ({ ...r, path: singular(r.path), memberPath: singular(r.memberPath) })),
    })),
  };
}

// The switches that retry some kinds of failure and not others: a sender time-out of 150 ms can
// fire on a loaded machine before the sink's answer is read, and the sender then retries a kind the
// switch gives up on. A 1 s time-out and a 3 s window keep those proofs about the answer alone.
const patientSender: ReferenceRunOptions = {
  configure: fastSender({ senderTimeoutMs: 1000, retryWindowMs: 3000 }),
  server: { webhooks: { ...senderTimings, timeoutMs: 1000 } },
};

/** The receiver in the Standard Webhooks profile, on both sides (--receiver-profile standard-webhooks). */
export const standardWebhooksReceiver: ReferenceRunOptions = {
  server: { receiverProfile: 'standard-webhooks' },
  configure: (config) => withReceiver(config, { profile: 'standard-webhooks' }),
};

/** The sender suite's options with the sender in `profile` on both sides (--sender-profile and webhooks.sender.profile). */
export function senderInProfile(profile: SenderProfile): ReferenceRunOptions {
  const forSuite = suiteRunOptions['webhooks-sender'];
  return {
    ...forSuite,
    server: { ...forSuite.server, senderProfile: profile },
    configure: (config) => {
      const fast = forSuite.configure!(config);
      return { ...fast, webhooks: { ...fast.webhooks, sender: { ...fast.webhooks.sender!, profile } } };
    },
  };
}

// Standard Webhooks signs a timestamp and an id; GitHub's id header is one no signature covers.
const standardWebhooksSender = senderInProfile('standard-webhooks');
const githubSender = senderInProfile('github');

// Switches that need more than their suite's options.
const switchRunOptions: Readonly<Record<string, ReferenceRunOptions>> = {
  'receiver-ignores-timestamp': standardWebhooksReceiver,
  'receiver-reads-first-signature-only': standardWebhooksReceiver,
  'receiver-slow-ack': fastSlowAck,
  'sender-stale-timestamp': standardWebhooksSender,
  'sender-omits-id-header': githubSender,
  'sender-id-header-changes-on-retry': standardWebhooksSender,
  'singular-collection-name': { configure: withSingularPaths },
  'no-retry-on-4xx': patientSender,
  'no-retry-on-connection-reset': patientSender,
  'redirect-taken-as-delivered': patientSender,
};

/** The options to prove a check of `suite` with `defect` on: the suite's, then the switch's own. */
export function optionsForProof(suite: SuiteName, defect: string): ReferenceRunOptions {
  const forSuite = suiteRunOptions[suite];
  const forSwitch = switchRunOptions[defect] ?? {};
  const configures = [forSuite.configure, forSwitch.configure].filter((configure) => configure !== undefined);
  return {
    ...forSuite,
    ...forSwitch,
    configure: (config) => configures.reduce((adjusted, configure) => configure(adjusted), config),
  };
}
