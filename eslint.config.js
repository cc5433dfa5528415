import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/routeTree.gen.ts', 'data/**', 'coverage/**', 'tests/.artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': 'off',
    },
  },
  {
    files: ['src/routes/**', 'src/features/**', 'src/ui/**', 'src/lib/**', 'src/offline/**', 'src/charts/**', 'src/shared/**', 'src/main.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'Client code never imports src/server.' }] }],
    },
  },
  {
    files: ['src/server/**', 'src/shared/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/ui/**', '**/routes/**', '**/offline/**', '**/charts/**', 'react', 'react-dom', 'react-aria-components', '@tanstack/*'], message: 'The server and shared code never import client code.' }] }],
    },
  },
);
