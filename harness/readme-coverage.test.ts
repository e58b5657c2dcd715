// Every flag, config key, defect switch, error code and check id has a README entry: users read the
// README, not the source, so an undocumented one is a defect.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { defects } from '../reference-server/defects.js';
import { allChecks } from '../suites/index.js';
import { allFlagNames } from './cli/flags.js';
import { listConfigKeys } from './config/config-keys.js';

const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
const errorsSource = await readFile(new URL('./errors.ts', import.meta.url), 'utf8');

describe('README', () => {
  it.each(allFlagNames)('documents the flag --%s', (flag) => {
    expect(readme).toContain(`--${flag}`);
  });

  it.each(listConfigKeys())('documents the config key %s', (key) => {
    expect(readme).toContain(`\`${key}\``);
  });

  it.each(defects.map((d) => d.name))('documents the defect switch %s', (name) => {
    expect(readme).toContain(`\`${name}\``);
  });

  it.each([...new Set(errorsSource.match(/APICERT_[A-Z_]+/g) ?? [])])('documents the error code %s', (code) => {
    expect(readme).toContain(`\`${code}\``);
  });

  it.each(allChecks.map((c) => c.id))('documents the check %s', (id) => {
    expect(readme).toContain(`\`${id}\``);
  });

  it('shows the two set-up commands', () => {
    expect(readme).toContain('npm install && npm run demo');
    expect(readme).toContain('npm test');
  });
});
