// Rules that span several keys, which JSON Schema cannot express. They read the raw file
// defensively and run even when the schema found problems, so every problem shows at once; a
// value that breaks its own schema rule is skipped here, as the schema already reports it.
import { checkAuthRefresh } from './check-auth-refresh.js';
import { checkFixedHeaders } from './check-fixed-headers.js';
import { HTTP_URL, URL_OR_PATH } from './config-patterns.js';
import { findNearestName } from './nearest-name.js';
import type { ConfigProblem } from './problem-line.js';
import { showNames, showValue, toPointer } from './problem-line.js';
import { configSchema } from './schema.js';
import { asList, asObject, asPositiveInteger, asText, readPath } from './untyped-json.js';

type Path = readonly (string | number)[];

/** One side of a comparison: where it is, its default, and the largest value the schema allows. */
interface Bound {
  readonly path: Path;
  readonly fallback?: number;
  readonly max?: number;
}

function readBound(raw: unknown, bound: Bound): { written: unknown; value: number | undefined } {
  const written = readPath(raw, ...bound.path.map(String));
  if (written === undefined) return { written, value: bound.fallback };
  const value = asPositiveInteger(written);
  return { written, value: value !== undefined && value <= (bound.max ?? Infinity) ? value : undefined };
}

/**
 * "small must not exceed large": each side read from the file or its default. The problem
 * points at the key the user wrote, `small` when both are written.
 */
function checkNotAbove(raw: unknown, small: Bound, large: Bound, strictly = false): ConfigProblem[] {
  const { written: smallWritten, value: smallValue } = readBound(raw, small);
  const { written: largeWritten, value: largeValue } = readBound(raw, large);
  if (smallWritten === undefined && largeWritten === undefined) return [];
  if (smallValue === undefined || largeValue === undefined) return [];
  const isBroken = strictly ? smallValue >= largeValue : smallValue > largeValue;
  if (!isBroken) return [];
  const smallName = String(small.path.at(-1));
  const largeName = String(large.path.at(-1));
  const relation = strictly ? 'be less than' : 'not exceed';
  const shown = (name: string, value: number, written: unknown): string =>
    `${name} ${value}${written === undefined ? ' (default)' : ''}`;
  return [
    {
      pointer: toPointer(smallWritten === undefined ? large.path : small.path),
      what: `${shown(smallName, smallValue, smallWritten)} must ${relation} ${shown(largeName, largeValue, largeWritten)}`,
      fix: `lower ${smallName} or raise ${largeName}`,
    },
  ];
}

// Each side's default and largest value come from the schema, so a default changed there is used here.
const pageKeys = configSchema.properties.pagination.properties;
const budgetKeys = configSchema.properties.budgets.properties;
const senderKeys = configSchema.properties.webhooks.properties.sender.properties;

function checkBounds(raw: unknown): ConfigProblem[] {
  const page = (key: 'walkPageSize' | 'defaultPageSize' | 'maxPageSize'): Bound => {
    const node = pageKeys[key];
    return { path: ['pagination', key], ...('default' in node ? { fallback: node.default } : {}) };
  };
  const budget = (key: keyof typeof budgetKeys): Bound => {
    const node = budgetKeys[key];
    return { path: ['budgets', key], fallback: node.default, ...('maximum' in node ? { max: node.maximum } : {}) };
  };
  const sender = (key: 'senderTimeoutMs' | 'retryWindowMs'): Bound => {
    const node = senderKeys[key];
    return { path: ['webhooks', 'sender', key], fallback: node.default, max: node.maximum };
  };
  const sink = (key: 'maxBytesKeptPerChannel' | 'maxBytesKept'): Bound => ({
    path: ['webhooks', 'sender', 'sink', key],
    fallback: senderKeys.sink.properties[key].default,
  });
  return [
    ...checkNotAbove(raw, page('defaultPageSize'), page('maxPageSize')),
    ...checkNotAbove(raw, page('walkPageSize'), page('maxPageSize')),
    ...checkNotAbove(raw, budget('requestTimeoutMs'), budget('checkTimeoutMs')),
    ...checkNotAbove(raw, budget('checkTimeoutMs'), budget('totalRunMs')),
    ...checkNotAbove(raw, budget('evidenceBodyBytes'), budget('maxResponseBytes')),
    // A retry can only be seen when the window outlasts the sender's wait for an answer.
    ...checkNotAbove(raw, sender('senderTimeoutMs'), sender('retryWindowMs'), true),
    // A sender check waits up to the window; cut off by its own time-out it would end errored,
    // not with the clean "no retry within the window" a user can act on.
    ...(readPath(raw, 'webhooks', 'sender') === undefined
      ? []
      : checkNotAbove(raw, sender('retryWindowMs'), budget('checkTimeoutMs'), true)),
    ...checkNotAbove(raw, sink('maxBytesKeptPerChannel'), sink('maxBytesKept')),
  ];
}

