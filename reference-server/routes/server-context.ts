// What every route handler of one server instance shares.
import type { DefectName } from '../defects.js';
import type { ListBehaviour } from '../pagination/list-behaviour.js';
import type { PageParamPolicy } from '../pagination/parse-page-params.js';
import type { Store } from '../store.js';
import type { TimerRegistry } from '../timer-registry.js';
import type { ReceiverLedger } from '../webhooks/receiver-ledger.js';
import type { WebhookSender } from '../webhooks/sender.js';
import type { SlipMemory } from './sequence-slips.js';
import type { WalkSlipMemory } from '../pagination/walk-slips.js';

/** The convention's X-Signature, or Standard Webhooks' headers. */
export type ReceiverProfile = 'convention' | 'standard-webhooks';

export interface ServerContext {
  readonly store: Store;
  readonly defects: ReadonlySet<DefectName>;
  /** The next createdAt/updatedAt value. */
  readonly timestamp: () => string;
  readonly timers: TimerRegistry;
  readonly sender: WebhookSender;
  readonly ledger: ReceiverLedger;
  readonly webhookSecret: string;
  /** The signature scheme the receiver verifies. */
  readonly receiverProfile: ReceiverProfile;
  readonly pageParamPolicy: PageParamPolicy;
  readonly listBehaviour: ListBehaviour;
  /** Source of randomness for the order-without-tie-breaker defect. */
  readonly random: () => number;
  readonly tuning: DefectTuning;
  /** What the switches that show only where operations meet remember (sequence-slips.ts). */
  readonly slips: SlipMemory;
  /** What the pagination switches that show only where walks and writes meet remember (walk-slips.ts). */
  readonly walkSlips: WalkSlipMemory;
}

/** Timings of the defects that are about time, shortened in tests. */
export interface DefectTuning {
  /** receiver-slow-ack: how long the receiver waits before answering; default 12000 ms, past the kit's 10 s default budget. */
  readonly receiverSlowAckMs: number;
  /** slow-deep-pages: added latency per item skipped to reach a page; default 1 ms. */
  readonly slowDeepPageMsPerItem: number;
  /** rate-limited: the Retry-After of each 429, in whole seconds; default 1. */
  readonly retryAfterSeconds: number;
}

export const defaultDefectTuning: DefectTuning = {
  receiverSlowAckMs: 12_000,
  slowDeepPageMsPerItem: 1,
  retryAfterSeconds: 1,
};
