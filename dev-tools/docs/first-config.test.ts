// The README's first config is a real file that the kit accepts: a newcomer who copies it gets
// `ok`, not a problem list.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './docs-files.js';

const configPath = 'docs/first-config.json';

describe('docs/first-config.json', () => {
  it('passes apicert validate-config', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['bin/apicert.js', 'validate-config', configPath], {
      cwd: repositoryRoot,
      timeout: 15_000,
    });
    expect(stdout.trim()).toBe('ok');
  });

  it('is shown in the README word for word', () => {
    const readme = readFileSync(join(repositoryRoot, 'README.md'), 'utf8');
    const config = readFileSync(join(repositoryRoot, configPath), 'utf8');
    expect(readme).toContain(`\`\`\`json\n${config}\`\`\``);
  });
});
