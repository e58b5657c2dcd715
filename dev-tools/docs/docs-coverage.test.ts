// Every flag, config key, defect switch, error code and check id is documented in the README or
// docs/: users read the docs, not the source, so an undocumented one is a defect.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allFlagNames } from '../../cli/flags.js';
import { listConfigKeys } from '../../harness/config/config-keys.js';
import { defects } from '../../reference-server/defects.js';
import { allChecks } from '../../suites/index.js';
import { listDocFiles, repositoryRoot } from './docs-files.js';

const readme = readFileSync(join(repositoryRoot, 'README.md'), 'utf8');
const docs = listDocFiles()
  .map((path) => readFileSync(join(repositoryRoot, path), 'utf8'))
  .join('\n');
const errorsSource = readFileSync(join(repositoryRoot, 'harness/errors.ts'), 'utf8');

describe('the docs (README.md, bench/README.md, docs/*.md)', () => {
  it.each(allFlagNames)('document the flag --%s', (flag) => {
    expect(docs).toContain(`--${flag}`);
  });

  it.each(listConfigKeys())('document the config key %s', (key) => {
    expect(docs).toContain(`\`${key}\``);
  });

  it.each(defects.map((d) => d.name))('document the defect switch %s', (name) => {
    expect(docs).toContain(`\`${name}\``);
  });

  it.each([...new Set(errorsSource.match(/APICERT_[A-Z_]+/g) ?? [])])('document the error code %s', (code) => {
    expect(docs).toContain(`\`${code}\``);
  });

  it.each(allChecks.map((c) => c.id))('document the check %s', (id) => {
    expect(docs).toContain(`\`${id}\``);
  });
});

describe('README', () => {
  it('shows the two set-up commands', () => {
    expect(readme).toContain('npm install && npm run demo');
    expect(readme).toContain('npm test');
  });
});
