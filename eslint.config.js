import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '.data/**',
      '.cache/**',
      '**/dist/**',
      'test-output/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // TypeScript checks names; the few plain .mjs scripts run on Node or Deno with their globals.
      'no-undef': 'off',
      // Closed sets are `as const` arrays; both runtimes run the source without a transform.
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use an `as const` array and a derived union.' },
        { selector: 'TSModuleDeclaration[kind="namespace"]', message: 'Use a module.' },
        { selector: 'TSParameterProperty', message: 'Declare the field in the class body.' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Where storage code lives (docs/architecture.md, "Service anatomy"): only a service's
    // storage modules use the MongoDB driver; the rest of a service may name its types.
    files: ['services/*/src/**/*.ts'],
    ignores: [
      'services/*/src/data/**',
      'services/*/src/store/**',
      'services/*/src/**/*-store.ts',
      'services/*/src/**/*-collection.ts',
      'services/*/src/**/*-repository.ts',
      'services/*/src/**/*.test.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'mongodb',
              message:
                'Only storage modules (data/, store/, *-store.ts, *-collection.ts, *-repository.ts) use the driver; import its types with `import type`.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // The content service's layers (docs/architecture.md, "Service anatomy"): the document model
    // imports only itself and the query language; use cases reach storage through its port.
    files: ['services/content/src/document/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!query/)',
              message: 'The document model (src/document) imports only itself and src/query.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['services/content/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(store|data|http)/',
              message:
                'Use cases reach storage through the port in src/document (DocumentStore), which main.ts wires.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['services/content/src/store/**/*.ts', 'services/content/src/data/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(domain|http)/',
              message:
                'Storage never imports use cases or routes; shared shapes live in src/document.',
            },
          ],
        },
      ],
    },
  },
)