function findRepeats(
  values: readonly { pointer: string; value: string | undefined }[],
  noun: string,
  fix: string,
): ConfigProblem[] {
  const firstSeen = new Map<string, string>();
  const problems: ConfigProblem[] = [];
  for (const { pointer, value } of values) {
    if (value === undefined) continue;
    const earlier = firstSeen.get(value);
    if (earlier === undefined) firstSeen.set(value, pointer);
    else problems.push({ pointer, what: `repeats the ${noun} ${showValue(value)} of ${earlier}`, fix });
  }
  return problems;
}

function containsText(value: unknown, text: string): boolean {
  return JSON.stringify(value)?.includes(text) ?? false;
}

function checkRelated(collection: unknown, i: number): ConfigProblem[] {
  const parentPath = asText(readPath(collection, 'path')) ?? '/parents';
  const related = asList(readPath(collection, 'related'));
  const problems = findRepeats(
    related.map((r, j) => ({
      pointer: toPointer(['collections', i, 'related', j, 'name']),
      value: asText(readPath(r, 'name')),
    })),
    'related name',
    'give each related collection of this collection its own name',
  );
  related.forEach((r, j) => {
    const path = asText(readPath(r, 'path'));
    const name = asText(readPath(r, 'name')) ?? 'children';
    if (path !== undefined && !path.includes('{id}')) {
      problems.push({
        pointer: toPointer(['collections', i, 'related', j, 'path']),
        what: `must contain "{id}" where the parent's identifier goes (got ${showValue(path)})`,
        fix: `e.g. ${showValue(`${parentPath}/{id}/${name}`)}`,
      });
    }
    const createPath = asText(readPath(r, 'createPath'));
    const sample = readPath(r, 'sample');
    if (
      createPath !== undefined &&
      createPath !== 'nested' &&
      asObject(sample) &&
      !containsText(sample, '{parentId}')
    ) {
      problems.push({
        pointer: toPointer(['collections', i, 'related', j, 'sample']),
        what: `has no "{parentId}", yet children are created at ${showValue(createPath)}, so nothing ties a child to its parent`,
        fix: 'put "{parentId}" in the field that holds the parent\'s id',
      });
    }
  });
  return problems;
}

// Every check reads its lists and members, so only writes can be declared missing.
const alwaysOffered = ['list', 'read'];

function checkOperations(owner: unknown, at: Path): ConfigProblem[] {
  const operations = readPath(owner, 'operations');
  if (!Array.isArray(operations)) return [];
  const missing = alwaysOffered.filter((operation) => !operations.includes(operation));
  if (missing.length === 0) return [];
  return [
    {
      pointer: toPointer([...at, 'operations']),
      what: `leaves out ${missing.map((m) => `"${m}"`).join(' and ')}, which every check needs (it reads the list and its members)`,
      fix: `add ${missing.map((m) => `"${m}"`).join(' and ')}; only "create", "replace", "change" and "delete" can be left out`,
    },
  ];
}

function checkCollections(raw: unknown): ConfigProblem[] {
  const collections = asList(readPath(raw, 'collections'));
  const at = (i: number, key: string): string => toPointer(['collections', i, key]);
  return [
    ...findRepeats(
      collections.map((c, i) => ({ pointer: at(i, 'name'), value: asText(readPath(c, 'name')) })),
      'collection name',
      'give each collection its own name',
    ),
    ...findRepeats(
      collections.map((c, i) => ({ pointer: at(i, 'path'), value: asText(readPath(c, 'path')) })),
      'collection path',
      'describe each collection once',
    ),
    ...collections.flatMap(checkRelated),
    ...collections.flatMap((collection, i) => [
      ...checkOperations(collection, ['collections', i]),
      ...asList(readPath(collection, 'related')).flatMap((related, j) =>
        checkOperations(related, ['collections', i, 'related', j]),
      ),
    ]),
  ];
}

