// Every check proven both ways from its own declaration (Check.provenBy): it passes on the clean
// reference server, and fails (or passes with advice) with each switch it names, for the reason it
// names. A check that cannot fail is a defect. Every switch of the reference server proves some
// check, or is a variant the convention allows (`allowedBy` in reference-server/defects.ts), or is a
// known gap (`noCheckYet` there).
import { describe, expect, it } from 'vitest';
import type { CheckResult, SuiteName } from '../harness/model/run-result.js';
import { defects, isDefectName } from '../reference-server/defects.js';
import type { RunningReferenceServer } from '../reference-server/start.js';
import { paginationProbes } from '../reference-server/test-support/defect-probes/pagination-probes.js';
import { receiverProbes } from '../reference-server/test-support/defect-probes/receiver-probes.js';
import { resourceProbes } from '../reference-server/test-support/defect-probes/resource-probes.js';
import { senderProbes } from '../reference-server/test-support/defect-probes/sender-probes.js';
import type { Check } from './define-check.js';
import { allChecks, suites } from './index.js';
import { proofMessages } from './test-support/proof-messages.js';
import {
  optionsForProof,
  senderInProfile,
  standardWebhooksReceiver,
  suiteRunOptions,
} from './test-support/proof-run-options.js';
import { exampleConfigPath, runAgainstReference } from './test-support/run-against-reference.js';
import type { ApicertConfig } from '../harness/config/config-types.js';
import { loadConfig } from '../harness/config/load-config.js';
import { profileOf } from '../harness/signing/profile-of-role.js';
import {
  builtInProfiles,
  signsTimestamp,
  takesSeveralSignatures,
  type SignatureProfile,
} from '../harness/signing/signature-profile.js';

// The sink the tests start is plain HTTP, so the sender suite always warns that convention 6/5 asks
// for HTTPS; any other warning, or any advice, on the clean server is a check crying wolf.
const expectedCleanWarnings: readonly RegExp[] = [/subscriber URL the kit registered is plain HTTP/];

// Every collection the reference server has: a check must delete what it created, on any outcome.
const collectionPaths = ['/customers', '/orders', '/products', '/webhooks'];

function variantClause(name: string): string | undefined {
  return defects.find((defect) => defect.name === name)?.allowedBy;
}

async function countRecords(server: RunningReferenceServer): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const path of collectionPaths) {
    const response = await fetch(`${server.url}${path}?limit=100`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    counts[path] = ((await response.json()) as { items: unknown[] }).items.length;
  }
  return counts;
}

function findingsOf(result: CheckResult, level: 'advisory' | 'warning'): string[] {
  return result.findings.filter((finding) => finding.level === level).map((finding) => finding.message);
}

describe('check declarations', () => {
  it.each(allChecks.map((check) => [check.id, check] as const))(
    '%s names known switches that prove it, each with the message it must give',
    (_id, check) => {
      const declared = check.provenBy ?? [];
      expect(declared, 'provenBy: a check no switch makes fail cannot fail').not.toEqual([]);
      expect(
        declared.filter((name) => !isDefectName(name)),
        'unknown switches',
      ).toEqual([]);
      // A variant is allowed behaviour: it can only prove advice (pins against variants are proven in the suites' own tests).
      const failsOnVariant = declared.filter((name) => {
        const message = proofMessages[check.id]?.[name];
        return variantClause(name) !== undefined && message !== undefined && 'fails' in message;
      });
      expect(failsOnVariant, 'variants fail no check by default').toEqual([]);
      expect(Object.keys(proofMessages[check.id] ?? {}).sort(), 'test-support/proof-messages.ts').toEqual(
        [...declared].sort(),
      );
    },
  );

  // An advisory check is proven by its advice, a normative one by a failure.
  it.each(allChecks.map((check) => [check.id, check] as const))(
    '%s is proven at the level it declares',
    (_id, check) => {
      const kinds = Object.values(proofMessages[check.id] ?? {}).map((message) =>
        'advises' in message ? 'advisory' : 'normative',
      );
      expect(kinds).toContain(check.level);
    },
  );

  it('have messages only for registered checks', () => {
    expect(Object.keys(proofMessages).filter((id) => !allChecks.some((check) => check.id === id))).toEqual([]);
  });

  it('leave no switch of the reference server unaccounted for: each proves a check, is a variant or is a known gap', () => {
    const proving = new Set(allChecks.flatMap((check) => check.provenBy ?? []));
    const accounts = defects.map((defect) => {
      const isVariant = defect.allowedBy !== undefined;
      const roles = [
        proving.has(defect.name) && !isVariant && 'proves a check',
        isVariant && 'variant',
        defect.noCheckYet !== undefined && 'known gap',
      ];
      return [defect.name, roles.filter((role) => role !== false)] as const;
    });
    expect(accounts.filter(([, roles]) => roles.length !== 1)).toEqual([]);
  });
});

