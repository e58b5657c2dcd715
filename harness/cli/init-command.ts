// `apicert init`: writes a starting config from an API description (a file or URL given with
// --openapi, or found at the usual places under --base-url: read-description.ts), prints one line
// per choice it derived and per key left to fill in, then checks the file as validate-config does.
import { access, writeFile } from 'node:fs/promises';
import { ConfigInvalidError, UsageError } from '../errors.js';
import { ExitCode } from '../exit-codes.js';
import { loadConfig } from '../config/load-config.js';
import { deriveConfig, type Derivation, type DerivedLine } from '../openapi/derive-config.js';
import { judgeProbes, probeList } from '../openapi/probe-list.js';
import type { CliIo } from './cli-io.js';
import { readDescription, specificationOf } from './read-description.js';
import { parseInteger } from './parse-flag-values.js';

export interface InitArgs {
  readonly openapi?: string | undefined;
  readonly baseUrl?: string | undefined;
  readonly out: string;
  readonly force: boolean;
  readonly seed?: string | undefined;
  /** Read the target's first list (GETs only) for what the document leaves out; default true. */
  readonly probe?: boolean | undefined;
}

export async function initCommand(args: InitArgs, io: CliIo): Promise<number> {
  if (args.openapi === undefined && args.baseUrl === undefined) {
    throw new UsageError('init needs an API description: give --openapi FILE|URL, or --base-url URL to look for one at the usual places (/openapi.json, /v3/api-docs, …)');
  }
  const baseUrl = args.baseUrl === undefined ? undefined : checkedBaseUrl(args.baseUrl);
  const seed = parseInteger('seed', args.seed) ?? 1;
  if (!args.force && (await exists(args.out))) {
    throw new UsageError(`${args.out} already exists; pass --force to replace it, or --out to write another file`);
  }
  const loaded = await readDescription({ openapi: args.openapi, baseUrl }, io);

  const fromDocument = deriveConfig(loaded.model, { ...(baseUrl !== undefined ? { baseUrl } : {}), ...(loaded.url !== undefined ? { documentUrl: loaded.url } : {}), seed });
  const derivation = args.probe === false ? fromDocument : await withProbes(fromDocument, io);
  for (const line of derivation.lines) io.stdout.write(`${formatLine(line)}\n`);
  await writeFile(args.out, `${JSON.stringify(derivation.config, null, 2)}\n`);
  const toFill = derivation.lines.filter((line) => line.kind === 'missing').length;
  try {
    await loadConfig(args.out);
  } catch (error) {
    if (!(error instanceof ConfigInvalidError)) throw error;
    io.stdout.write(`wrote ${args.out}, but it does not validate yet; fix these, then run apicert validate-config ${args.out}:\n`);
    for (const problem of error.problems) io.stdout.write(`  ${problem}\n`);
    return ExitCode.UsageOrConfig;
  }
  io.stdout.write(
    `wrote ${args.out} from ${specificationOf(loaded.model)} (${derivation.lines.length - toFill} derived, ${toFill} to look at); it validates. Next: set APICERT_TOKEN, then apicert run --config ${args.out}\n`,
  );
  return ExitCode.Conformant;
}

/**
 * The derivation with what GETs of the target's first list show (page sizes, the over-maximum
 * answer, the last page's cursor form) laid over the document's pagination keys.
 */
async function withProbes(derivation: Derivation, io: CliIo): Promise<Derivation> {
  const target = derivation.config['target'] as { baseUrl?: string; auth?: { header?: string; scheme?: string; none?: boolean } } | undefined;
  const [first] = (derivation.config['collections'] as { path: string }[] | undefined) ?? [];
  if (target?.baseUrl === undefined || first === undefined) return derivation;
  const token = io.env['APICERT_TOKEN'];
  const auth = target.auth ?? {};
  const headers: Record<string, string> =
    auth.none === true || token === undefined || token === '' ? {} : { [(auth.header ?? 'Authorization').toLowerCase()]: auth.scheme === '' ? token : `${auth.scheme ?? 'Bearer'} ${token}` };
  io.stdout.write(`probing ${target.baseUrl}${first.path} with GETs only (--no-probe skips this)…\n`);
  const probed = judgeProbes(await probeList(target.baseUrl, first.path, headers));
  const documented = (derivation.config['pagination'] as Record<string, unknown> | undefined) ?? {};
  const probedKeys = new Set(Object.keys(probed.pagination));
  const keyOf = (line: DerivedLine): string => line.pointer.replace('/pagination/', '');
  // What the target showed wins over what the document says; what it did not show leaves the document's word.
  const lines = [
    ...derivation.lines.filter((line) => !(line.kind === 'derived' && probedKeys.has(keyOf(line)))),
    ...probed.lines.filter((line) => !(line.kind === 'missing' && Object.hasOwn(documented, keyOf(line)))),
  ];
  const pagination = { ...documented, ...probed.pagination };
  return { config: { ...derivation.config, ...(Object.keys(pagination).length > 0 ? { pagination } : {}) }, lines };
}

function formatLine(line: DerivedLine): string {
  return `${line.kind === 'derived' ? 'derived' : 'to fill'}  ${line.pointer}  ${line.text}`;
}

function checkedBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--base-url ${JSON.stringify(value.slice(0, 200))} is not a URL; give one such as http://127.0.0.1:4010`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--base-url must be an http:// or https:// URL');
  if (url.username !== '' || url.password !== '') throw new UsageError('--base-url must not carry user:password@; put the credential in APICERT_TOKEN');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

