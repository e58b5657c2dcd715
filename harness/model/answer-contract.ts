// The API description as a contract for the answers a run receives anyway: the runner shows it each
// answer as it arrives (no extra requests), and the openapi-contract checks read what it found at
// the end of the run. Types only; harness/openapi implements it.
import type { ExchangeRecord } from './evidence.js';

/** One answer a check received from the target, as the contract judges it. */
export interface ObservedAnswer {
  /** The check that made the request. */
  readonly checkId: string;
  readonly method: string;
  /** Absolute URL of the request. */
  readonly url: string;
  readonly status: number;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  /** Parsed JSON, or undefined when the body is empty or not JSON. */
  readonly json: unknown;
  /** Why the body is not JSON, when it is not (malformed, nested too deep). */
  readonly jsonError?: string;
  readonly bodyBytes: number;
  /** The redacted, bounded record, shown as evidence. */
  readonly record: ExchangeRecord;
}

/** What the contract judges of an answer, one check each. */
export const contractAspects = ['status', 'content-type', 'body'] as const;
export type ContractAspect = (typeof contractAspects)[number];

/** An answer that does not match its documented operation in one aspect. */
export interface ContractBreach {
  /** "POST /customers 201": the documented operation and the status answered. */
  readonly item: string;
  /** One line: what the document says and what came back. */
  readonly message: string;
  readonly checkId: string;
  readonly record: ExchangeRecord;
}

/** What the contract found for one aspect over the whole run. */
export interface AspectReport {
  /** Items judged ("GET /customers/{id} 200"), each once, in first-seen order. */
  readonly judged: readonly string[];
  /** Items seen but not judged, with why (no schema given, a schema that does not compile…). */
  readonly notJudged: readonly { readonly item: string; readonly why: string }[];
  /** Every breach counted; the first few per item kept. */
  readonly breachCount: number;
  readonly breaches: readonly ContractBreach[];
}

export interface ContractReport {
  /** Where the document came from, as the user named it. */
  readonly source: string;
  /** Answers shown to the contract, and how many of them matched a documented operation. */
  readonly answersSeen: number;
  readonly answersMatched: number;
  /** Requests no documented operation describes ("PATCH /customers"), with counts, a bounded few. */
  readonly undocumented: readonly { readonly item: string; readonly count: number }[];
  readonly aspects: Readonly<Record<ContractAspect, AspectReport>>;
}

/** The contract as the runner and the checks see it. */
export interface AnswerContract {
  /** Judges one answer; never throws, keeps a bounded record. */
  observe(answer: ObservedAnswer): void;
  report(): ContractReport;
}