// Checks that judge what only some signature profiles have (a signed timestamp, an id header,
// several signatures): in a profile without it they are skipped, saying so; in the others they run.
const profileOnlyChecks: Readonly<Record<string, (profile: SignatureProfile) => boolean>> = {
  'webhooks-receiver.timestamp-outside-tolerance-refused': signsTimestamp,
  'webhooks-receiver.one-of-several-signatures-accepted': takesSeveralSignatures,
  'webhooks-sender.signed-timestamp-current': signsTimestamp,
  'webhooks-sender.id-header-stable': (profile) => profile.idHeader !== undefined,
};

/** What a check gives on the clean server in `profile`: passed, or skipped for a profile without what it judges. */
function cleanOutcome(checkId: string, profile: SignatureProfile): unknown {
  const runsIn = profileOnlyChecks[checkId];
  if (runsIn === undefined || runsIn(profile)) return `${checkId}: passed`;
  return expect.stringMatching(
    new RegExp(
      `^${checkId.replace(/\./g, '\\.')}: skipped the ${profile.name} profile .*\\(webhooks\\.(receiver|sender)\\.profile\\)`,
    ),
  );
}

describe('every check on the clean reference server', () => {
  const cleanRuns = [
    ...suites.map((suite) => [suite.name, suite.name, suite.checks, suiteRunOptions[suite.name]] as const),
    [
      'webhooks-receiver in the standard-webhooks profile',
      'webhooks-receiver',
      suites.find((suite) => suite.name === 'webhooks-receiver')!.checks,
      standardWebhooksReceiver,
    ] as const,
    ...(['github', 'standard-webhooks', 'stripe', 'shopify'] as const).map(
      (name) =>
        [
          `webhooks-sender in the ${name} profile`,
          'webhooks-sender',
          suites.find((suite) => suite.name === 'webhooks-sender')!.checks,
          senderInProfile(name),
        ] as const,
    ),
  ];
  it.each(cleanRuns)(
    '%s passes every check, leaves no record behind and warns only where expected',
    async (_name, suite, checks, options) => {
      let leftovers: Record<string, number> = {};
      const results = await runAgainstReference(checks, {
        ...options,
        afterRun: async (server) => {
          leftovers = await countRecords(server);
        },
      });
      const config = (options.configure ?? ((c: ApicertConfig) => c))(await loadConfig(exampleConfigPath));
      const role = suite === 'webhooks-sender' ? config.webhooks.sender : config.webhooks.receiver;
      const profile = role === undefined ? builtInProfiles.convention : profileOf(role);
      expect(results.map((r) => `${r.id}: ${r.status} ${r.message ?? ''}`.trim())).toEqual(
        checks.map((check) => cleanOutcome(check.id, profile)),
      );
      const warnings = results.flatMap((r) => findingsOf(r, 'warning').map((message) => `${r.id}: ${message}`));
      expect(warnings.filter((warning) => !expectedCleanWarnings.some((pattern) => pattern.test(warning)))).toEqual([]);
      // A deep page's cost is timed, so a machine busy with other work can slow one page past the
      // ratio: that advisory is proven by its own tests, side by side with a slow server.
      const advisories = results.flatMap((r) => findingsOf(r, 'advisory').map((message) => `${r.id}: ${message}`));
      expect(advisories.filter((advisory) => !isTimedAdvisory(advisory))).toEqual([]);
      expect(leftovers).toEqual(Object.fromEntries(collectionPaths.map((path) => [path, 0])));
    },
    60_000,
  );
});

/** A switch and the checks of one suite that name it, in the order the suite runs them. */
interface SwitchProof {
  readonly defect: string;
  readonly suite: SuiteName;
  readonly checks: readonly Check[];
}

// One run per switch rather than per check: checks that share a switch share the server and the
// records, as they do in a real run.
const switchProofs: readonly SwitchProof[] = suites.flatMap((suite) =>
  [...new Set(suite.checks.flatMap((check) => check.provenBy ?? []))].map((defect) => ({
    defect,
    suite: suite.name,
    checks: suite.checks.filter((check) => check.provenBy?.includes(defect)),
  })),
);

