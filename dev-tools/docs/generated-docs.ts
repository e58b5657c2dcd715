// Which docs are generated, and from what. write-docs.ts writes them; generated-docs.test.ts fails
// when a file differs from what its source gives today.
import { renderTopLevelHelp } from '../../cli/cli.js';
import * as configPatterns from '../../harness/config/config-patterns.js';
import { configSchema } from '../../harness/config/schema.js';
import { defects } from '../../reference-server/defects.js';
import { allChecks } from '../../suites/index.js';
import { renderChecksDoc } from './render-checks-doc.js';
import { renderConfigDoc } from './render-config-doc.js';
import { renderDefectsDoc } from './render-defects-doc.js';
import { renderTopLevelHelpModule } from './render-top-level-help.js';
import { renderSignatureProfilesDoc, renderSignatureVectors } from './render-signature-profiles-doc.js';
import { renderVerdictsDoc } from './render-verdicts-doc.js';

// The words the config's problem lines use for each string format, keyed by its pattern.
const patternWords = new Map(
  Object.values(configPatterns)
    .filter(
      (value): value is { pattern: string; expected: string } =>
        typeof value === 'object' && value !== null && 'pattern' in value && 'expected' in value,
    )
    .map((format) => [format.pattern, format.expected]),
);

/** A doc made from code: its path from the repository root and its text. */
export interface GeneratedDoc {
  readonly path: string;
  render(): string | Promise<string>;
}

/** Every generated doc. */
export const generatedDocs: readonly GeneratedDoc[] = [
  { path: 'docs/checks.md', render: () => renderChecksDoc(allChecks) },
  { path: 'docs/config.md', render: () => renderConfigDoc(configSchema, (pattern) => patternWords.get(pattern)) },
  { path: 'docs/defects.md', render: () => renderDefectsDoc(defects, allChecks) },
  { path: 'docs/verdicts.md', render: () => renderVerdictsDoc(allChecks) },
  { path: 'docs/signature-profiles.md', render: renderSignatureProfilesDoc },
  { path: 'docs/signature-vectors.json', render: renderSignatureVectors },
  // Not a doc, but made the same way: the CLI's --help, kept so that printing it needs no yargs.
  { path: 'cli/top-level-help.ts', render: async () => renderTopLevelHelpModule(await renderTopLevelHelp()) },
];
