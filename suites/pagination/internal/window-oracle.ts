// What an explored query asks for, and whether an answer is it. Convention 4.2: offset o with limit
// n is items o..o+n-1 of the list's one order (rule 3); page p with per_page n is offset (p-1)*n
// with limit n (the table); has_more is true exactly when items follow (rule 5); no page holds more
// than was asked or than the maximum (rule 4, section 8); a nested list shows its own parent's
// children only (2/3); a client's query never gets a 5xx (7/1). A value that is no plain integer is
// judged as pagination.invalid-params judges one (7/4), or as one reading common parsers give it. Pure.
import type { ApicertConfig } from '../../../harness/check-api/check-context.js';
import { judgeInvalidParamAnswer, policyFor } from './invalid-param-cases.js';
import { idsAt, positionsOf, type KnownOrder } from './known-order.js';
import type { ListPage } from './list-page.js';
import { firstDifference, keepOnly, listBriefly } from './page-rules.js';
import type { ExploredQuery, ListFacts, SentParam } from './query-space.js';

/** The page one reading of a query asks for. */
export interface Window {
  /** Positions in the full order where the page may begin (two for a clamped page number); 'unknown' when a clamp the kit does not know moves it. */
  readonly starts: readonly number[] | 'unknown';
  /** Items asked for, after a known clamp; undefined when the default size is not known. */
  readonly size: number | undefined;
  /** Above a maximum the kit does not know: the page may be cut short, or refused. */
  readonly mayBeClamped: boolean;
  /** Above the known maximum: judged by pagination.overMaxPolicy. */
  readonly overMax: boolean;
  /** No size was sent: `size` is the default page size (pinned, or found by page-size-bounds). */
  readonly isDefaultSize: boolean;
}

/** One way to read a query: a window, or an invalid value. `text` names it in a message. */
export type Reading =
  | { readonly kind: 'window'; readonly window: Window; readonly text: string }
  | { readonly kind: 'invalid'; readonly text: string };

export interface QueryMeaning {
  /** Each parameter written once as a plain integer (or a cursor the list issued): one reading. */
  readonly isPlain: boolean;
  readonly readings: readonly Reading[];
}

/** What the oracle judges an answer against. */
export interface OracleContext {
  /** The list's order as read: whole from one complete walk, or a long list's length, head and tail. */
  readonly order: KnownOrder;
  /** The kit's records on this list: only they are compared, since others may write meanwhile. */
  readonly own: ReadonlySet<string>;
  /** The kit's records of other parents: a nested list must never show one. */
  readonly foreign: ReadonlySet<string>;
  readonly maxPageSize: number | undefined;
  readonly pagination: Pick<ApicertConfig['pagination'], 'invalidParams' | 'overMaxPolicy'>;
  /**
   * Others wrote to the list while it was read (two reads of its order differed), and may have moved
   * its end by up to this many records: a page is then judged only on what no other writer explains,
   * besides the rules every page keeps (no 5xx, no more than asked or than the maximum): the order of
   * the kit's records it lists among themselves, nothing listed that far past the end, and a full
   * page with has_more true that far inside it.
   */
  readonly writeSlack?: number;
}

/** An answer as the oracle sees it. */
export interface ExploredAnswer {
  readonly status: number;
  readonly page: ListPage;
}

type Value = number | 'absent' | 'bad';

/** The readings of `query` on a list with `facts`. */
export function meaningOf(query: ExploredQuery, facts: ListFacts): QueryMeaning {
  const names =
    query.style === 'offset' ? ['offset', 'limit'] : query.style === 'page' ? ['page', 'per_page'] : ['after', 'limit'];
  const perName = names.map((name) =>
    readParam(
      query.params.filter((param) => param.name === name),
      name,
      facts,
    ),
  );
  const isPlain = perName.every((read) => read.isPlain);
  // Two parameters with at most three readings each: at most nine combinations.
  let combos: Value[][] = [[]];
  for (const read of perName) combos = combos.flatMap((combo) => read.values.map((value) => [...combo, value]));
  const readings = combos.map(([start, size]) => readingOf(query.style, names, start!, size!, facts));
  return { isPlain, readings: uniqueReadings(readings) };
}

