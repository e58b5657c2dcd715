// Checks the placeholders in the config's request bodies and templates: each one is replaced
// where it is used, {fixture:NAME} names a configured collection, and no sample needs a record
// of a collection whose own sample needs it back (the kit would create fixtures forever).
import type { ConfigProblem } from './problem-line.js';
import { childPointer, showNames, showText, showValue, toPointer } from './problem-line.js';
import { findNearestName } from './nearest-name.js';
import type { PlaceholderName, PlaceholderToken } from './placeholders.js';
import { PLACEHOLDERS, PLACEHOLDERS_ALLOWED, findPlaceholderTokens, isPlaceholderName } from './placeholders.js';
import { asList, asObject, asText, readPath } from './untyped-json.js';

// A body nested deeper than this is a mistake, and every later step walks it.
const MAX_BODY_DEPTH = 64;

interface TemplateSite {
  readonly pointer: string;
  readonly value: unknown;
  readonly allowed: readonly PlaceholderName[];
  /** The collection this body creates records of: {fixture:NAME} in it is a dependency. */
  readonly creates?: string;
}

interface FixtureUse {
  readonly from: string;
  readonly to: string;
  readonly pointer: string;
  readonly text: string;
}

function listTemplateSites(raw: unknown): TemplateSite[] {
  const sites: TemplateSite[] = [];
  asList(readPath(raw, 'collections')).forEach((collection, i) => {
    const name = asText(readPath(collection, 'name'));
    for (const key of ['sample', 'replace', 'patch'] as const) {
      const site = {
        pointer: toPointer(['collections', i, key]),
        value: readPath(collection, key),
        allowed: PLACEHOLDERS_ALLOWED.collectionBody,
      };
      sites.push(key === 'sample' && name !== undefined ? { ...site, creates: name } : site);
    }
    asList(readPath(collection, 'related')).forEach((related, j) => {
      sites.push({
        pointer: toPointer(['collections', i, 'related', j, 'sample']),
        value: readPath(related, 'sample'),
        allowed: PLACEHOLDERS_ALLOWED.relatedSample,
      });
      sites.push({
        pointer: toPointer(['collections', i, 'related', j, 'path']),
        value: readPath(related, 'path'),
        allowed: PLACEHOLDERS_ALLOWED.relatedPath,
      });
      sites.push({
        pointer: toPointer(['collections', i, 'related', j, 'memberPath']),
        value: readPath(related, 'memberPath'),
        allowed: PLACEHOLDERS_ALLOWED.relatedMemberPath,
      });
    });
  });
  const register = ['webhooks', 'sender', 'register', 'body'];
  sites.push({
    pointer: toPointer(register),
    value: readPath(raw, ...register),
    allowed: PLACEHOLDERS_ALLOWED.registerBody,
  });
  for (const event of ['create', 'update']) {
    const path = ['webhooks', 'receiver', 'events', event];
    sites.push({
      pointer: toPointer(path),
      value: readPath(raw, ...path),
      allowed: PLACEHOLDERS_ALLOWED.receiverEvent,
    });
  }
  const observe = ['webhooks', 'receiver', 'observe', 'urlTemplate'];
  sites.push({
    pointer: toPointer(observe),
    value: readPath(raw, ...observe),
    allowed: PLACEHOLDERS_ALLOWED.observeUrl,
  });
  return sites;
}

/** Every string in a body with its pointer; iterative so hostile nesting cannot overflow the stack. */
function collectStrings(site: TemplateSite): { strings: { pointer: string; text: string }[]; isTooDeep: boolean } {
  const strings: { pointer: string; text: string }[] = [];
  let isTooDeep = false;
  const pending: { value: unknown; pointer: string; depth: number }[] = [
    { value: site.value, pointer: site.pointer, depth: 0 },
  ];
  while (pending.length > 0) {
    const { value, pointer, depth } = pending.pop()!;
    if (typeof value === 'string') strings.push({ pointer, text: value });
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_BODY_DEPTH) {
      isTooDeep = true;
      continue;
    }
    for (const [key, child] of Object.entries(value))
      pending.push({ value: child, pointer: childPointer(pointer, key), depth: depth + 1 });
  }
  strings.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
  return { strings, isTooDeep };
}

function listWritten(names: readonly PlaceholderName[]): string {
  return names.map((name) => PLACEHOLDERS[name].written).join(', ');
}

