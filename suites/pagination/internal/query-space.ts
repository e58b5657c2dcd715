// The query space of one list in one pagination style, as fast-check arbitraries biased toward the
// values where services break: sizes 0, 1, 2, the default, the walk size, the maximum and either
// side of it, a huge one; offsets and pages at the start, at the end and past it; and malformed
// forms of a number (empty, "+5", " 5", "5e0", "05", the parameter twice). Pure: the check
// supplies what it knows of the list (ListFacts); the oracle (window-oracle.ts) reads the queries.
import fc from 'fast-check';
import type { PaginationStyle } from './list-targets.js';

/** What the kit knows of one list before exploring it. */
export interface ListFacts {
  /** Items in the list's full order, taken from one complete walk. */
  readonly total: number;
  readonly walkPageSize: number;
  readonly defaultPageSize: number | undefined;
  readonly maxPageSize: number | undefined;
  /** The next_cursor values the walk saw: each resumes after the item at `afterIndex` of the order. */
  readonly cursors: readonly { readonly afterIndex: number; readonly cursor: string }[];
}

/** One parameter as sent: its name, its exact text, and what its value was drawn as. */
export interface SentParam {
  readonly name: string;
  readonly text: string;
  /** The boundary or form, e.g. "total+1", "max", "+5 form of 1", "cursor after item 9". */
  readonly label: string;
}

/** One explored query: its parameters in the order sent; a name twice is a repeated parameter. */
export interface ExploredQuery {
  readonly style: PaginationStyle;
  readonly params: readonly SentParam[];
}

/** A number drawn by name (a boundary) or from a range. */
interface Mark {
  readonly label: string;
  readonly value: number;
}

/** How a drawn number is written. Every form but "plain" is malformed or ambiguous. */
export type NumberForm = 'plain' | 'empty' | 'plus' | 'space' | 'exponent' | 'leading-zero' | 'repeated';
const malformedForms = ['empty', 'plus', 'space', 'exponent', 'leading-zero', 'repeated'] as const;

// Far past any list, yet an integer every server can hold.
export const farValue = 1_000_000;

/** The size marks (limit, per_page) of a list, simplest first, each value once. */
export function sizeMarks(facts: ListFacts): Mark[] {
  const { defaultPageSize: d, maxPageSize: m, walkPageSize: w } = facts;
  return uniqueMarks([
    { label: '1', value: 1 },
    { label: '2', value: 2 },
    { label: 'the walk size (pagination.walkPageSize)', value: w },
    ...(d === undefined ? [] : [{ label: 'default', value: d }]),
    ...(m === undefined
      ? []
      : [
          { label: 'max-1', value: m - 1 },
          { label: 'max', value: m },
          { label: 'max+1', value: m + 1 },
        ]),
    { label: 'huge', value: farValue },
    { label: '0', value: 0 },
  ]);
}

/** The offset marks of a list: the start, either side of the end, and far past it. */
export function offsetMarks(facts: ListFacts): Mark[] {
  const { total } = facts;
  return uniqueMarks([
    { label: '0', value: 0 },
    { label: '1', value: 1 },
    { label: 'total-1', value: total - 1 },
    { label: 'total', value: total },
    { label: 'total+1', value: total + 1 },
    { label: 'far past the end', value: farValue },
  ]);
}

/** The page marks for `perPage` items a page: the first two, the last, the one after, far past. */
export function pageMarks(facts: ListFacts, perPage: number): Mark[] {
  const last = Math.max(1, Math.ceil(facts.total / Math.max(1, perPage)));
  return uniqueMarks([
    { label: '1', value: 1 },
    { label: '2', value: 2 },
    { label: 'last', value: last },
    { label: 'last+1', value: last + 1 },
    { label: 'far past the end', value: farValue },
  ]);
}

/** Every mark label a style's space has, for coverage: "offset total+1", "form repeated"… */
export function markLabels(style: PaginationStyle, facts: ListFacts): string[] {
  const sizeName = style === 'page' ? 'per_page' : 'limit';
  const labels = sizeMarks(facts).map((mark) => `${sizeName} ${mark.label}`);
  if (style === 'offset') labels.push(...offsetMarks(facts).map((mark) => `offset ${mark.label}`));
  if (style === 'page') labels.push(...pageMarks(facts, facts.walkPageSize).map((mark) => `page ${mark.label}`));
  if (style === 'cursor') labels.push('after none', 'after a cursor');
  return [...labels, ...malformedForms.map((form) => `form ${form}`)];
}

/** The mark labels a query drew, in the vocabulary of markLabels. */
export function labelsOf(query: ExploredQuery): string[] {
  const labels = query.params.map((param) => {
    if (param.label.includes(' form of ')) return `form ${param.label.split(' form of ')[0]!}`;
    return param.name === 'after' ? 'after a cursor' : `${param.name} ${param.label}`;
  });
  if (query.style === 'cursor' && !query.params.some((param) => param.name === 'after')) labels.push('after none');
  return labels;
}

