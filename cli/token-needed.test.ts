// The API token is needed exactly when a check will call the API: a run of the receiver suite alone
// without webhooks.receiver.observe needs none; any other says which variable to set, in one line,
// before contacting the target.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { captureIo } from './test-support/capture-io.js';

const exampleConfig = fileURLToPath(new URL('../apicert.config.example.json', import.meta.url));

describe('the API token', () => {
  it('is asked for, in one line with the variable to set, when a check calls the API', async () => {
    const io = captureIo({ APICERT_WEBHOOK_SECRET: 'x' });
    expect(
      await runCli(['run', '--base-url', 'http://127.0.0.1:9', '--config', exampleConfig, '--suite', 'resources'], io),
    ).toBe(2);
    expect(io.err()).toBe(
      'APICERT_SECRET_MISSING: environment variable APICERT_TOKEN is not set; export the API token in it (or name another variable in target.auth.tokenEnv)\n',
    );
  });

  it('is not needed by the receiver suite alone without observe, which calls no API', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'apicert-token-needed-'));
    try {
      const example = JSON.parse(await readFile(exampleConfig, 'utf8')) as {
        webhooks: { receiver: Record<string, unknown> };
      };
      const { observe: _observe, ...receiver } = example.webhooks.receiver;
      const configPath = join(directory, 'receiver.json');
      await writeFile(configPath, JSON.stringify({ ...example, webhooks: { receiver } }));
      const io = captureIo({ APICERT_WEBHOOK_SECRET: 'x' });
      // Port 9 answers nothing: the run gets past the token and stops at the target, exit 3.
      expect(
        await runCli(
          [
            'run',
            '--base-url',
            'http://127.0.0.1:9',
            '--config',
            configPath,
            '--suite',
            'webhooks-receiver',
            '--report-dir',
            join(directory, 'report'),
          ],
          io,
        ),
      ).toBe(3);
      expect(io.err()).not.toMatch(/APICERT_SECRET_MISSING/);
      // With observe, on the API, the token is needed again.
      const observing = captureIo({ APICERT_WEBHOOK_SECRET: 'x' });
      expect(
        await runCli(
          [
            'run',
            '--base-url',
            'http://127.0.0.1:9',
            '--config',
            exampleConfig,
            '--suite',
            'webhooks-receiver',
            '--report-dir',
            join(directory, 'report'),
          ],
          observing,
        ),
      ).toBe(2);
      expect(observing.err()).toMatch(/^APICERT_SECRET_MISSING: /);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
