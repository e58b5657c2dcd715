// Whether a path segment reads as a plural noun. A heuristic, so its verdict is only a warning. Pure.

// Plurals that do not end in "s", and uncountable nouns that serve as collection names.
const pluralsWithoutS = new Set([
  'people',
  'children',
  'men',
  'women',
  'mice',
  'geese',
  'feet',
  'teeth',
  'data',
  'media',
  'criteria',
  'phenomena',
  'alumni',
  'indices',
  'matrices',
  'staff',
  'equipment',
  'information',
  'feedback',
  'inventory',
  'metadata',
  'analytics',
  'news',
  'series',
  'species',
  'software',
  'stock',
  'cattle',
  'sheep',
  'fish',
]);

/** The last word of a segment such as "line-items" or "orderItems", lower-cased. */
function lastWord(segment: string): string {
  const words = segment.split(/[-_]|(?<=[a-z])(?=[A-Z])/).filter((w) => w !== '');
  return (words[words.length - 1] ?? segment).toLowerCase();
}

export function looksPlural(segment: string): boolean {
  const word = lastWord(segment);
  if (pluralsWithoutS.has(word)) return true;
  // "status", "address", "bus": singular words that end in s.
  if (/(ss|us|is)$/.test(word)) return false;
  return word.endsWith('s');
}

/** The static segments of a path template that name collections (placeholders and version prefixes skipped). */
export function collectionSegments(pathTemplate: string): string[] {
  return pathTemplate
    .split('/')
    .filter((segment) => segment !== '' && !/^\{.*\}$/.test(segment) && !/^v\d+$/i.test(segment) && segment !== 'api');
}
