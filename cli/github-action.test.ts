// action.yml, run as GitHub would run its steps: each `run:` script in bash with the step's env (its
// expressions filled in from the inputs, the action's path and earlier steps' outputs) and the
// GitHub variables set, against the reference server; the upload step is checked, not run.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../reference-server/start.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const exampleConfig = join(root, 'apicert.config.example.json');

interface Step {
  readonly name: string;
  readonly id?: string;
  readonly if?: string;
  readonly run?: string;
  readonly uses?: string;
  readonly shell?: string;
  readonly 'working-directory'?: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly with?: Readonly<Record<string, string>>;
}

interface Action {
  readonly inputs: Readonly<Record<string, { readonly default?: string; readonly required?: boolean }>>;
  readonly runs: { readonly using: string; readonly steps: readonly Step[] };
}

interface StepRun {
  readonly name: string;
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

// The expressions action.yml uses, and nothing else: an unknown one fails the test.
function evaluate(
  text: string,
  context: { inputs: Record<string, string>; outputs: Record<string, Record<string, string>> },
): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_whole, expression: string) => {
    if (expression === 'github.action_path') return root;
    const input = /^inputs\.([\w-]+)$/.exec(expression);
    if (input !== null) return context.inputs[input[1]!] ?? '';
    const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
    if (output !== null) return context.outputs[output[1]!]?.[output[2]!] ?? '';
    throw new Error(`action.yml uses an expression the test does not know: ${expression}`);
  });
}