/** Undefined when the answer is right for the query, else what is wrong, in one clause. */
export function judgeAnswer(answer: ExploredAnswer, meaning: QueryMeaning, context: OracleContext): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}: a server error for a client's query`;
  if (answer.page.ok) {
    const foreign = answer.page.ids.filter((id) => context.foreign.has(id));
    if (foreign.length > 0) return `listed ${listBriefly(foreign)}, the kit's record(s) of another parent`;
  }
  const invalidProblem = () =>
    judgeInvalidParamAnswer(answer.status, answer.page, policyFor('invalid', context.pagination), context.maxPageSize);
  const problems = meaning.readings.map((reading) =>
    reading.kind === 'invalid' ? invalidProblem() : judgeWindow(answer, reading.window, context),
  );
  if (meaning.isPlain) return problems[0];
  // A malformed value: an answer pagination.invalidParams allows, or the page of one reading.
  if (invalidProblem() === undefined || problems.some((problem) => problem === undefined)) return undefined;
  const windowAt = meaning.readings.findIndex((reading) => reading.kind === 'window');
  const asWindow = windowAt < 0 ? '' : `, nor the page of ${meaning.readings[windowAt]!.text} (${problems[windowAt]!})`;
  return `${invalidProblem()!}${asWindow}`;
}

/** Undefined when `answer` is the page `window` asks for (or a refusal it allows), else what is wrong. */
export function judgeWindow(answer: ExploredAnswer, window: Window, context: OracleContext): string | undefined {
  const { status, page } = answer;
  const total = context.order.length;
  const { overMaxPolicy } = context.pagination;
  const mayRefuseSize = (window.overMax || window.mayBeClamped) && overMaxPolicy !== 'clamp';
  if (status >= 400 && status < 500) {
    // Past the end, a refusal is the service's choice: 7/3 leaves the mapping of conditions to statuses open.
    // Under others' writes, where the end is moves: only a refused first page is surely wrong.
    if (window.starts !== 'unknown' && window.starts.every((start) => start >= total)) return undefined;
    if (context.writeSlack !== undefined && (window.starts === 'unknown' || window.starts.some((start) => start > 0)))
      return undefined;
    if (mayRefuseSize) return undefined;
    return window.overMax
      ? `answered ${status}, but pagination.overMaxPolicy is "clamp"`
      : `answered ${status} to a valid query`;
  }
  if (!page.ok) return page.reason;
  if (window.overMax && overMaxPolicy === 'reject')
    return `answered a page, but pagination.overMaxPolicy asks for a 4xx above the maximum`;
  const count = page.ids.length;
  if (context.maxPageSize !== undefined && count > context.maxPageSize)
    return `held ${count} items, above the maximum page size ${context.maxPageSize}`;
  if (window.size !== undefined && count > window.size)
    return `held ${count} items, more than the ${window.size} asked for`;
  if (context.writeSlack !== undefined) {
    if (window.starts === 'unknown') return judgeOwnOrder(page, context);
    const slack = context.writeSlack;
    const problems = window.starts.map((start) => judgeFarFromEnd(page, start, window, total, slack));
    return problems.includes(undefined) ? judgeOwnOrder(page, context) : problems[0];
  }
  if (window.starts === 'unknown') return undefined;
  const problems = window.starts.map((start) => judgeSlice(page, start, window, context));
  if (problems.includes(undefined)) return undefined;
  // Above the maximum (or perhaps above it, when it is unknown) a service may treat the size as
  // invalid (7/4) and answer as it answers invalid parameters, as pagination.invalid-params accepts.
  if (
    mayRefuseSize &&
    judgeInvalidParamAnswer(status, page, policyFor('over-max', context.pagination), context.maxPageSize) === undefined
  )
    return undefined;
  return problems[0];
}

