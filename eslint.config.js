// Lint: TypeScript rules plus the import boundaries: suites/ reach the world only through the check
// context, reports/ read only the result model, and only tests and the CLI import reference-server/.
import tseslint from 'typescript-eslint';

const noReferenceServer = {
  group: ['**/reference-server/**'],
  message: 'Only tests and the CLI import reference-server/.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'apicert-report/**', 'test-results/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['suites/**/*.ts'],
    ignores: ['**/*.test.ts', 'suites/**/test-support/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./.*harness/(?!model/|runner/check-context\\.js$)',
              message: 'suites/ imports harness/model and harness/runner/check-context only.',
            },
            { regex: '^(undici|express|node:http|node:https|node:net)$', message: 'A check reaches the world only through ctx.' },
            noReferenceServer,
          ],
        },
      ],
    },
  },
  {
    files: ['reports/**/*.ts'],
    ignores: ['**/*.test.ts', 'reports/**/test-support/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./.*harness/(?!model/|errors\\.js$)', message: 'reports/ imports harness/model only.' },
            { regex: '^\\.\\./.*suites/', message: 'reports/ imports harness/model only.' },
            noReferenceServer,
          ],
        },
      ],
    },
  },
  {
    files: ['harness/**/*.ts'],
    ignores: ['**/*.test.ts', 'harness/cli/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noReferenceServer] }] },
  },
);
