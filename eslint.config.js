// Layering (DESIGN.md §2) is enforced here: shared imports nothing of ours,
// core imports shared, main/webhost/cli import core+shared, renderer imports
// shared only, and nothing imports main, renderer or webhost back.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const layer = (files, patterns, paths = []) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns, paths }],
  },
});

const NODE_BUILTINS = { group: ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto'], message: 'No Node built-ins here.' };
const ELECTRON = { group: ['electron', 'electron/*'], message: 'Only src/main and src/preload may import electron.' };
const REACT = { group: ['react', 'react-dom', 'react/*', 'react-dom/*'], message: 'React belongs to src/renderer.' };
// Relative imports only: packages such as `echarts/core` are not our layers.
const up = (dirs, message) => ({
  regex: `^\\.\\.?/(?:.*/)?(${dirs.join('|')})(/|$)`,
  message,
});

// Domain services may use another domain only through its service/index.
const DOMAINS = ['ledger', 'schedule', 'memory', 'conversation', 'profile', 'audit', 'settings'];
const domainInternals = {
  regex: `^\\.\\./(${DOMAINS.join('|')})/(?!service$|index$|types$)`,
  message: 'Use the other domain through its service (or index), not its internals.',
};

export default tseslint.config(
  { ignores: ['node_modules', 'out', 'dist-web', 'release', 'bench/results', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  layer(['src/shared/**/*.ts'], [
    NODE_BUILTINS, ELECTRON, REACT,
    up(['core', 'main', 'renderer', 'webhost', 'preload', 'cli'], 'src/shared imports nothing of ours.'),
    { group: ['better-sqlite3'], message: 'No database in shared.' },
  ]),
  layer(['src/core/**/*.ts'], [
    ELECTRON, REACT,
    up(['main', 'renderer', 'webhost', 'preload', 'cli'], 'src/core imports only shared.'),
    domainInternals,
  ]),
  layer(['src/main/**/*.ts', 'src/webhost/**/*.ts', 'src/cli/**/*.ts'], [
    REACT,
    up(['renderer'], 'Nothing imports the renderer.'),
  ]),
  layer(['src/webhost/**/*.ts', 'src/cli/**/*.ts'], [
    ELECTRON, REACT,
    up(['renderer', 'main', 'preload'], 'Nothing imports main, renderer or preload.'),
  ]),
  layer(['src/renderer/**/*.{ts,tsx}'], [
    NODE_BUILTINS, ELECTRON,
    up(['core', 'main', 'webhost', 'preload', 'cli'], 'The renderer imports only shared.'),
    { group: ['better-sqlite3', 'sqlite-vec'], message: 'The renderer never touches the database.' },
  ]),
);
