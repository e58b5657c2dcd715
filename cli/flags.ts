// One table of every CLI flag: yargs reads it, and the docs test checks each one is documented.
import type { Options } from 'yargs';
import { suiteNames } from '../harness/model/run-result.js';
import { printedReporterNames, reportFormats, reporters, type PrintedReporterName } from '../reports/reporters.js';

// The report flags' choices, defaults and file names come from the reporter map (reports/reporters.ts).
const reportFileNames = reportFormats.map((format) => reporters[format].fileName);
const formatFlag = {
  type: 'string',
  default: reportFormats.join(','),
  describe: `Comma list of report formats: ${reportFormats.join(', ')}`,
} as const;

function describePrinted(name: PrintedReporterName): string {
  const { describe } = reporters[name];
  return describe === undefined ? name : `${name} (${describe})`;
}

function describeDefaultPrinted(): string {
  const always = printedReporterNames.filter((name) => reporters[name].byDefault === 'always');
  const when = printedReporterNames.flatMap((name) => {
    const { byDefault } = reporters[name];
    return byDefault === 'always' ? [] : [`${name} when ${byDefault.env} is ${byDefault.value}`];
  });
  return [always.join(', '), ...when.map((text) => `plus ${text}`)].join(', ');
}

const reporterFlag = {
  type: 'string',
  describe: `Comma list of what is printed: ${printedReporterNames.map(describePrinted).join(', ')}; default ${describeDefaultPrinted()}`,
} as const;

function listFileNames(): string {
  return `${reportFileNames.slice(0, -1).join(', ')} and ${reportFileNames.at(-1)}`;
}

export const runFlags = {
  'base-url': {
    type: 'string',
    describe: 'Base URL of the API under test, without user:password@ (wins over target.baseUrl in the config)',
  },
  config: { type: 'string', describe: 'Path to apicert.config.json' },
  openapi: {
    type: 'string',
    describe:
      'OpenAPI or Swagger document (file or URL) to derive the config from, as apicert init does; --config keys win over it',
  },
  suite: { type: 'string', describe: `Comma list of suites: ${suiteNames.join(', ')} (default: all)` },
  'report-dir': {
    type: 'string',
    default: 'apicert-report',
    describe: `Folder that receives ${listFileNames()}, replacing those of an earlier run`,
  },
  format: formatFlag,
  reporter: reporterFlag,
  seed: {
    type: 'string',
    describe: 'Seed that replays the generated cases of an earlier run (a non-negative integer)',
  },
  require: {
    type: 'string',
    describe:
      'Comma list of conformance classes a release needs (default: every class that ran, except advisory and openapi-contract; naming only those adds them)',
  },
  strict: {
    type: 'boolean',
    default: false,
    describe: 'Require the advisory class too: advice (good practice the convention does not state) fails the run',
  },
  'timeout-ms': {
    type: 'string',
    describe: 'Per-request time-out in milliseconds (default: budgets.requestTimeoutMs, 10000)',
  },
  'rate-limit': {
    type: 'string',
    describe: 'Most requests per second to send to the target, e.g. 20 or 0.5 (default: target.rateLimit, no limit)',
  },
  concurrency: {
    type: 'string',
    describe:
      'Most requests in flight to the target at once, 1 to 64; 1 sends one after another (default: target.concurrency, 24)',
  },
  baseline: {
    type: 'string',
    describe: 'report.json of an earlier run: the reports show new failures, fixed checks and unchanged ones',
  },
  'fail-on': {
    type: 'string',
    default: 'any',
    describe: 'What fails the run (exit 1): any required failure, or only new ones (needs --baseline): any, new',
  },
  shard: {
    type: 'string',
    describe:
      'Run only part i of n, e.g. 2/3: whole groups of linked collections per shard, the webhook suites in one; apicert merge-reports joins the parts (docs/ci.md)',
  },
} as const satisfies Record<string, Options>;

