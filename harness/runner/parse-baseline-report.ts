// The part of an earlier report.json that a comparison needs, read defensively. Only these fields are
// checked, so a baseline written by a later apicert (which may add fields) still compares.
import { BaselineInvalidError, type ApicertError } from '../errors.js';
import type { BaselineCheck, BaselineReport } from '../model/baseline-report.js';
import type { CheckStatus } from '../model/run-result.js';
import { readRunOptions, readShard } from './read-run-options.js';

const checkStatuses: readonly CheckStatus[] = ['passed', 'failed', 'skipped', 'errored'];
const fixHint = 'pass the report.json of an earlier apicert run';

type JsonObject = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// A value from the file shown in a one-line message: JSON-quoted (no raw controls) and short.
function showValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** Who reads the report, for its messages and errors: --baseline, or apicert replay. */
export interface ReportReader {
  /** Named before the file in messages: "--baseline", "replay". */
  readonly label: string;
  readonly error: new (message: string) => ApicertError;
  /** Whether the run's recorded options are read (and held to their bounds): replay runs with them. */
  readonly readsRunOptions?: boolean;
}

const asBaseline: ReportReader = { label: '--baseline', error: BaselineInvalidError };

class BaselineReader {
  constructor(
    private readonly source: string,
    private readonly role: ReportReader,
  ) {}

  fail(pointer: string, problem: string): never {
    throw new this.role.error(`${this.role.label} ${this.source}: ${pointer} ${problem}; ${fixHint}`);
  }

  object(value: unknown, pointer: string): JsonObject {
    if (!isObject(value)) this.fail(pointer, `must be an object (got ${showValue(value)})`);
    return value;
  }

  string(parent: JsonObject, key: string, pointer: string): string {
    const value = parent[key];
    if (typeof value !== 'string') this.fail(`${pointer}/${key}`, `must be a string (got ${showValue(value)})`);
    return value;
  }

  check(value: unknown, pointer: string): BaselineCheck {
    const check = this.object(value, pointer);
    const status = check['status'];
    if (!(checkStatuses as readonly unknown[]).includes(status)) {
      this.fail(`${pointer}/status`, `must be one of ${checkStatuses.join(', ')} (got ${showValue(status)})`);
    }
    return {
      id: this.string(check, 'id', pointer),
      suite: this.string(check, 'suite', pointer),
      class: this.string(check, 'class', pointer),
      title: this.string(check, 'title', pointer),
      status: status as CheckStatus,
      ...(Number.isSafeInteger(check['seed']) ? { seed: check['seed'] as number } : {}),
    };
  }
}

/**
 * Parses the text of a baseline report.json. `source` names the file in messages. Throws
 * BaselineInvalidError with one line (JSON pointer, problem, fix) when it is not an apicert report.
 */
export function parseBaselineReport(text: string, source: string, role: ReportReader = asBaseline): BaselineReport {
  // Annotated so that TypeScript narrows after reader.fail(), which never returns.
  const reader: BaselineReader = new BaselineReader(source, role);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (thrown) {
    const reason = thrown instanceof Error ? thrown.message.split('\n')[0] : 'not JSON';
    throw new role.error(`${role.label} ${source} is not JSON (${reason}); ${fixHint}`);
  }
  const report = reader.object(parsed, '(document)');
  const tool = reader.object(report['tool'], '/tool');
  if (tool['name'] !== 'apicert') reader.fail('/tool/name', `must be "apicert" (got ${showValue(tool['name'])})`);
  const seed = report['seed'];
  if (typeof seed !== 'number' || !Number.isInteger(seed))
    reader.fail('/seed', `must be an integer (got ${showValue(seed)})`);
  const checks = report['checks'];
  if (!Array.isArray(checks)) reader.fail('/checks', `must be an array (got ${showValue(checks)})`);
  return {
    tool: { version: reader.string(tool, 'version', '/tool') },
    target: { baseUrl: reader.string(reader.object(report['target'], '/target'), 'baseUrl', '/target') },
    startedAt: reader.string(report, 'startedAt', ''),
    seed,
    checks: checks.map((check: unknown, index) => reader.check(check, `/checks/${index}`)),
    ...(role.readsRunOptions === true && isObject(report['shard'])
      ? { shard: readShard(report['shard'], '/shard', (pointer, problem) => reader.fail(pointer, problem)) }
      : {}),
    ...(role.readsRunOptions === true && report['options'] !== undefined
      ? {
          options: readRunOptions(report['options'], (pointer, problem) => {
            throw new role.error(
              `${role.label} ${source}: ${pointer} ${problem}; fix that value in the report, or run the checks again with apicert run`,
            );
          }),
        }
      : {}),
  };
}