// Under others' writes, what no writer explains of a page at `start`: items listed well past the
// list's end, a short page or has_more false well inside it, has_more true well past it.
function judgeFarFromEnd(
  page: Extract<ListPage, { ok: true }>,
  start: number,
  window: Window,
  total: number,
  slack: number,
): string | undefined {
  const count = page.ids.length;
  if (start >= total + slack) {
    if (count > 0)
      return `listed ${count} item(s) (${listBriefly(page.ids)}) at position ${start}, past the end of the ${total} items by more than others' writes meanwhile explain`;
    if (page.hasMore) return `said has_more true at position ${start}, past the end of the ${total} items`;
    return undefined;
  }
  const isExact = window.size !== undefined && !window.mayBeClamped;
  if (isExact && start + window.size! <= total - slack) {
    if (count < window.size!)
      return `held ${count} items; expected ${window.size!}, at position ${start}, well inside the ${total} items`;
    if (!page.hasMore) return `said has_more false at position ${start}, well inside the ${total} items`;
  }
  return undefined;
}

// Under others' writes: the kit's records a page lists keep the order the list gave them (4.2/3).
function judgeOwnOrder(page: Extract<ListPage, { ok: true }>, context: OracleContext): string | undefined {
  const positions = positionsOf(context.order, context.own);
  let previous: { id: string; at: number } | undefined;
  for (const id of page.ids) {
    const at = positions.get(id);
    if (at === undefined) continue;
    if (previous !== undefined && at < previous.at)
      return `listed ${previous.id} before ${id}, which the list's order puts ahead of it (positions ${previous.at} and ${at})`;
    previous = { id, at };
  }
  return undefined;
}

function judgeSlice(
  page: Extract<ListPage, { ok: true }>,
  start: number,
  window: Window,
  context: OracleContext,
): string | undefined {
  const { order, own } = context;
  const total = order.length;
  const count = page.ids.length;
  const rest = Math.max(0, total - start);
  if (start >= total && count > 0)
    return `listed ${count} item(s) (${listBriefly(page.ids)}) although position ${start} is past the end of the ${total} items`;
  const isExact = window.size !== undefined && !window.mayBeClamped;
  const length = isExact ? Math.min(window.size!, rest) : count;
  if (count !== length) {
    const why = window.isDefaultSize
      ? ` (no size sent: the default page size ${window.size!}, pagination.defaultPageSize or as page-size-bounds found it)`
      : '';
    return `held ${count} items; expected ${length}, positions ${start}–${start + length - 1} of the ${total} in the list's order${why}`;
  }
  if (count > rest) return `held ${count} items, but only ${rest} follow position ${start}`;
  if (rest > 0 && count === 0) return `was empty, but ${rest} item(s) follow position ${start}`;
  const actual = keepOnly(page.ids, own);
  const known = idsAt(order, start, length);
  if (known !== undefined) {
    const expected = keepOnly(known, own);
    if (firstDifference(expected, actual) >= 0) {
      return `listed [${listBriefly(actual)}] where positions ${start}–${start + length - 1} of the list's order hold [${listBriefly(expected)}] (the kit's records only)`;
    }
  } else {
    // A stretch of a long list the kit did not read: its own records it read elsewhere must not be here.
    const positions = positionsOf(order, own);
    const misplaced = actual.find((id) => {
      const at = positions.get(id);
      return at !== undefined && (at < start || at >= start + length);
    });
    if (misplaced !== undefined)
      return `listed ${misplaced} among positions ${start}–${start + length - 1}, but it stands at position ${positions.get(misplaced)!} of the list's order`;
  }
  const hasMore = start + length < total;
  if (page.hasMore !== hasMore)
    return `said has_more ${page.hasMore}, but ${hasMore ? `${total - start - length} item(s) follow` : 'no item follows'}`;
  return undefined;
}

