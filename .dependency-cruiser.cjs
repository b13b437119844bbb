/**
 * The layers stand where the folders say, each importing only from its left:
 *
 *   src/config → src/lib → src/server → src/features → the pages layer
 *
 * - src/config: the school's settings and fixed lists; imports nothing of the site.
 * - src/lib: code both sides run (browser and functions); the school's profile in use is here.
 * - src/server: the functions' generic parts (HTTP, database, auth, files, senders); it names no
 *   feature: what a server module needs of one is passed in (the router's body-limit check), or the
 *   module is a feature's own code.
 * - src/components: generic UI (form fields, dialogs, the admin's record screens), beside
 *   src/server: config, lib and styles only, never a feature nor server code (islands load them).
 * - src/features: one folder a feature, and at its root what spans the features (the list of kinds,
 *   the body-limit table, the router bound to it, the workflow moves). A feature may import another
 *   feature's public face only: every file of its folder but those under `internal/`, which are the
 *   feature's own (the rule feature-face).
 * - The pages layer: src/pages (Astro routes), netlify/functions, src/middleware.ts and the shells
 *   that compose features: src/layouts (the site's layout, nav, footer, the drawn pages' shells)
 *   and the admin shell, src/components/admin/AdminApp.tsx, which composes every feature's screen
 *   (kept at that path for now, ruled as a shell here). Nothing below imports them.
 * - src/styles and src/assets: stylesheets and images, for components, features and pages.
 *
 * Type-only imports count (tsPreCompilationDeps), and so does any import circle. Dependency-cruiser
 * reads no .astro file (no parser for it): `npm run layers` then runs scripts/layers-astro.ts, which
 * checks the .astro files' imports by these same rules. A feature's page that needs the site's layout
 * is handed it by its route (PageLayout, src/lib/page-layout.ts).
 */
const SHELL = ['^src/layouts/', '^src/pages/', '^src/middleware\\.ts$', '^src/components/admin/AdminApp\\.tsx$'];

const layer = (from, allowed, fromNot = []) => ({
  name: `layer-${from}`,
  comment: `src/${from} imports only from ${allowed.join(', ')}`,
  severity: 'error',
  from: { path: `^src/${from}/`, pathNot: fromNot },
  to: { path: '^src/', pathNot: allowed.map((a) => `^src/${a}/`) },
});

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    layer('config', ['config']),
    layer('lib', ['config', 'lib']),
    layer('server', ['config', 'lib', 'server']),
    layer('components', ['config', 'lib', 'components', 'styles'], SHELL),
    layer('features', ['config', 'lib', 'server', 'components', 'features', 'styles', 'assets']),
    {
      name: 'feature-face',
      comment: "a feature imports another feature's public face only: nothing under the other's internal/",
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/[^/]+/internal/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'shell-on-top',
      comment: 'the pages layer (pages, layouts, the admin shell, the functions) is imported by nothing below it',
      severity: 'error',
      from: { path: '^src/', pathNot: SHELL },
      to: { path: [...SHELL, '^netlify/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mts', '.js', '.astro'] },
  },
};
