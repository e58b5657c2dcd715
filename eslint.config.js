// Lint: TypeScript rules, the layers the code base is built in (every import points down), and no
// import cycles. harness/import-layers.test.ts proves that an upward import fails lint.
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/**
 * Each layer, the files it holds (globs), and the layers it may import. Everything else in the
 * repository is off limits to it. Tests and test-support files may import anything. The folders
 * follow the order: harness/ is the engine at the bottom, suites/ and reports/ stand on it, cli/ on
 * all of them.
 */
const engine = ['model', 'errors', 'signing', 'config', 'http', 'openapi', 'sink', 'check-api', 'runner'];
const everythingOfTheKit = [...engine, 'suites', 'reports', 'reference-server'];
export const layers = [
  { name: 'model', paths: ['harness/model/**'], mayImport: [] },
  { name: 'errors', paths: ['harness/{errors,exit-codes,tool-version}.ts'], mayImport: ['model'] },
  // The webhook signature profiles and the HMAC over them: the sink, the runner and the checks sign
  // and verify with the same code, which is behaviour, so it is not the model's.
  { name: 'signing', paths: ['harness/signing/**'], mayImport: ['model'] },
  { name: 'config', paths: ['harness/config/**'], mayImport: ['model', 'errors'] },
  { name: 'http', paths: ['harness/http/**'], mayImport: ['model', 'errors', 'signing'] },
  // Reading an API into a starting config: from its description (OpenAPI, Swagger), or, without
  // one, from what it answers (undocumented/).
  {
    name: 'openapi',
    paths: ['harness/openapi/**', 'harness/undocumented/**'],
    mayImport: ['model', 'errors', 'config', 'http'],
  },
  { name: 'sink', paths: ['harness/sink/**'], mayImport: ['model', 'errors', 'signing', 'config', 'http'] },
  // What a check may use of the harness: types only, implemented by the runner.
  { name: 'check-api', paths: ['harness/check-api/**'], mayImport: ['model', 'signing', 'config', 'http', 'sink'] },
  {
    name: 'runner',
    paths: ['harness/runner/**'],
    mayImport: ['model', 'errors', 'signing', 'config', 'http', 'sink', 'check-api'],
  },
  { name: 'suites', paths: ['suites/**'], mayImport: ['model', 'signing', 'check-api'] },
  { name: 'reports', paths: ['reports/**'], mayImport: ['model', 'errors'] },
  // The CLI wires everything together; the reference server is a separate implementation.
  { name: 'cli', paths: ['cli/**'], mayImport: everythingOfTheKit },
  { name: 'reference-server', paths: ['reference-server/**'], mayImport: [] },
  // Tools for the kit's own development: benchmarks, generated docs, the test set-up.
  { name: 'bench', paths: ['bench/**'], mayImport: [...everythingOfTheKit, 'cli'] },
  { name: 'dev-tools', paths: ['dev-tools/**'], mayImport: [...everythingOfTheKit, 'cli'] },
];

const testFiles = ['**/*.test.ts', '**/test-support/**'];

function toZones() {
  // Test support may import anything, so the kit's own code may not import it: that would be a way
  // around every zone below. (bench/ and dev-tools/ may, as they may import everything.)
  const kitCode = ['./harness/**', './suites/**', './reports/**', './cli/**', './reference-server/**'];
  const testSupport = {
    target: kitCode,
    from: ['./**/test-support/**'],
    message: 'Only tests, bench/ and dev-tools/ import test-support/ files.',
  };
  return [
    testSupport,
    ...layers.flatMap((layer) => {
      const allowed = new Set([layer.name, ...layer.mayImport]);
      const forbidden = layers.filter((other) => !allowed.has(other.name));
      if (forbidden.length === 0) return [];
      return {
        target: layer.paths.map((path) => `./${path}`),
        from: forbidden.flatMap((other) => other.paths.map((path) => `./${path}`)),
        message: `${layer.name} may import only ${layer.mayImport.length === 0 ? 'its own layer' : layer.mayImport.join(', ')} (see layers in eslint.config.js).`,
      };
    }),
  ];
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'apicert-report/**', 'test-results/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // Imported TypeScript files are parsed too, so no-cycle can follow their imports.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      // Sources import './x.js' and mean './x.ts'.
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.js', '.json'], extensionAlias: { '.js': ['.ts', '.js'] } }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.ts'],
    ignores: testFiles,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: toZones() }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // The check API is types only: a value exported from it would carry the layers it may import
    // (http, sink) to the suites, past the zones above.
    files: ['harness/check-api/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "ImportDeclaration[importKind='value']",
          "ExportNamedDeclaration[exportKind='value']",
          "ExportAllDeclaration[exportKind='value']",
          'ExportDefaultDeclaration',
        ].map((selector) => ({
          selector,
          message: 'harness/check-api holds types only: use import type / export type, and no values.',
        })),
      ],
    },
  },
  {
    files: ['suites/**/*.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(undici|express|node:http|node:https|node:net)$',
              message: 'A check reaches the world only through ctx.',
            },
          ],
        },
      ],
    },
  },
);