function checkWebhooks(raw: unknown): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const names = asList(readPath(raw, 'collections')).flatMap((c) => asText(readPath(c, 'name')) ?? []);
  const senderCollection = asText(readPath(raw, 'webhooks', 'sender', 'collection'));
  if (senderCollection !== undefined && !names.includes(senderCollection)) {
    const nearest = findNearestName(senderCollection, names);
    const fix =
      nearest !== undefined
        ? `did you mean ${JSON.stringify(nearest)}?`
        : names.length > 0
          ? `name one of ${showNames(names)}`
          : 'add that collection to collections';
    problems.push({
      pointer: '/webhooks/sender/collection',
      what: `names no configured collection (got ${showValue(senderCollection)})`,
      fix,
    });
  }
  const registerBody = readPath(raw, 'webhooks', 'sender', 'register', 'body');
  if (asObject(registerBody) && !containsText(registerBody, '{sinkUrl}')) {
    problems.push({
      pointer: '/webhooks/sender/register/body',
      what: 'has no "{sinkUrl}", so the target would never learn where to deliver',
      fix: 'put "{sinkUrl}" in the field that holds the callback URL',
    });
  }
  for (const event of ['create', 'update']) {
    const body = readPath(raw, 'webhooks', 'receiver', 'events', event);
    if (asObject(body) && !containsText(body, '{eventId}')) {
      problems.push({
        pointer: `/webhooks/receiver/events/${event}`,
        what: 'has no "{eventId}", so every delivery would carry the same event id and look like a redelivery',
        fix: 'put "{eventId}" in the event\'s "id" field',
      });
    }
  }
  // digestEncoding is the convention's open choice (5/5); every other profile fixes its own.
  for (const role of ['sender', 'receiver']) {
    const profile = asText(readPath(raw, 'webhooks', role, 'profile')) ?? 'convention';
    if (profile !== 'convention' && readPath(raw, 'webhooks', role, 'digestEncoding') !== undefined) {
      problems.push({
        pointer: `/webhooks/${role}/digestEncoding`,
        what: `is set, but the ${profile} profile writes its digest in its own encoding, so it is never used`,
        fix:
          profile === 'custom'
            ? `set the encoding in webhooks.${role}.customProfile.encoding, or remove digestEncoding`
            : 'remove it',
      });
    }
  }
  return problems;
}

// The patterns accept "http://host:99999" or "http://a..b"; the WHATWG URL parser does not.
function checkUrlParses(raw: unknown, path: Path, pattern: string): ConfigProblem[] {
  const value = asText(readPath(raw, ...path.map(String)));
  if (value === undefined || value.startsWith('/') || !new RegExp(pattern, 'u').test(value)) return [];
  try {
    new URL(value.replaceAll('{eventId}', 'e').replaceAll('{recordId}', 'r'));
    return [];
  } catch {
    return [
      {
        pointer: toPointer(path),
        what: `is not a valid URL (got ${showValue(value)})`,
        fix: 'check the host name and port',
      },
    ];
  }
}

function checkUrls(raw: unknown): ConfigProblem[] {
  return [
    ...checkUrlParses(raw, ['target', 'baseUrl'], HTTP_URL.pattern),
    ...checkUrlParses(raw, ['webhooks', 'sender', 'sink', 'publicUrl'], HTTP_URL.pattern),
    ...checkUrlParses(raw, ['webhooks', 'receiver', 'url'], URL_OR_PATH.pattern),
    ...checkUrlParses(raw, ['webhooks', 'receiver', 'observe', 'urlTemplate'], URL_OR_PATH.pattern),
  ];
}

/** Problems that span keys: bounds, unique names, related paths, webhook wiring, URLs. */
// A custom signature profile: present exactly when profile is "custom", and its templates coherent.
function checkCustomProfile(raw: unknown, role: 'sender' | 'receiver'): ConfigProblem[] {
  const profile = asText(readPath(raw, 'webhooks', role, 'profile'));
  const custom = readPath(raw, 'webhooks', role, 'customProfile');
  const at = (key: string): string => `/webhooks/${role}/customProfile${key === '' ? '' : `/${key}`}`;
  if (profile === 'custom' && custom === undefined) {
    return [
      {
        pointer: `/webhooks/${role}/profile`,
        what: 'is "custom" but customProfile is missing',
        fix: `describe the scheme in webhooks.${role}.customProfile, field by field (docs/signature-profiles.md)`,
      },
    ];
  }
  if (custom === undefined) return [];
  if (profile !== 'custom') {
    return [
      {
        pointer: at(''),
        what: `is set, but profile is ${showValue(profile ?? 'convention')}, so it is never used`,
        fix: `set webhooks.${role}.profile to "custom", or remove customProfile`,
      },
    ];
  }
  const problems: ConfigProblem[] = [];
  const signed = asText(readPath(custom, 'signedContent')) ?? '{body}';
  const entry = asText(readPath(custom, 'entry')) ?? '{digest}';
  const prefix = asText(readPath(custom, 'headerPrefix'));
  if (!signed.includes('{body}'))
    problems.push({
      pointer: at('signedContent'),
      what: `has no "{body}" (got ${showValue(signed)})`,
      fix: 'sign the raw body: put "{body}" in it, e.g. "{timestamp}.{body}"',
    });
  if (entry.split('{digest}').length !== 2)
    problems.push({
      pointer: at('entry'),
      what: `must hold "{digest}" exactly once (got ${showValue(entry)})`,
      fix: 'write one signature as it appears, e.g. "v1={digest}"',
    });
  if (prefix !== undefined && !prefix.includes('{timestamp}'))
    problems.push({
      pointer: at('headerPrefix'),
      what: `has no "{timestamp}" (got ${showValue(prefix)})`,
      fix: 'the prefix carries the signing time, e.g. "t={timestamp}"; or remove it',
    });
  if (signed.includes('{id}') && readPath(custom, 'idHeader') === undefined)
    problems.push({
      pointer: at('idHeader'),
      what: 'is missing, but signedContent signs "{id}"',
      fix: 'name the header that carries the event id',
    });
  const carriesTimestamp =
    readPath(custom, 'timestampHeader') !== undefined || (prefix?.includes('{timestamp}') ?? false);
  if (signed.includes('{timestamp}') && !carriesTimestamp)
    problems.push({
      pointer: at('timestampHeader'),
      what: 'is missing, but signedContent signs "{timestamp}"',
      fix: 'name the header that carries it, or put "{timestamp}" in headerPrefix',
    });
  if (readPath(custom, 'toleranceSeconds') !== undefined && !signed.includes('{timestamp}'))
    problems.push({
      pointer: at('toleranceSeconds'),
      what: 'is set, but signedContent signs no "{timestamp}"',
      fix: 'remove it, or sign the timestamp',
    });
  if (readPath(custom, 'toleranceSeconds') === undefined && signed.includes('{timestamp}'))
    problems.push({
      pointer: at('toleranceSeconds'),
      what: 'is missing, but signedContent signs "{timestamp}"',
      fix: 'give how old a signed timestamp may be, in seconds, e.g. 300',
    });
  return [
    ...problems,
    ...checkHeaderForm(custom, at),
    ...checkHeaderNames(custom, at),
    ...checkFixedHeaders(custom, at),
  ];
}