// A parameter's readings: a plain integer has one; a malformed one the numbers common parsers give
// it ("+5", " 5", "05" and "5e0" read as 5, an empty value as left out, a repeat as its first or last).
function readParam(sent: readonly SentParam[], name: string, facts: ListFacts): { isPlain: boolean; values: Value[] } {
  if (sent.length === 0) return { isPlain: true, values: ['absent'] };
  const read = (text: string): { isPlain: boolean; value: Value } =>
    name === 'after' ? readCursor(text, facts) : readNumber(text);
  if (sent.length === 1) {
    const { isPlain, value } = read(sent[0]!.text);
    return { isPlain, values: [value] };
  }
  return { isPlain: false, values: [...new Set([read(sent[0]!.text).value, read(sent.at(-1)!.text).value])] };
}

function readNumber(text: string): { isPlain: boolean; value: Value } {
  if (/^(0|[1-9][0-9]{0,15})$/.test(text)) return { isPlain: true, value: Number(text) };
  const trimmed = text.trim();
  if (trimmed === '') return { isPlain: false, value: 'absent' };
  const value = /^\+?[0-9]{1,16}$/.test(trimmed) || /^[0-9]{1,8}e[0-9]$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return { isPlain: false, value: Number.isSafeInteger(value) ? value : 'bad' };
}

// A cursor the walk saw resumes after its item; an empty `after` reads as none (the first page).
function readCursor(text: string, facts: ListFacts): { isPlain: boolean; value: Value } {
  if (text === '') return { isPlain: false, value: 'absent' };
  const seen = facts.cursors.find((cursor) => cursor.cursor === text);
  return seen === undefined ? { isPlain: false, value: 'bad' } : { isPlain: true, value: seen.afterIndex + 1 };
}

function readingOf(
  style: ExploredQuery['style'],
  names: readonly string[],
  start: Value,
  size: Value,
  facts: ListFacts,
): Reading {
  const text = [describeValue(names[0]!, start), describeValue(names[1]!, size)].join(', ');
  if (start === 'bad' || size === 'bad' || (typeof size === 'number' && size < 1)) return { kind: 'invalid', text };
  if (style === 'page' && typeof start === 'number' && start < 1) return { kind: 'invalid', text };
  const { maxPageSize: max, defaultPageSize } = facts;
  // Below the walk size and the default, a size is surely within the maximum (config and 4.2/4).
  const sure = max ?? Math.max(facts.walkPageSize, defaultPageSize ?? 0);
  const asked = size === 'absent' ? defaultPageSize : size;
  const overMax = max !== undefined && asked !== undefined && asked > max;
  const mayBeClamped = max === undefined && asked !== undefined && asked > sure;
  const effective = overMax ? max : asked;
  const window = (starts: readonly number[] | 'unknown'): Reading => ({
    kind: 'window',
    window: { starts, size: effective, mayBeClamped, overMax, isDefaultSize: size === 'absent' },
    text,
  });
  if (style !== 'page') return window([start === 'absent' ? 0 : start]);
  const page = start === 'absent' ? 1 : start;
  if (page === 1) return window([0]);
  if (effective === undefined || mayBeClamped) return window('unknown');
  // A clamped per_page numbers pages by the maximum; a service that numbers them by the size asked is not wrong either.
  return window(overMax ? [(page - 1) * effective, (page - 1) * asked!] : [(page - 1) * effective]);
}

function describeValue(name: string, value: Value): string {
  if (value === 'absent') return `no ${name}`;
  if (value === 'bad') return `an invalid ${name}`;
  return name === 'after' ? `after item ${value - 1}` : `${name} ${value}`;
}

function uniqueReadings(readings: readonly Reading[]): Reading[] {
  const seen = new Set<string>();
  return readings.filter((reading) => !seen.has(reading.text) && seen.add(reading.text));
}
