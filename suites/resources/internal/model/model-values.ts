// The values resources.model-consistency draws from, biased to the edges a hand-picked value never
// reaches: string values beyond ASCII, with quotes and markup, or empty; ids no record has, in the
// target's own shape and in forms a path must escape. Pure.
import { unknownIdLike } from '../unknown-id.js';

/** How a string the config gives is varied before it is written. */
export type StringVariant = 'as-given' | 'suffix' | 'accented' | 'emoji' | 'quotes-and-markup' | 'empty';

export const stringVariants: readonly StringVariant[] = [
  'as-given',
  'suffix',
  'accented',
  'emoji',
  'quotes-and-markup',
  'empty',
];

// Appended after a space, never leading or trailing whitespace: a server may trim what it stores.
const suffixes: Readonly<Record<Exclude<StringVariant, 'as-given' | 'empty'>, string>> = {
  suffix: 'v2',
  accented: 'café Zoë Ærø',
  emoji: 'ok 🙂',
  'quotes-and-markup': `"q" 'a' \\ <b>&amp;</b>`,
};

/** `value` varied as `variant` says; a value that is not a string, or a placeholder, is kept. */
export function varyString(value: unknown, variant: StringVariant): unknown {
  if (typeof value !== 'string' || variant === 'as-given') return value;
  if (variant === 'empty') return '';
  return `${value} ${suffixes[variant]}`;
}

/**
 * The body with the `pick`-th free-text field varied, the rest as given, and the field varied (none
 * when the variant is "as-given" or the body has no free text). Free text is a string the template
 * writes as words, with a space ("Ada {unique}"): a value such as an email, a SKU or an enum member
 * has a format the convention does not show, which a suffix would break (a lenient server would then
 * store an invalid email, and its own document's contract would fail on the kit's input).
 */
export function varyBody(
  body: Readonly<Record<string, unknown>>,
  template: Readonly<Record<string, unknown>>,
  pick: number,
  variant: StringVariant,
): { readonly body: Record<string, unknown>; readonly field?: string } {
  const words = Object.keys(body).filter((key) => typeof body[key] === 'string' && isFreeText(template[key]));
  if (words.length === 0 || variant === 'as-given') return { body: { ...body } };
  const field = words[pick % words.length]!;
  return { body: { ...body, [field]: varyString(body[field], variant) }, field };
}

function isFreeText(value: unknown): boolean {
  return typeof value === 'string' && / /.test(value) && !/^\{(fixture:[^}]+|parentId)\}$/.test(value);
}

/**
 * Variants a server may store as it sees fit (the fields and their rules are not shown): markup it
 * strips or escapes, an empty string it stores as null or leaves out. The model takes the value the
 * write answers with, and holds later answers to it; accented letters and emoji are kept exactly.
 */
export const normalisableVariants: ReadonlySet<StringVariant> = new Set(['quotes-and-markup', 'empty']);

/** How an id no record has is written. */
export type UnknownIdForm = 'shaped' | 'with-space' | 'with-slash' | 'with-percent' | 'non-ascii' | 'with-dot';

export const unknownIdForms: readonly UnknownIdForm[] = [
  'shaped',
  'with-space',
  'with-slash',
  'with-percent',
  'non-ascii',
  'with-dot',
];

/**
 * An id no record has: in the shape of `knownId` (a numeric, UUID or prefixed id stays one, so an
 * API that validates ids is asked about a missing record, not a malformed id), or that shape with a
 * character a path segment must escape. Sent percent-encoded, so it stays one segment.
 */
export function unknownIdOf(knownId: string | number, form: UnknownIdForm, random: () => number): string {
  const core = unknownIdLike(knownId, random);
  switch (form) {
    case 'shaped':
      return core;
    case 'with-space':
      return `${core} x`;
    case 'with-slash':
      return `${core}/x`;
    case 'with-percent':
      return `${core}%x`;
    case 'non-ascii':
      return `${core}é`;
    case 'with-dot':
      return `${core}.json`;
  }
}
