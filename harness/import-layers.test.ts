// The layers of eslint.config.js hold: every source file is in exactly one layer, and lint fails on
// an import into any layer the importer may not use (an upward or sideways import).
import { execFileSync } from 'node:child_process';
import { matchesGlob } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { layers } from '../eslint.config.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

const isTestFile = (path: string): boolean => path.endsWith('.test.ts') || path.includes('/test-support/');
const sources = execFileSync('git', ['ls-files', '*.ts'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((path) => path !== '' && !isTestFile(path));

// Tool configs at the top level belong to no layer; any other file there would be outside every zone.
const toolConfigs = ['eslint.config.d.ts', 'vitest.config.ts'];

function layersOf(path: string): string[] {
  return layers.filter((layer) => layer.paths.some((glob) => matchesGlob(path, glob))).map((layer) => layer.name);
}

// One real file of each layer, to import from a probe placed in another layer.
const sampleOf = new Map(layers.map((layer) => [layer.name, sources.find((path) => layersOf(path)[0] === layer.name)]));

// Lints `source` as if it were the file at `probePath` (the file itself is not read).
async function lintAs(
  probePath: string,
  source: string,
): Promise<readonly { readonly ruleId: string | null; readonly message: string }[]> {
  const [result] = await eslint.lintText(source, { filePath: `${root}${probePath}` });
  return result?.messages ?? [];
}

async function restrictedImportMessages(
  probePath: string,
  importedPath: string,
  kind: 'value' | 'type' = 'value',
): Promise<string[]> {
  const depth = probePath.split('/').length - 1;
  const specifier = `${'../'.repeat(depth)}${importedPath.replace(/\.ts$/, '.js')}`;
  const source =
    kind === 'value'
      ? `import * as probe from '${specifier}';\nexport { probe };\n`
      : `import type * as probe from '${specifier}';\nexport type { probe };\n`;
  const messages = await lintAs(probePath, source);
  return messages
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

describe('import layers', () => {
  it('put every source file in exactly one layer', () => {
    expect(sources.length).toBeGreaterThan(100);
    const misplaced = sources
      .filter((path) => !toolConfigs.includes(path))
      .map((path) => [path, layersOf(path)] as const)
      .filter(([, names]) => names.length !== 1);
    expect(misplaced).toEqual([]);
    expect(sources.filter((path) => !path.includes('/'))).toEqual(toolConfigs);
  });

  it('fail lint when the kit imports a test-support file, which may import anything', async () => {
    const messages = await restrictedImportMessages(
      sampleOf.get('suites')!,
      'suites/test-support/run-against-reference.ts',
    );
    expect(messages).toEqual([expect.stringContaining('Only tests, bench/ and dev-tools/ import test-support/ files')]);
  });

  it('fail lint on a value in the check API, which holds types only', async () => {
    const probe = 'harness/check-api/check.ts';
    for (const source of [
      "export { createHttpClient } from '../http/client.js';\n",
      "import { createHttpClient } from '../http/client.js';\nexport type Probe = typeof createHttpClient;\n",
      'export const probe = 1;\n',
    ]) {
      const rules = (await lintAs(probe, source)).map((message) => message.ruleId);
      expect(rules, source).toContain('no-restricted-syntax');
    }
    expect(
      (await lintAs(probe, "export type { HttpResponse } from '../http/http-types.js';\n")).map(
        (message) => message.ruleId,
      ),
    ).toEqual([]);
  });

  it('have a file in every layer to import from', () => {
    for (const layer of layers) expect(sampleOf.get(layer.name), layer.name).toBeDefined();
  });

  // A probe file in each layer imports one file of every other layer: lint must refuse exactly the
  // layers the importer may not use.
  it.each(layers.map((layer) => [layer.name, layer] as const))(
    'fail lint when %s imports a layer it may not use',
    async (_name, layer) => {
      const probe = sampleOf.get(layer.name)!;
      let refused = 0;
      for (const other of layers) {
        if (other.name === layer.name) continue;
        const messages = await restrictedImportMessages(probe, sampleOf.get(other.name)!);
        const isAllowed = (layer.mayImport as readonly string[]).includes(other.name);
        expect(messages.length, `${layer.name} importing ${other.name}`).toBe(isAllowed ? 0 : 1);
        if (!isAllowed) {
          expect(messages[0]).toContain(`${layer.name} may import only`);
          refused += 1;
        }
      }
      expect(refused).toBe(layers.length - 1 - layer.mayImport.length);
    },
  );

  // The folders show the order: the engine in harness/ stands below the checks, the reports and the
  // CLI, so no arrow runs back up out of it.
  it('keep harness/ below cli/, suites/ and reports/: lint refuses every import from it into them', async () => {
    const engine = layers.filter((layer) => layer.paths.every((glob) => glob.startsWith('harness/')));
    expect(engine.map((layer) => layer.name)).toEqual(expect.arrayContaining(['model', 'runner', 'signing']));
    for (const layer of engine) {
      for (const above of ['cli', 'suites', 'reports']) {
        const messages = await restrictedImportMessages(sampleOf.get(layer.name)!, sampleOf.get(above)!);
        expect(messages, `${layer.name} importing ${above}`).toEqual([
          expect.stringContaining(`${layer.name} may import only`),
        ]);
      }
    }
  });

  it('fail lint on a type-only import into a layer the importer may not use', async () => {
    expect(await restrictedImportMessages(sampleOf.get('model')!, sampleOf.get('runner')!, 'type')).toHaveLength(1);
    expect(await restrictedImportMessages(sampleOf.get('suites')!, sampleOf.get('config')!, 'type')).toHaveLength(1);
  });

  // With every import pointing down, the layers cannot form a cycle; within a layer, lint finds one.
  it('point one way: no layer can reach itself through the layers it may import', () => {
    const mayImport = new Map(layers.map((layer) => [layer.name, layer.mayImport as readonly string[]]));
    const reaches = (from: string, seen = new Set<string>()): Set<string> => {
      for (const next of mayImport.get(from) ?? []) if (!seen.has(next)) reaches(next, seen.add(next));
      return seen;
    };
    for (const layer of layers) expect(reaches(layer.name).has(layer.name), layer.name).toBe(false);
  });

  it('fail lint on an import cycle within a layer', async () => {
    // run-checks.ts imports run-one-check.ts; run-one-check.ts importing run-checks.ts closes a cycle.
    const messages = await lintAs(
      'harness/runner/run-one-check.ts',
      "import { runChecks } from './run-checks.js';\nexport const probe = runChecks;\n",
    );
    expect(messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });
});