async function expectProven({ defect, suite, checks }: SwitchProof): Promise<void> {
  if (!isDefectName(defect)) throw new Error(`"${defect}" is no switch (see check declarations)`);
  const results = await runAgainstReference(checks, { ...optionsForProof(suite, defect), defects: [defect] });
  for (const [index, check] of checks.entries()) {
    const result = results[index]!;
    const message = proofMessages[check.id]?.[defect];
    if (message === undefined)
      throw new Error(`${check.id} names ${defect} without a message (see check declarations)`);
    if ('advises' in message) {
      expect(result.status, `${check.id}: ${result.message}`).toBe('passed');
      expect(findingsOf(result, 'advisory'), check.id).toContainEqual(expect.stringMatching(message.advises));
      continue;
    }
    expect(result.status, `${check.id}: ${result.message}`).toBe('failed');
    expect(result.message, check.id).toMatch(message.fails);
    expect(result.message, check.id).not.toMatch(/\n/);
    expect(
      result.evidence.some((exchange) => exchange.curl?.startsWith('curl ')),
      check.id,
    ).toBe(true);
    // A sender failure shows the deliveries it judged beside the requests that caused them.
    if (suite === 'webhooks-sender')
      expect(
        result.evidence.some((exchange) => exchange.direction === 'inbound'),
        check.id,
      ).toBe(true);
  }
}

// The webhook checks mostly wait on timers and sockets (a retry window, a slow acknowledgement), so
// their proofs run side by side, one server each; the others keep both cores busy on their own.
const isMostlyWaiting = (proof: SwitchProof): boolean =>
  proof.suite === 'webhooks-sender' || proof.suite === 'webhooks-receiver';

describe('every switch a check names, on the reference server', () => {
  const asCase = (proof: SwitchProof) =>
    [proof.defect, proof.checks.map((check) => check.id).join(', '), proof] as const;
  const proofName = '%s proves %s';
  it.each(switchProofs.filter((proof) => !isMostlyWaiting(proof)).map(asCase))(
    proofName,
    (_defect, _ids, proof) => expectProven(proof),
    60_000,
  );
  // A receiver that never processes an acknowledged event is waited for (5 s, twice) before its
  // sequence is shrunk and shown (webhooks-receiver.model-consistency).
  it.concurrent.each(switchProofs.filter(isMostlyWaiting).map(asCase))(
    proofName,
    (_defect, _ids, proof) => expectProven(proof),
    60_000,
  );
});

// Where the convention leaves a choice open, every check must accept the other choice by default:
// each variant switch runs its suite and nothing may fail or error (advice is allowed).
const suiteOfSwitch = new Map<string, SuiteName>([
  ...Object.keys(resourceProbes).map((name) => [name, 'resources'] as const),
  ...Object.keys(paginationProbes).map((name) => [name, 'pagination'] as const),
  ...Object.keys(senderProbes).map((name) => [name, 'webhooks-sender'] as const),
  ...Object.keys(receiverProbes).map((name) => [name, 'webhooks-receiver'] as const),
]);
// Proven where the kit's throttling runs: harness/runner/run-conformance-throttle.test.ts.
const variantsProvenElsewhere = new Set(['rate-limited']);

describe.concurrent('every variant switch, on the reference server', () => {
  const variants = defects.filter(
    (defect) => defect.allowedBy !== undefined && !variantsProvenElsewhere.has(defect.name),
  );

  it('covers every variant', () => {
    expect(variants.length).toBeGreaterThan(5);
    expect(variants.filter((variant) => !suiteOfSwitch.has(variant.name)).map((variant) => variant.name)).toEqual([]);
  });

  it.each(variants.map((variant) => [variant.name] as const))(
    '%s fails and errors no check of its suite by default',
    async (name) => {
      const suite = suiteOfSwitch.get(name)!;
      const checks = suites.find((candidate) => candidate.name === suite)!.checks;
      if (!isDefectName(name)) throw new Error(`${name} is no switch`);
      const results = await runAgainstReference(checks, { ...suiteRunOptions[suite], defects: [name] });
      expect(
        results
          .filter((r) => r.status === 'failed' || r.status === 'errored')
          .map((r) => `${r.id}: ${r.message ?? ''}`),
      ).toEqual([]);
      expect(results.some((r) => r.status === 'passed')).toBe(true);
    },
    60_000,
  );
});

function isTimedAdvisory(advisory: string): boolean {
  return /^pagination\.cursor\.deep-pages-cost-the-same: .*deep cursor pages cost more than pagination\.deepPageRatioWarn=/.test(
    advisory,
  );
}
