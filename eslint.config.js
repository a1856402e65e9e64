// `npm run lint`: ESLint's and typescript-eslint's recommended rules over the sources, tests, benchmarks and scripts.
// Formatting is Prettier's job (`npm run format:check`), not ESLint's.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.docex/**', '.bench/**', '**/*.tmp.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  // Tests and benchmarks poke at untyped JSON (responses, webhook bodies, fakes of remote protocols).
  { files: ['test/**', 'bench/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // CommonJS helpers loaded with --require or as child processes.
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
