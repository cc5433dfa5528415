import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { dirname, relative, resolve } from 'node:path';

const SRC = resolve(import.meta.dirname, 'src');
const CLIENT_DIRS = ['routes', 'features', 'ui', 'lib', 'offline', 'charts', 'main.tsx'];

/** Which side of the bridge a file under src/ is on; undefined outside src/ (tests, benches, configs). */
function sideOf(file) {
  const [top] = relative(SRC, file).split(/[\\/]/);
  if (top === undefined || top.startsWith('..')) return undefined;
  if (top === 'server') return 'server';
  if (top === 'shared') return 'shared';
  return CLIENT_DIRS.includes(top) ? 'client' : undefined;
}

const MAY_IMPORT = { client: ['client', 'shared'], server: ['server', 'shared'], shared: ['shared'] };

/**
 * The server and the client meet only in src/shared (DESIGN.md). Checked on resolved paths rather than on import
 * strings, because both sides have folders called routes/.
 */
const sidesRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const importer = sideOf(context.filename);
    const check = (source) => {
      if (importer === undefined || typeof source?.value !== 'string' || !source.value.startsWith('.')) return;
      const target = sideOf(resolve(dirname(context.filename), source.value));
      if (target !== undefined && !MAY_IMPORT[importer].includes(target)) {
        context.report({ node: source, message: `${importer} code never imports ${target} code (they meet in src/shared).` });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'node_modules/**', 'src/routeTree.gen.ts', 'data/**', 'coverage/**', 'tests/.artifacts/**'] },
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
    files: ['src/**/*.{ts,tsx}'],
    plugins: { sides: { rules: { 'meet-in-shared': sidesRule } } },
    rules: { 'sides/meet-in-shared': 'error' },
  },
  {
    // The server logs through its structured logger (src/server/logs/logger.ts: log()), never console; tests may print.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['src/server/**', 'src/shared/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', 'react-aria-components', '@tanstack/*'], message: 'The server and shared code never import client code.' }] }],
    },
  },
);