/** The explored queries of `style` on a list. */
export function exploredQueryArbitrary(style: PaginationStyle, facts: ListFacts): fc.Arbitrary<ExploredQuery> {
  switch (style) {
    case 'offset':
      return fc
        .tuple(
          optionalParam('offset', offsetMarks(facts), { min: 0, max: facts.total + 2 }),
          optionalParam('limit', sizeMarks(facts), sizeRange(facts)),
        )
        .map(([offset, limit]) => ({ style, params: [...offset, ...limit] }));
    case 'page':
      // The page marks depend on the page size drawn first (the last page of per_page=1 is not that of per_page=100).
      return optionalParam('per_page', sizeMarks(facts), sizeRange(facts)).chain((perPage) =>
        optionalParam('page', pageMarks(facts, sizeForPages(perPage, facts)), {
          min: 1,
          max: Math.max(2, Math.ceil(facts.total / facts.walkPageSize) + 1),
        }).map((page) => ({ style, params: [...page, ...perPage] })),
      );
    case 'cursor':
      return fc
        .tuple(afterParam(facts), optionalParam('limit', sizeMarks(facts), sizeRange(facts)))
        .map(([after, limit]) => ({ style, params: [...after, ...limit] }));
  }
}

/** The query string of `query`, exactly as sent (parameters in order, repeats kept). */
export function toQueryString(query: ExploredQuery): string {
  return query.params.map((param) => `${encodeURIComponent(param.name)}=${encodeURIComponent(param.text)}`).join('&');
}

/** A short description for a message: "offset=102 (total+1), limit=5 (walkPageSize)". */
export function describeQuery(query: ExploredQuery): string {
  if (query.params.length === 0) return '(no parameters)';
  return query.params
    .map((param) => `${param.name}=${JSON.stringify(param.text).slice(1, -1)} (${param.label})`)
    .join(', ');
}

function sizeRange(facts: ListFacts): { min: number; max: number } {
  return { min: 1, max: Math.max(2, facts.maxPageSize ?? Math.max(facts.walkPageSize, facts.defaultPageSize ?? 0)) };
}

// The page size that numbers the pages: per_page as drawn when plain, else the walk size.
function sizeForPages(perPage: readonly SentParam[], facts: ListFacts): number {
  const [first] = perPage;
  const value = first === undefined ? (facts.defaultPageSize ?? facts.walkPageSize) : Number(first.text);
  return Number.isSafeInteger(value) && value >= 1 ? Math.min(value, facts.maxPageSize ?? value) : facts.walkPageSize;
}

// Boundaries four times as often as the rest of the range; a plain number eight times as often as
// each malformed form; left out now and then (the default applies).
function optionalParam(
  name: string,
  marks: readonly Mark[],
  range: { min: number; max: number },
): fc.Arbitrary<readonly SentParam[]> {
  const value = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...marks) },
    { weight: 1, arbitrary: fc.integer(range).map((n): Mark => ({ label: `${n} (drawn)`, value: n })) },
  );
  const form = fc.oneof(
    { weight: 8, arbitrary: fc.constant<NumberForm>('plain') },
    { weight: 1, arbitrary: fc.constantFrom<NumberForm>(...malformedForms) },
  );
  return fc.oneof(
    {
      weight: 12,
      arbitrary: fc.tuple(value, form, value).map(([mark, how, other]) => writeNumber(name, mark, how, other)),
    },
    { weight: 1, arbitrary: fc.constant([]) },
  );
}

/** The parameters that write `mark` in `form` (`other` is the second value of a repeated parameter). */
export function writeNumber(name: string, mark: Mark, form: NumberForm, other: Mark): SentParam[] {
  const digits = String(mark.value);
  const formed = (text: string): SentParam[] => [{ name, text, label: `${form} form of ${mark.label}` }];
  switch (form) {
    case 'plain':
      return [{ name, text: digits, label: mark.label }];
    case 'empty':
      return formed('');
    case 'plus':
      return formed(`+${digits}`);
    case 'space':
      return formed(` ${digits}`);
    case 'exponent':
      return formed(`${digits}e0`);
    case 'leading-zero':
      return formed(`0${digits}`);
    case 'repeated':
      return [
        { name, text: digits, label: `repeated form of ${mark.label}` },
        { name, text: String(other.value), label: `repeated form of ${other.label}` },
      ];
  }
}

// No cursor (the first page), a cursor the walk saw (the first, the last, any), or an empty after.
function afterParam(facts: ListFacts): fc.Arbitrary<readonly SentParam[]> {
  const { cursors } = facts;
  const none = fc.constant<readonly SentParam[]>([]);
  const empty = fc.constant<readonly SentParam[]>([{ name: 'after', text: '', label: 'empty form of after' }]);
  if (cursors.length === 0) return fc.oneof({ weight: 8, arbitrary: none }, { weight: 1, arbitrary: empty });
  const seen = (index: number): readonly SentParam[] => {
    const { afterIndex, cursor } = cursors[index]!;
    return [{ name: 'after', text: cursor, label: `cursor after item ${afterIndex}` }];
  };
  return fc.oneof(
    { weight: 2, arbitrary: none },
    { weight: 6, arbitrary: fc.constantFrom(0, cursors.length - 1).map(seen) },
    { weight: 3, arbitrary: fc.integer({ min: 0, max: cursors.length - 1 }).map(seen) },
    { weight: 1, arbitrary: empty },
  );
}

function uniqueMarks(marks: readonly Mark[]): Mark[] {
  const seen = new Set<number>();
  return marks.filter((mark) => mark.value >= 0 && !seen.has(mark.value) && seen.add(mark.value));
}
