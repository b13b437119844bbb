// The linter: TypeScript's, React hooks' and Astro's recommended rules; formatting is Prettier's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.netlify/', '.astro/', 'coverage/', 'bench/tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts}'],
    // Server code renders nothing: a `use…` function there (a sign-in code used up) is no hook.
    ignores: ['**/*.server.ts', 'src/server/**', 'netlify/**', 'scripts/**', 'bench/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Deliberate: islands set browser-only state (storage, address) and loaded records after hydration.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    rules: {
      // `const { key: _, ...rest } = value` is how a key is left out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // Augmenting another module's interface takes an interface, which may add nothing but what it extends.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  { languageOptions: { globals: { ...globals.browser, ...globals.node } } },
  prettier,
  {
    files: ['tests/**'],
    rules: {
      // No React component runs under tests/: the helpers named use* (useApiSite, useSite) register Vitest hooks.
      'react-hooks/rules-of-hooks': 'off',
      // A rest pattern is how a test leaves fields out of a body: `const { updatedAt: _, ...body } = profile`.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
);
