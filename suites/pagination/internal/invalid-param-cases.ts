// The invalid pagination parameters the kit sends, and how an answer to one is judged. Convention
// 7/4 leaves the answer open ("not shown"): pagination.invalidParams pins 4xx or a bounded page,
// the default accepts either; a 5xx is never acceptable. Pure.
import type { ApicertConfig } from '../../../harness/check-api/check-context.js';
import type { ListPage } from './list-page.js';
import type { PaginationStyle } from './list-targets.js';
import type { PageQuery } from './walk-decision.js';

export type InvalidParamPolicy = ApicertConfig['pagination']['invalidParams'];

export interface InvalidParamCase {
  readonly query: PageQuery;
  /**
   * invalid: judged by pagination.invalidParams. over-max: a well-formed but huge size, judged by
   * pagination.overMaxPolicy (clamping it is as right as refusing it).
   */
  readonly kind: 'invalid' | 'over-max';
}

// Past 2^64: no integer type of any server holds it.
const huge = '99999999999999999999';
const badSizes = ['abc', '-1', '0', '1.5'];

/** The cases for the styles a list supports, each in the style's own parameters. */
export function invalidParamCases(styles: readonly PaginationStyle[], pageSize: number): InvalidParamCase[] {
  const cases: InvalidParamCase[] = [];
  const sizeBase: PageQuery | undefined = styles.includes('cursor')
    ? {}
    : styles.includes('offset')
      ? { offset: 0 }
      : undefined;
  if (sizeBase !== undefined) {
    for (const limit of badSizes) cases.push({ query: { ...sizeBase, limit }, kind: 'invalid' });
    cases.push({ query: { ...sizeBase, limit: huge }, kind: 'over-max' });
  }
  if (styles.includes('offset')) {
    for (const offset of ['abc', '-1', '1.5']) cases.push({ query: { offset, limit: pageSize }, kind: 'invalid' });
  }
  if (styles.includes('page')) {
    for (const page of ['0', '-1', 'abc', '1.5']) cases.push({ query: { page, per_page: pageSize }, kind: 'invalid' });
    for (const perPage of badSizes) cases.push({ query: { page: 1, per_page: perPage }, kind: 'invalid' });
    cases.push({ query: { page: 1, per_page: huge }, kind: 'over-max' });
  }
  if (styles.includes('cursor')) {
    // Garbage, and a well-formed base64url token ({"unknown":true}) that this list never issued.
    for (const after of ['garbage', 'not a cursor!', 'eyJ1bmtub3duIjp0cnVlfQ'])
      cases.push({ query: { after, limit: pageSize }, kind: 'invalid' });
  }
  return cases;
}

/** The policy an answer to `kind` is judged by, and the config key that sets it. */
export interface PolicyInForce {
  readonly policy: InvalidParamPolicy;
  readonly key: 'pagination.invalidParams' | 'pagination.overMaxPolicy';
}

/** The policy an answer to `kind` is judged by. */
export function policyFor(
  kind: InvalidParamCase['kind'],
  config: Pick<ApicertConfig['pagination'], 'invalidParams' | 'overMaxPolicy'>,
): PolicyInForce {
  if (kind === 'invalid') return { policy: config.invalidParams, key: 'pagination.invalidParams' };
  return {
    policy: config.overMaxPolicy === 'clamp' ? 'bounded-page' : config.overMaxPolicy,
    key: 'pagination.overMaxPolicy',
  };
}

/** Undefined when the answer is acceptable, else what is wrong with it. */
export function judgeInvalidParamAnswer(
  status: number,
  page: ListPage,
  inForce: PolicyInForce,
  maxPageSize: number | undefined,
): string | undefined {
  const { policy, key } = inForce;
  if (status >= 500) return `answered ${status}: a server error for a client mistake`;
  const isRejected = status >= 400 && status < 500;
  if (isRejected)
    return policy === 'bounded-page' ? `answered ${status}, but ${key} asks for a bounded page` : undefined;
  if (policy === 'reject') return `answered ${status}, but ${key} asks for a 4xx`;
  if (!page.ok) return `answered ${status} without a list page (${page.reason}); expected a 4xx or a bounded page`;
  if (maxPageSize !== undefined && page.ids.length > maxPageSize)
    return `answered a page of ${page.ids.length} items, above pagination.maxPageSize ${maxPageSize}`;
  return undefined;
}