async function runAction(
  given: Record<string, string>,
  env: Record<string, string>,
  dir: string,
): Promise<{ steps: StepRun[]; summary: string; uploads: Step[] }> {
  const action = load(await readFile(join(root, 'action.yml'), 'utf8')) as Action;
  expect(action.runs.using).toBe('composite');
  const inputs = Object.fromEntries(
    Object.entries(action.inputs).map(([name, input]) => [name, given[name] ?? input.default ?? '']),
  );
  const outputs: Record<string, Record<string, string>> = {};
  const summaryPath = join(dir, 'summary.md');
  await writeFile(summaryPath, '');
  const steps: StepRun[] = [];
  const uploads: Step[] = [];
  for (const step of action.runs.steps) {
    if (step.uses !== undefined) {
      uploads.push({
        ...step,
        with: Object.fromEntries(
          Object.entries(step.with ?? {}).map(([key, value]) => [key, evaluate(value, { inputs, outputs })]),
        ),
      });
      continue;
    }
    const outputPath = join(dir, `output-${steps.length}`);
    await writeFile(outputPath, '');
    const stepEnv = Object.fromEntries(
      Object.entries(step.env ?? {}).map(([key, value]) => [key, evaluate(value, { inputs, outputs })]),
    );
    // As GitHub runs a composite step's bash: -e and pipefail, from the working directory given.
    const result = await promisify(execFile)(
      'bash',
      ['--noprofile', '--norc', '-eo', 'pipefail', '-c', evaluate(step.run ?? '', { inputs, outputs })],
      {
        cwd: step['working-directory'] === undefined ? dir : evaluate(step['working-directory'], { inputs, outputs }),
        env: {
          PATH: process.env['PATH'] ?? '',
          HOME: process.env['HOME'] ?? '',
          GITHUB_ACTIONS: 'true',
          GITHUB_STEP_SUMMARY: summaryPath,
          GITHUB_OUTPUT: outputPath,
          ...env,
          ...stepEnv,
        },
        timeout: 60_000,
      },
    ).then(
      (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
      (failed: { code?: number; stdout?: string; stderr?: string }) => ({
        code: failed.code ?? -1,
        stdout: failed.stdout ?? '',
        stderr: failed.stderr ?? '',
      }),
    );
    steps.push({ name: step.name, ...result });
    if (step.id !== undefined) {
      const written = await readFile(outputPath, 'utf8');
      outputs[step.id] = Object.fromEntries(
        written
          .split('\n')
          .filter((line) => line.includes('='))
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      );
    }
    if (result.code !== 0) break;
  }
  return { steps, summary: await readFile(summaryPath, 'utf8'), uploads };
}

describe('the GitHub Action (action.yml)', () => {
  let clean: RunningReferenceServer;
  let defective: RunningReferenceServer;
  let dir: string;
  const token = 'tok_action_0123456789abcdef';
  beforeAll(async () => {
    clean = await startReferenceServer({ token });
    defective = await startReferenceServer({ token, defects: ['put-merges'] });
    dir = await mkdtemp(join(tmpdir(), 'apicert-action-'));
  });
  afterAll(async () => {
    await clean.close();
    await defective.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('passes the job on a conformant API, uploading the report folder whatever happens', async () => {
    const { steps, summary, uploads } = await runAction(
      { 'base-url': clean.url, config: exampleConfig, args: '--suite resources' },
      { APICERT_TOKEN: token },
      dir,
    );
    expect(steps.map((step) => `${step.name}: ${step.code}`)).toEqual([
      'Install apicert: 0',
      'Run apicert: 0',
      'Fail on the verdict: 0',
    ]);
    expect(summary).toMatch(/^## apicert: ✅ passed/);
    expect(uploads).toEqual([
      expect.objectContaining({
        uses: 'actions/upload-artifact@v4',
        if: 'always()',
        with: expect.objectContaining({ name: 'apicert-report', path: 'apicert-report' }),
      }),
    ]);
  }, 60_000);

  it('fails the job on a failing verdict, after annotating the failure and writing the summary', async () => {
    const { steps, summary } = await runAction(
      { 'base-url': defective.url, config: exampleConfig, args: '--suite resources', 'report-dir': 'out' },
      { APICERT_TOKEN: token },
      dir,
    );
    expect(steps.map((step) => `${step.name}: ${step.code}`)).toEqual([
      'Install apicert: 0',
      'Run apicert: 0',
      'Fail on the verdict: 1',
    ]);
    expect(steps[1]!.stdout).toMatch(/^::error title=apicert failed%3A resources\.put-replaces-record/m);
    expect(steps[2]!.stderr).toMatch(/apicert exited 1: see the annotations, the job summary and the report artifact/);
    expect(summary).toMatch(/^## apicert: ❌ failed/);
    await readFile(join(dir, 'out', 'report.json'), 'utf8');
    expect(`${steps.map((step) => step.stdout + step.stderr).join('')}${summary}`).not.toContain(token);
  }, 60_000);

  it("runs one shard, then merges the shards' report folders named by a glob into one verdict", async () => {
    const shards = join(dir, 'shards');
    for (const index of [1, 2, 3]) {
      const { steps } = await runAction(
        {
          'base-url': clean.url,
          config: exampleConfig,
          shard: `${index}/3`,
          'report-dir': join(shards, `shard-${index}`),
          args: '--seed 3',
        },
        { APICERT_TOKEN: token, APICERT_WEBHOOK_SECRET: clean.webhookSecret },
        dir,
      );
      expect(steps.at(-1), steps.map((step) => step.stdout + step.stderr).join('')).toMatchObject({
        name: 'Fail on the verdict',
        code: 0,
      });
      const report = JSON.parse(await readFile(join(shards, `shard-${index}`, 'report.json'), 'utf8')) as {
        shard: { index: number; count: number };
      };
      expect(report.shard).toMatchObject({ index, count: 3 });
    }
    const merged = await runAction(
      { 'merge-reports': `${shards}/shard-*`, 'report-dir': join(dir, 'merged') },
      {},
      dir,
    );
    expect(merged.steps.map((step) => `${step.name}: ${step.code}`)).toEqual([
      'Install apicert: 0',
      'Run apicert: 0',
      'Fail on the verdict: 0',
    ]);
    expect(merged.steps[1]!.stdout).toMatch(/^merged 3 reports of 3 shards$/m);
    expect(merged.summary).toMatch(/^## apicert: ✅ passed/);
    // A folder that is not there is named, not dropped: the merged run is refused, the job fails.
    const missing = await runAction(
      { 'merge-reports': `${shards}/shard-1 ${shards}/shard-9`, 'report-dir': join(dir, 'merged-2') },
      {},
      dir,
    );
    expect(missing.steps.at(-1)).toMatchObject({ name: 'Fail on the verdict', code: 2 });
    expect(missing.steps[1]!.stderr).toMatch(
      /APICERT_REPORT_INVALID: merge-reports \S+shard-9: no such file or folder/,
    );
  }, 90_000);

  it('passes inputs to apicert as data: a base URL with shell syntax is never run', async () => {
    const marker = join(dir, 'injected');
    const { steps } = await runAction(
      { 'base-url': `http://127.0.0.1:1/$(touch ${marker})`, config: exampleConfig },
      { APICERT_TOKEN: token },
      dir,
    );
    expect(steps.at(-1)).toMatchObject({ name: 'Fail on the verdict', code: 3 });
    await expect(readFile(marker)).rejects.toThrow();
  }, 60_000);
});
