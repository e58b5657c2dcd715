// Bodies whose bytes differ from what a JSON library would write for the same value. Pure.
// Convention 5.3-5.4: the signature covers the raw bytes. A receiver that parses and re-serializes
// before verifying computes the HMAC over other bytes and refuses these correctly signed bodies.

/** The ways of writing an event's JSON that a re-serialization does not reproduce. */
export const bodyVariantNames = ['pretty-printed', 'keys-reordered', 'escaped-characters'] as const;

export type BodyVariantName = (typeof bodyVariantNames)[number];

/** One way of writing an event's JSON. */
export interface BodyVariant {
  readonly name: BodyVariantName;
  /** What differs from a re-serialization, for messages. */
  readonly description: string;
  readonly text: string;
}

interface WriteStyle {
  readonly reverseKeys: boolean;
  readonly sortKeys?: boolean;
  /** Between items and members, e.g. "," or ", ". */
  readonly itemSeparator: string;
  /** Between a key and its value, e.g. ":" or ": ". */
  readonly keySeparator: string;
  readonly escapeString: (jsonString: string) => string;
}

/** `event` written the `name` way: it parses back to the same value, yet is neither JSON.stringify's nor a key-sorting writer's text. */
export function buildBodyVariant(event: Readonly<Record<string, unknown>>, name: BodyVariantName): BodyVariant {
  switch (name) {
    case 'pretty-printed':
      return {
        name,
        description: 'two-space indentation and a trailing newline',
        text: `${JSON.stringify(event, null, 2)}\n`,
      };
    case 'keys-reordered':
      return {
        name,
        description: 'keys in reverse order, with a space after ":" and "," (Python json.dumps style)',
        text: writeJson(event, { reverseKeys: true, itemSeparator: ', ', keySeparator: ': ', escapeString: (s) => s }),
      };
    case 'escaped-characters':
      return {
        name,
        description:
          'non-ASCII characters as \\uXXXX (é as \\u00e9), "/" as "\\/", and the first character of every key and string as \\uXXXX',
        text: writeJson(event, {
          reverseKeys: false,
          itemSeparator: ',',
          keySeparator: ':',
          escapeString: escapeHarder,
        }),
      };
  }
}

/** What a receiver that re-serializes might verify instead of the raw bytes: JSON.stringify's text and a key-sorted text. */
export function reserializationsOf(text: string): string[] {
  const value: unknown = JSON.parse(text);
  return [
    JSON.stringify(value),
    writeJson(value, {
      reverseKeys: false,
      sortKeys: true,
      itemSeparator: ',',
      keySeparator: ':',
      escapeString: (s) => s,
    }),
  ];
}

function writeJson(value: unknown, style: WriteStyle): string {
  if (Array.isArray(value)) return `[${value.map((item) => writeJson(item, style)).join(style.itemSeparator)}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    if (style.sortKeys === true) keys.sort();
    if (style.reverseKeys) keys.reverse();
    const members = keys.map(
      (key) =>
        `${style.escapeString(JSON.stringify(key))}${style.keySeparator}${writeJson((value as Record<string, unknown>)[key], style)}`,
    );
    return `{${members.join(style.itemSeparator)}}`;
  }
  return typeof value === 'string' ? style.escapeString(JSON.stringify(value)) : JSON.stringify(value);
}

// Takes JSON.stringify's quoted form, so quotes, backslashes, control characters and lone
// surrogates are already escaped; what is left raw above 0x7e is escaped here. All are legal JSON.
function escapeHarder(jsonString: string): string {
  const inner = jsonString.slice(1, -1);
  let escaped = '';
  for (let index = 0; index < inner.length; index++) {
    const char = inner[index]!;
    const code = inner.charCodeAt(index);
    if (char === '\\') {
      // An escape JSON.stringify wrote stays whole, so its second character is never escaped again.
      const next = inner[index + 1]!;
      const length = next === 'u' ? 6 : 2;
      escaped += inner.slice(index, index + length);
      index += length - 1;
    } else if (index === 0 || code > 0x7e) {
      escaped += `\\u${code.toString(16).padStart(4, '0')}`;
    } else if (char === '/') {
      escaped += '\\/';
    } else {
      escaped += char;
    }
  }
  return `"${escaped}"`;
}
