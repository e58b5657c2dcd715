// The registry: every suite and its checks, in the order they run. Nothing is discovered by scanning files.
import type { Check } from './define-check.js';
import { openApiContractChecks } from './openapi-contract/index.js';
import { paginationChecks, paginationChecksAlone } from './pagination/index.js';
import { resourceChecks } from './resources/index.js';
import type { SuiteDefinition } from '../harness/check-api/suite-definition.js';
import { webhooksReceiverChecks } from './webhooks-receiver/index.js';
import { webhooksSenderChecks, webhooksSenderChecksAlone } from './webhooks-sender/index.js';

export const suites: readonly SuiteDefinition[] = [
  {
    name: 'resources',
    checks: resourceChecks,
    // Each check makes and judges records of its own (a list it reads is read by cursor, which holds
    // under the others' writes, or is a nested list under its own parent), so they run side by side.
    // Eight: the suite is about 450 requests, mostly in short chains, and with four the limit on
    // requests in flight sat half idle (at 50 ms a request: 2.1 s with four, 1.7 s with eight).
    checksSideBySide: 8,
    whyNotRunnable: (config) =>
      config.collections.length === 0 ? 'no collections are configured (add "collections" to the config)' : undefined,
  },
  {
    name: 'pagination',
    checks: paginationChecks,
    // The checks that only read run side by side, on lists nobody writes to meanwhile; those that
    // write run alone, each judging lists that share no records side by side (judgeEachList). Four:
    // the limit on requests in flight binds the readers anyway, and a target answering huge pages
    // (cli/hostile-targets.test.ts) costs four checks' pages in flight, not seven.
    checksSideBySide: 4,
    checksAlone: paginationChecksAlone,
    whyNotRunnable: (config) =>
      config.collections.length === 0 ? 'no collections are configured (add "collections" to the config)' : undefined,
  },
  {
    name: 'webhooks-sender',
    checks: webhooksSenderChecks,
    // Each check registers its own subscription and matches deliveries by its own record, so the
    // others' events on its channel are noise it ignores; those that hold answers or time retries
    // run alone. Four: the deliveries of four checks at once are few.
    checksSideBySide: 4,
    checksAlone: webhooksSenderChecksAlone,
    whyNotRunnable: (config) =>
      config.webhooks.sender === undefined
        ? 'no webhook sender is configured (add "webhooks.sender" to the config)'
        : undefined,
  },
  {
    name: 'webhooks-receiver',
    checks: webhooksReceiverChecks,
    // Its checks only post to the receiver URL and read its observe URL: nothing the pagination
    // checks list or the sender checks watch (their own sink channels, deliveries matched by event
    // id and record). Alongside pagination, the longest suite, it costs the run no time at all.
    runsAlongside: ['pagination', 'webhooks-sender'],
    whyNotRunnable: (config) =>
      config.webhooks.receiver === undefined
        ? 'no webhook receiver is configured (add "webhooks.receiver" to the config)'
        : undefined,
  },
  {
    name: 'openapi-contract',
    checks: openApiContractChecks,
    // It judges the answers the other suites received: it starts once they have all finished.
    runsAfterAllOthers: true,
    // Without a document the runner skips it with that reason (RunConformanceOptions.contract).
    whyNotRunnable: () => undefined,
  },
];

/** Every check of every suite. */
export const allChecks: readonly Check[] = suites.flatMap((suite) => suite.checks);
