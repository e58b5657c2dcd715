// `apicert init`: writes a starting config from an API description (a file or URL given with
// --openapi, or found at the usual places under --base-url: read-description.ts), or without one,
// from what the API at --base-url answers (init-without-document.ts); prints one line per choice it
// derived and per key left to fill in, then checks the file as validate-config does.
import { constants } from 'node:fs';
import { access, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { ConfigInvalidError, UsageError } from '../harness/errors.js';
import { ExitCode } from '../harness/exit-codes.js';
import { loadConfig } from '../harness/config/load-config.js';
import { hasUrlUserInfo, maskUrlUserInfo } from '../harness/config/url-user-info.js';
import { deriveConfig, type Derivation, type DerivedLine } from '../harness/openapi/derive-config.js';
import { judgeProbes, probeList, recordsToShowBounds, type ListProbes } from '../harness/openapi/probe-list.js';
import { createProbeWriter, type ProbeWriter, type WritableCollection } from '../harness/openapi/probe-writes.js';
import { toInertText } from '../harness/model/inert-text.js';
import type { CliIo } from './cli-io.js';
import { findDescription, readDescription, specificationOf } from './read-description.js';
import { deriveWithoutDocument } from './init-without-document.js';
import { parseInteger } from './parse-flag-values.js';

export interface InitArgs {
  readonly openapi?: string | undefined;
  readonly baseUrl?: string | undefined;
  readonly out: string;
  readonly force: boolean;
  readonly seed?: string | undefined;
  /** Read the target's first list (GETs only) for what the document leaves out; default true. */
  readonly probe?: boolean | undefined;
  /** Also create records (from the derived sample) to check it and to show page sizes; deleted after. */
  readonly probeWrites?: boolean | undefined;
}

export async function initCommand(args: InitArgs, io: CliIo): Promise<number> {
  if (args.openapi === undefined && args.baseUrl === undefined) {
    throw new UsageError(
      'init needs an API description or an API: give --openapi FILE|URL, or --base-url URL to look for one at the usual places (/openapi.json, /v3/api-docs, …) and else read the API itself',
    );
  }
  const baseUrl = args.baseUrl === undefined ? undefined : checkedBaseUrl(args.baseUrl);
  const seed = parseInteger('seed', args.seed) ?? 1;
  if (args.probeWrites === true && args.probe === false)
    throw new UsageError('--probe-writes adds records for the probe to read: drop --no-probe, or drop --probe-writes');
  if (!args.force && (await exists(args.out))) {
    throw new UsageError(`${args.out} already exists; pass --force to replace it, or --out to write another file`);
  }
  await assertWritable(args.out);
  const start = await derivedStart(args.openapi, baseUrl, seed, io);
  const derivation =
    args.probe === false ? start.derivation : await withProbes(start.derivation, io, args.probeWrites === true);
  for (const line of derivation.lines) io.stdout.write(`${formatLine(line)}\n`);
  try {
    await writeFile(args.out, `${JSON.stringify(derivation.config, null, 2)}\n`);
  } catch (error) {
    throw new UsageError(
      `${args.out} cannot be written (${(error as NodeJS.ErrnoException).code ?? 'write failed'}); choose another --out`,
    );
  }
  const toFill = derivation.lines.filter((line) => line.kind === 'missing').length;
  try {
    await loadConfig(args.out);
  } catch (error) {
    if (!(error instanceof ConfigInvalidError)) throw error;
    io.stdout.write(
      `wrote ${args.out}, but it does not validate yet; fix these, then run apicert validate-config ${args.out}:\n`,
    );
    for (const problem of error.problems) io.stdout.write(`  ${problem}\n`);
    return ExitCode.UsageOrConfig;
  }
  const written = `wrote ${args.out} from ${start.source} (${derivation.lines.length - toFill} derived, ${toFill} to look at); it validates`;
  const unfilled = [...new Set(derivation.lines.filter((line) => line.kind === 'missing').map((line) => line.pointer))];
  io.stdout.write(
    isRunnable(derivation.config)
      ? `${written}. Next: ${nextSteps(derivation.config)}apicert run --config ${args.out}\n`
      : `${written}, but nothing in it can run yet: fill ${toInertText(unfilled.slice(0, 5).join(', '), 300)}${unfilled.length > 5 ? ', …' : ''} (the "to fill" lines above), then apicert validate-config ${args.out}\n`,
  );
  return ExitCode.Conformant;
}

/** The document's derivation (given, or found under the base URL), else what the API itself answered. */
async function derivedStart(
  openapi: string | undefined,
  baseUrl: string | undefined,
  seed: number,
  io: CliIo,
): Promise<{ readonly derivation: Derivation; readonly source: string }> {
  const found = openapi === undefined && baseUrl !== undefined ? await findDescription(baseUrl, io) : undefined;
  if (found?.kind === 'none')
    return { derivation: await deriveWithoutDocument(baseUrl!, found.tried, io), source: `what ${baseUrl} answered` };
  // Without --openapi there is a base URL (checked first), so `found` is set.
  const loaded = found?.kind === 'found' ? found.loaded : await readDescription({ openapi: openapi!, baseUrl }, io);
  const derivation = deriveConfig(loaded.model, {
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(loaded.url !== undefined ? { documentUrl: loaded.url } : {}),
    seed,
  });
  return { derivation, source: specificationOf(loaded.model) };
}

/** True when a suite can run from the config: a collection to exercise, or a webhook receiver to send to. */
function isRunnable(config: Readonly<Record<string, unknown>>): boolean {
  const collections = config['collections'];
  const receiver = (config['webhooks'] as { receiver?: unknown } | undefined)?.receiver;
  return (Array.isArray(collections) && collections.length > 0) || receiver !== undefined;
}

/**
 * The derivation with what GETs of the target's first list show (page sizes, the over-maximum
 * answer, the last page's cursor form) laid over the document's pagination keys.
 */
async function withProbes(derivation: Derivation, io: CliIo, writes: boolean): Promise<Derivation> {
  const target = derivation.config['target'] as
    { baseUrl?: string; auth?: { header?: string; scheme?: string; none?: boolean } } | undefined;
  const collections = (derivation.config['collections'] as WritableCollection[] | undefined) ?? [];
  const [first] = collections;
  if (target?.baseUrl === undefined || first === undefined) return derivation;
  const token = io.env['APICERT_TOKEN'];
  const auth = target.auth ?? {};
  const headers: Record<string, string> =
    auth.none === true || token === undefined || token === ''
      ? {}
      : {
          [(auth.header ?? 'Authorization').toLowerCase()]:
            auth.scheme === '' ? token : `${auth.scheme ?? 'Bearer'} ${token}`,
        };
  const documented = (derivation.config['pagination'] as Record<string, unknown> | undefined) ?? {};
  const writeLines: DerivedLine[] = [];
  let probes: ListProbes;
  if (writes) {
    io.stdout.write(
      `probing ${target.baseUrl}${first.path}, creating records from the derived sample (--probe-writes); init deletes them afterwards…\n`,
    );
    const writer = createProbeWriter(target.baseUrl, headers, collections, token === undefined ? [] : [token]);
    try {
      probes = await probeWithRecords(target.baseUrl, first, headers, writer, documented, writeLines);
    } finally {
      const problems = await writer.deleteAll();
      io.stdout.write(
        problems.length === 0
          ? 'deleted every record init made\n'
          : `could not delete ${problems.length} of the records init made:\n${problems.map((problem) => `  ${toInertText(problem, 400)}\n`).join('')}`,
      );
    }
  } else {
    io.stdout.write(
      `probing ${target.baseUrl}${first.path} with GETs only (--no-probe skips this; --probe-writes also creates records)…\n`,
    );
    probes = await probeList(target.baseUrl, first.path, headers);
  }
  const probed = judgeProbes(probes);
  const probedKeys = new Set(Object.keys(probed.pagination));
  const keyOf = (line: DerivedLine): string => line.pointer.replace('/pagination/', '');
  // What the target showed wins over what the document says; what it did not show leaves the document's word.
  const lines = [
    ...derivation.lines.filter((line) => !(line.kind === 'derived' && probedKeys.has(keyOf(line)))),
    ...writeLines,
    ...probed.lines.filter((line) => !(line.kind === 'missing' && Object.hasOwn(documented, keyOf(line)))),
  ];
  const pagination = { ...documented, ...probed.pagination };
  return { config: { ...derivation.config, ...(Object.keys(pagination).length > 0 ? { pagination } : {}) }, lines };
}

/**
 * Creates one record from the first collection's sample (a sample the target refuses is a line to
 * fix), then as many more as its list lacks to show the page sizes, and probes the list. The
 * caller deletes what was made, whatever happens here.
 */
async function probeWithRecords(
  baseUrl: string,
  first: WritableCollection,
  headers: Readonly<Record<string, string>>,
  writer: ProbeWriter,
  documented: Readonly<Record<string, unknown>>,
  lines: DerivedLine[],
): Promise<ListProbes> {
  const sample = await writer.create(first);
  if (!sample.ok) {
    lines.push({
      kind: 'missing',
      pointer: '/collections/0/sample',
      text: `the target refused the derived sample: ${sample.why}; fix the sample (or the document's example) so that a create succeeds`,
    });
    return probeList(baseUrl, first.path, headers);
  }
  lines.push({ kind: 'derived', pointer: '/collections/0/sample', text: `POST ${first.path} accepted it (probed)` });
  const before = await probeList(baseUrl, first.path, headers);
  const documentedMax = typeof documented['maxPageSize'] === 'number' ? documented['maxPageSize'] : undefined;
  const lacking = recordsToShowBounds(before, documentedMax);
  if (lacking === 0) return before;
  const more = await writer.createMany(first, lacking);
  if (more.why !== undefined)
    lines.push({
      kind: 'missing',
      pointer: '/pagination/maxPageSize',
      text: `init made ${more.made} of the ${lacking} records the list lacked to show its page sizes, then: ${more.why}`,
    });
  return probeList(baseUrl, first.path, headers);
}

// Paths, names and examples come from the document: printed inert, one line each, whatever they hold.
function formatLine(line: DerivedLine): string {
  return `${line.kind === 'derived' ? 'derived' : 'to fill'}  ${toInertText(line.pointer, 300)}  ${toInertText(line.text, 500)}`;
}

function checkedBaseUrl(value: string): string {
  // Checked before the URL is parsed or quoted: a malformed URL with a password must not print it.
  if (hasUrlUserInfo(value))
    throw new UsageError('--base-url must not carry user:password@; put the credential in APICERT_TOKEN');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(
      `--base-url ${JSON.stringify(maskUrlUserInfo(value).slice(0, 200))} is not a URL; give one such as http://127.0.0.1:4010`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError('--base-url must be an http:// or https:// URL');
  if (url.username !== '' || url.password !== '')
    throw new UsageError('--base-url must not carry user:password@; put the credential in APICERT_TOKEN');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** What to set before the first run: the token unless the API takes none, the receiver's secret when there is one. */
function nextSteps(config: Readonly<Record<string, unknown>>): string {
  const auth = (config['target'] as { auth?: { none?: boolean } } | undefined)?.auth;
  const receiver = (config['webhooks'] as { receiver?: unknown } | undefined)?.receiver;
  const variables = [
    ...(auth?.none === true ? [] : ['APICERT_TOKEN']),
    ...(receiver === undefined ? [] : ['APICERT_WEBHOOK_SECRET']),
  ];
  return variables.length === 0 ? '' : `set ${variables.join(' and ')}, then `;
}

// Before anything is read or fetched: a file that cannot be written is a usage error, found at once.
async function assertWritable(path: string): Promise<void> {
  const info = await stat(path).catch(() => undefined);
  if (info !== undefined && !info.isFile())
    throw new UsageError(`--out ${path} is not a regular file; give the path of the config file to write`);
  const folder = await stat(dirname(resolve(path))).catch(() => undefined);
  if (folder === undefined || !folder.isDirectory())
    throw new UsageError(
      `--out ${path}: the folder ${dirname(resolve(path))} does not exist; create it or choose another path`,
    );
  try {
    await access(dirname(resolve(path)), constants.W_OK);
  } catch {
    throw new UsageError(`--out ${path}: the folder ${dirname(resolve(path))} cannot be written; choose another path`);
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
