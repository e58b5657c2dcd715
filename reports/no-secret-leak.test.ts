// Secrets are redacted when an exchange is recorded; reporters must print only what the model holds,
// never reach for the environment or rebuild headers on their own.
import { afterEach, describe, expect, it } from 'vitest';
import { renderConsoleReport } from './console/render-console.js';
import { reporters, type PrintContext } from './index.js';
import {
  buildCheck,
  buildExchange,
  buildRun,
  sampleFullRun,
  sampleHostileRun,
} from '../harness/model/test-support/sample-run.js';

const token = 'tok_live_CANARY_5f1d9c';
const previous = process.env['APICERT_TOKEN'];

afterEach(() => {
  if (previous === undefined) delete process.env['APICERT_TOKEN'];
  else process.env['APICERT_TOKEN'] = previous;
});

// Every output of every reporter in the map: files with their extra files, printed text with what
// it appends, in colour and without.
async function renderAll(run: Parameters<typeof renderConsoleReport>[0]): Promise<string[]> {
  const outputs = await Promise.all(
    Object.values(reporters).map(async (reporter) => {
      if (reporter.output === 'file') {
        const rendering = await reporter.load();
        return [rendering.render(run), ...(rendering.renderExtraFiles?.(run) ?? []).map((file) => file.content)];
      }
      const rendering = await reporter.load();
      return [false, true].flatMap((color) => {
        const context: PrintContext = { color, failOn: 'any', reportPaths: ['/tmp/report/index.html'] };
        return [rendering.render(run, context), rendering.renderAppended?.(run, context) ?? ''];
      });
    }),
  );
  return outputs.flat();
}

describe('reporters and secrets', () => {
  it('never print the token from the environment, whatever the run holds', async () => {
    process.env['APICERT_TOKEN'] = token;
    for (const run of [sampleFullRun(), sampleHostileRun()]) {
      for (const output of await renderAll(run)) expect(output).not.toContain(token);
    }
  });

  it('keep the redaction marker and the $APICERT_TOKEN placeholder as recorded', async () => {
    process.env['APICERT_TOKEN'] = token;
    const exchange = buildExchange();
    const run = buildRun([buildCheck({ status: 'failed', message: 'wrong status', evidence: [exchange] })]);
    const json = (await reporters.json.load()).render(run);
    const junit = (await reporters.junit.load()).render(run);
    const plain = renderConsoleReport(run, { color: false });
    expect(json).toContain('"authorization": "Bearer [REDACTED]"');
    for (const output of [junit, plain]) expect(output).toContain("-H 'Authorization: Bearer $APICERT_TOKEN'");
    // Header maps are JSON-only: junit and console print curl lines, never request headers.
    for (const output of [junit, plain]) expect(output).not.toContain('[REDACTED]');
  });
});
