// The document as a contract for the answers a run receives: each answer is matched to its
// documented operation and judged as it arrives (judge-answer.ts), and only a bounded ledger is
// kept: the items judged, the first breaches of each item, counts of everything else. A run with
// thousands of answers, or a target that breaks the document on every one, costs a few hundred
// entries at most.
import type {
  AnswerContract,
  AspectReport,
  ContractAspect,
  ContractBreach,
  ContractReport,
  ObservedAnswer,
} from '../model/answer-contract.js';
import { derivedFromSecrets, type SecretValues } from '../http/growing-secrets.js';
import { redactText, secretVariants } from '../http/redact.js';
import { cutWithMarker } from '../model/cut-with-marker.js';
import type { ApiModel } from './api-model.js';
import { judgeAnswer, type AspectOutcome } from './judge-answer.js';
import { OperationMatcher } from './match-operation.js';

export interface ContractOptions {
  /** The document as the user named it (path or URL), for the report. */
  readonly source: string;
  /** The run's base URL: the document's paths are relative to its path, or to a server's. */
  readonly baseUrl: string;
  /**
   * Values no message may hold (the token, signing secrets): redacted before anything is cut. Read
   * at each use: the run's list can grow (a refreshed token).
   */
  readonly secrets?: SecretValues;
}

// Bounds of the ledger: enough to show a pattern and act on it, never the whole run. Breaches kept
// stay within what a result keeps of its evidence (harness/runner/bound-result.ts), so each one
// shown has its exchange beside it.
const maxItems = 500;
const breachesPerItem = 2;
const maxBreaches = 20;
const maxUndocumented = 30;
const maxMessageChars = 300;
const maxPathChars = 120;

/** Text from the target (echoed headers, keys, paths): secrets redacted first, then cut. */
type Clean = (text: string, maxChars: number) => string;

class AspectLedger {
  private readonly judged = new Set<string>();
  private readonly notJudged = new Map<string, string>();
  private readonly shown: ContractBreach[] = [];
  private readonly shownPerItem = new Map<string, number>();
  private breachCount = 0;

  constructor(private readonly clean: Clean) {}

  add(item: string, outcome: AspectOutcome, answer: ObservedAnswer): void {
    if (!outcome.judged) {
      if (!this.judged.has(item) && this.notJudged.size < maxItems) this.notJudged.set(item, outcome.why);
      return;
    }
    if (this.judged.size < maxItems) this.judged.add(item);
    this.notJudged.delete(item);
    if (outcome.breach === undefined) return;
    this.breachCount += 1;
    const shownOfItem = this.shownPerItem.get(item) ?? 0;
    if (shownOfItem >= breachesPerItem || this.shown.length >= maxBreaches) return;
    this.shownPerItem.set(item, shownOfItem + 1);
    this.shown.push({
      item,
      message: this.clean(outcome.breach, maxMessageChars),
      checkId: answer.checkId,
      record: answer.record,
    });
  }

  report(): AspectReport {
    return {
      judged: [...this.judged],
      notJudged: [...this.notJudged].map(([item, why]) => ({ item, why })),
      breachCount: this.breachCount,
      breaches: [...this.shown],
    };
  }
}

export function createAnswerContract(model: ApiModel, options: ContractOptions): AnswerContract {
  const basePaths = [pathOf(options.baseUrl), ...model.servers.map(pathOf)].filter(
    (path): path is string => path !== undefined,
  );
  const matcher = new OperationMatcher(model.operations, basePaths);
  const variantsNow = derivedFromSecrets(options.secrets, secretVariants);
  const clean: Clean = (text, maxChars) => {
    const variants = variantsNow();
    return cutWithMarker(variants.length === 0 ? text : redactText(text, variants), maxChars);
  };
  const aspects: Record<ContractAspect, AspectLedger> = {
    status: new AspectLedger(clean),
    'content-type': new AspectLedger(clean),
    body: new AspectLedger(clean),
  };
  const undocumented = new Map<string, number>();
  let answersSeen = 0;
  let answersMatched = 0;
  let undocumentedOthers = 0;

  const noteUndocumented = (item: string): void => {
    if (undocumented.has(item) || undocumented.size < maxUndocumented)
      undocumented.set(item, (undocumented.get(item) ?? 0) + 1);
    else undocumentedOthers += 1;
  };

  return {
    observe(answer) {
      answersSeen += 1;
      try {
        const url = new URL(answer.url);
        const match = matcher.match(answer.method, url.pathname);
        if (match.kind !== 'operation') {
          noteUndocumented(
            match.kind === 'method-not-documented'
              ? `${answer.method} ${match.template}`
              : clean(`${answer.method} ${url.pathname}`, maxPathChars),
          );
          return;
        }
        answersMatched += 1;
        const judgement = judgeAnswer(
          match.operation,
          {
            status: answer.status,
            contentType: answer.headers['content-type'],
            json: answer.json,
            ...(answer.jsonError !== undefined ? { jsonError: answer.jsonError } : {}),
            bodyBytes: answer.bodyBytes,
          },
          model.version,
        );
        aspects.status.add(judgement.item, judgement.status, answer);
        aspects['content-type'].add(judgement.item, judgement.contentType, answer);
        aspects.body.add(judgement.item, judgement.body, answer);
      } catch {
        // A contract that cannot judge an answer leaves it out; it never breaks the check that made it.
        noteUndocumented(`${answer.method} (an answer the contract could not read)`);
      }
    },
    report(): ContractReport {
      const listed = [...undocumented].map(([item, count]) => ({ item, count }));
      return {
        source: options.source,
        answersSeen,
        answersMatched,
        undocumented:
          undocumentedOthers === 0 ? listed : [...listed, { item: 'other requests', count: undocumentedOthers }],
        aspects: {
          status: aspects.status.report(),
          'content-type': aspects['content-type'].report(),
          body: aspects.body.report(),
        },
      };
    },
  };
}

function pathOf(url: string): string | undefined {
  try {
    return new URL(url, 'http://relative.invalid').pathname;
  } catch {
    return undefined;
  }
}