function checkFixtureName(
  token: PlaceholderToken,
  pointer: string,
  collectionNames: readonly string[],
): ConfigProblem | undefined {
  const name = token.argument ?? '';
  if (name === '') {
    const example = collectionNames[0] ?? 'NAME';
    return {
      pointer,
      what: `${showText(token.text)} names no collection`,
      fix: `write {fixture:${showText(example)}}`,
    };
  }
  if (collectionNames.includes(name)) return undefined;
  const what = `${showText(token.text)} names no configured collection`;
  const nearest = findNearestName(name, collectionNames);
  if (nearest !== undefined) return { pointer, what, fix: `did you mean {fixture:${nearest}}?` };
  if (collectionNames.length === 0)
    return { pointer, what, fix: `add a collection named ${showValue(name)} to collections` };
  return { pointer, what, fix: `name one of ${showNames(collectionNames)}` };
}

function checkToken(
  token: PlaceholderToken,
  pointer: string,
  site: TemplateSite,
  collectionNames: readonly string[],
): ConfigProblem | undefined {
  const { name } = token;
  const isAllowedHere = (site.allowed as readonly string[]).includes(name);
  if (isAllowedHere && name === 'fixture') return checkFixtureName(token, pointer, collectionNames);
  if (isAllowedHere && token.argument !== undefined)
    return { pointer, what: `${showText(token.text)} takes no argument`, fix: `write {${name}}` };
  if (isAllowedHere) return undefined;
  const usable =
    site.allowed.length > 0
      ? `placeholders replaced here: ${listWritten(site.allowed)}`
      : 'no placeholder is replaced here';
  if (isPlaceholderName(name)) return { pointer, what: `${showText(token.text)} is not replaced here`, fix: usable };
  const nearest = findNearestName(name, site.allowed);
  // Other brace words are the user's literal text: only near-misses of a placeholder are typos.
  if (nearest === undefined) return undefined;
  return {
    pointer,
    what: `unknown placeholder ${showText(token.text)}`,
    fix: `did you mean ${PLACEHOLDERS[nearest as PlaceholderName].written}?`,
  };
}

function findChain(uses: readonly FixtureUse[], from: string, to: string): string[] | undefined {
  const cameFrom = new Map<string, string>([[from, from]]);
  const queue = [from];
  while (queue.length > 0) {
    const current = queue.shift()!;
    if (current === to) {
      const chain = [to];
      while (chain[0] !== from) chain.unshift(cameFrom.get(chain[0]!)!);
      return chain;
    }
    for (const use of uses) {
      if (use.from === current && !cameFrom.has(use.to)) {
        cameFrom.set(use.to, current);
        queue.push(use.to);
      }
    }
  }
  return undefined;
}

function checkFixtureCycles(uses: readonly FixtureUse[]): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const use of uses) {
    const fix = 'use a literal value instead of a fixture in one of these samples';
    if (use.to === use.from) {
      problems.push({
        pointer: use.pointer,
        what: `${use.text} in the sample of ${showValue(use.from)} needs a record of the same collection to create one`,
        fix,
      });
      continue;
    }
    const chainBack = findChain(uses, use.to, use.from);
    if (chainBack !== undefined) {
      problems.push({
        pointer: use.pointer,
        what: `${use.text} makes a fixture cycle ${[use.from, ...chainBack].map(showText).join(' → ')}`,
        fix,
      });
    }
  }
  return problems;
}

/** Problems with placeholders anywhere in the config, and bodies nested absurdly deep. */
export function checkPlaceholders(raw: unknown): ConfigProblem[] {
  const collectionNames = asList(readPath(raw, 'collections')).flatMap((c) => asText(asObject(c)?.['name']) ?? []);
  const problems: ConfigProblem[] = [];
  const uses: FixtureUse[] = [];
  for (const site of listTemplateSites(raw)) {
    const { strings, isTooDeep } = collectStrings(site);
    if (isTooDeep)
      problems.push({ pointer: site.pointer, what: `nests deeper than ${MAX_BODY_DEPTH} levels`, fix: 'flatten it' });
    for (const { pointer, text } of strings) {
      for (const token of findPlaceholderTokens(text)) {
        const problem = checkToken(token, pointer, site, collectionNames);
        if (problem) problems.push(problem);
        const target = token.argument;
        if (
          site.creates !== undefined &&
          token.name === 'fixture' &&
          target !== undefined &&
          collectionNames.includes(target)
        ) {
          uses.push({ from: site.creates, to: target, pointer, text: showText(token.text) });
        }
      }
    }
  }
  return [...problems, ...checkFixtureCycles(uses)];
}
