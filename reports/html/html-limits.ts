// How much evidence the HTML page shows. report.json keeps everything; the page must open fast even
// for thousands of checks with long bodies, so every target-sized value is cut, and the whole page
// has one budget for bodies and counterexamples.

export interface HtmlLimits {
  /** Characters shown of one request or response body. */
  readonly bodyChars: number;
  /** Characters shown of one line-sized value: message, expected, actual, URL, header value. */
  readonly valueChars: number;
  /** Characters shown of one curl line (a cut line says so: it would not replay the same request). */
  readonly curlChars: number;
  /** Characters shown of one counterexample (pretty JSON). */
  readonly counterexampleChars: number;
  /** Exchanges shown per check. */
  readonly exchangesPerCheck: number;
  /** Headers shown per request or response. */
  readonly headersPerMessage: number;
  /** Characters of bodies and counterexamples the whole page may show; once spent, transcripts are left out. */
  readonly evidenceBudgetChars: number;
  /** Failed and errored checks shown expanded when the page opens (the rest expand on click). */
  readonly expandedFailures: number;
  /** Checks listed per category of the comparison. */
  readonly comparedChecksListed: number;
}

export const defaultHtmlLimits: HtmlLimits = {
  bodyChars: 4_000,
  valueChars: 2_000,
  curlChars: 6_000,
  counterexampleChars: 4_000,
  exchangesPerCheck: 8,
  headersPerMessage: 40,
  evidenceBudgetChars: 1_500_000,
  expandedFailures: 10,
  comparedChecksListed: 500,
};

/** The page-wide allowance for large evidence; one per render. */
export interface EvidenceBudget {
  /** Grants up to `wanted` characters (0 once the page's budget is spent). */
  grant(wanted: number): number;
  /** Whether nothing is left, so later transcripts are left out whole. */
  isSpent(): boolean;
}

export function createEvidenceBudget(totalChars: number): EvidenceBudget {
  let left = totalChars;
  return {
    grant(wanted) {
      const granted = Math.max(0, Math.min(wanted, left));
      left -= granted;
      return granted;
    },
    isSpent: () => left <= 0,
  };
}