export const referenceServerFlags = {
  port: { type: 'string', default: '4010', describe: 'Port to listen on (0 picks a free one)' },
  host: { type: 'string', default: '127.0.0.1', describe: 'Interface to listen on' },
  defects: { type: 'string', describe: 'Comma list of defect switches to turn on (see --list-defects)' },
  'seed-records': {
    type: 'string',
    describe:
      'Records each collection holds from the start, as a staging database would, e.g. products=20000,orders=5000 (customers, orders, products; at most 1000000 each)',
  },
  'list-defects': {
    type: 'boolean',
    default: false,
    describe: 'Print every defect switch with a short description, and exit',
  },
  'webhook-timeout-ms': {
    type: 'string',
    default: '150',
    describe: 'How long the webhook sender waits for a 2xx before it retries',
  },
  'webhook-retry-base-ms': {
    type: 'string',
    default: '50',
    describe: 'First retry delay of the webhook sender; doubles on each attempt',
  },
  'webhook-max-attempts': { type: 'string', default: '5', describe: 'Most delivery attempts per event and subscriber' },
  'receiver-profile': {
    type: 'string',
    default: 'convention',
    describe: 'Signature scheme POST /webhook-receiver verifies: convention (X-Signature) or standard-webhooks',
  },
  'sender-profile': {
    type: 'string',
    default: 'convention',
    describe:
      'Signature scheme the webhook sender signs deliveries in: convention (X-Signature), github, standard-webhooks, stripe or shopify',
  },
} as const satisfies Record<string, Options>;

export const initFlags = {
  openapi: {
    type: 'string',
    describe: 'OpenAPI 3.1, 3.0 or Swagger 2.0 document (JSON or YAML): a file, or an http(s) URL',
  },
  'base-url': {
    type: 'string',
    describe:
      "Base URL of the API (wins over the document's servers); without --openapi, the document is looked for under it, else the API itself is read with GETs",
  },
  out: { type: 'string', default: 'apicert.config.json', describe: 'Config file to write' },
  force: { type: 'boolean', default: false, describe: 'Replace the --out file when it exists' },
  seed: {
    type: 'string',
    describe: 'Seed of the bodies generated from schemas where the document has no example (default 1)',
  },
  probe: {
    type: 'boolean',
    default: true,
    describe:
      'Read the first list of the target with GETs to fill in page sizes and the last cursor form (--no-probe skips it)',
  },
  'probe-writes': {
    type: 'boolean',
    default: false,
    describe:
      'Also create records on the target from the derived sample, to check it and to show the page sizes; init deletes them afterwards',
  },
} as const satisfies Record<string, Options>;

export const vectorsFlags = {
  profile: { type: 'string', describe: 'Signature profile: convention, github, standard-webhooks, stripe or shopify' },
} as const satisfies Record<string, Options>;

export const replayFlags = {
  check: { type: 'string', describe: 'Replay only this check of the report (default: every failed and errored one)' },
  'base-url': {
    type: 'string',
    describe: "Base URL to replay against (default: the report's, e.g. give a fixed build's)",
  },
  config: {
    type: 'string',
    describe: "Path to apicert.config.json (default: the --config the report's run was given)",
  },
  'report-dir': {
    type: 'string',
    default: 'apicert-replay',
    describe: "Folder that receives the replay's reports (not the original's, which it would replace)",
  },
  format: formatFlag,
  reporter: reporterFlag,
} as const satisfies Record<string, Options>;

export const mergeReportsFlags = {
  'report-dir': {
    type: 'string',
    default: 'apicert-report',
    describe: `Folder that receives the merged reports (${reportFileNames.join(', ')})`,
  },
  format: formatFlag,
  reporter: reporterFlag,
  baseline: runFlags.baseline,
  'fail-on': runFlags['fail-on'],
} as const satisfies Record<string, Options>;

/** Every long flag of every command, for the docs test. */
export const allFlagNames: readonly string[] = [
  ...new Set([
    ...Object.keys(runFlags),
    ...Object.keys(referenceServerFlags),
    ...Object.keys(initFlags),
    ...Object.keys(vectorsFlags),
    ...Object.keys(replayFlags),
    ...Object.keys(mergeReportsFlags),
  ]),
];