// The header value must read back as it was written: a prefix and the signatures apart, each entry
// whole, whatever the digest holds.
function checkHeaderForm(custom: unknown, at: (key: string) => string): ConfigProblem[] {
  const entry = asText(readPath(custom, 'entry')) ?? '{digest}';
  const prefix = asText(readPath(custom, 'headerPrefix'));
  const separator = asText(readPath(custom, 'separator'));
  const encoding = asText(readPath(custom, 'encoding')) ?? 'hex';
  const problems: ConfigProblem[] = [];
  if (prefix !== undefined && separator === undefined)
    problems.push({
      pointer: at('headerPrefix'),
      what: 'is set, but no separator parts it from the signatures',
      fix: 'give the separator, e.g. "," for "t={timestamp},v1={digest}"',
    });
  if (prefix !== undefined && prefix.replace('{timestamp}', '') === '')
    problems.push({
      pointer: at('headerPrefix'),
      what: 'is "{timestamp}" alone, so it cannot be told from a signature',
      fix: 'write its label too, e.g. "t={timestamp}"',
    });
  if (separator === undefined) return problems;
  if (separator === '')
    return [
      ...problems,
      {
        pointer: at('separator'),
        what: 'is empty',
        fix: 'write what parts the entries, e.g. "," or " ", or remove it for one signature',
      },
    ];
  const literals = [entry.replace('{digest}', ''), prefix?.replace('{timestamp}', '') ?? ''];
  if (literals.some((text) => text.includes(separator)))
    problems.push({
      pointer: at('separator'),
      what: `${showValue(separator)} also occurs in entry or headerPrefix`,
      fix: 'choose a separator the entries do not hold',
    });
  const alphabet = encoding === 'base64' ? /[A-Za-z0-9+/=]/ : /[0-9a-f]/;
  if (alphabet.test(separator))
    problems.push({
      pointer: at('separator'),
      what: `${showValue(separator)} can occur inside a ${encoding} digest`,
      fix: 'choose a separator no digest holds, e.g. "," or " "',
    });
  return problems;
}

function checkHeaderNames(custom: unknown, at: (key: string) => string): ConfigProblem[] {
  const lower = (key: string): string | undefined => asText(readPath(custom, key))?.toLowerCase();
  const signature = lower('signatureHeader');
  const problems: ConfigProblem[] = [];
  for (const key of ['idHeader', 'timestampHeader']) {
    if (lower(key) !== undefined && lower(key) === signature)
      problems.push({
        pointer: at(key),
        what: 'is the signature header',
        fix: 'name the header that carries it apart from the signature',
      });
  }
  if (lower('idHeader') !== undefined && lower('idHeader') === lower('timestampHeader'))
    problems.push({ pointer: at('timestampHeader'), what: 'is the id header', fix: 'name two headers' });
  return problems;
}

export function checkCrossFieldRules(raw: unknown): ConfigProblem[] {
  return [
    ...checkBounds(raw),
    ...checkCollections(raw),
    ...checkWebhooks(raw),
    ...checkCustomProfile(raw, 'sender'),
    ...checkCustomProfile(raw, 'receiver'),
    ...checkUrls(raw),
    ...checkAuthRefresh(raw),
  ];
}
