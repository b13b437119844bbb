import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two busy cores run the runtime, Chromium and four test files at once, and a function's first
    // call builds it and starts its instance: polled UI assertions get room for that, as do
    // Playwright's waits (tests/support/browser.ts).
    expect: { poll: { timeout: 20_000, interval: 100 } },
    // The runtime files mostly wait (with two at once, the runtime, Chromium and the workers used
    // about 37 % of the two cores): four at once keep both cores busy.
    maxWorkers: 4,
    reporters: ['default'],
    projects: [
      // Pure code: no runtime, no database (`npm run test:unit`).
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], isolate: false } },
      // Server code in the test's own process on a database of each file's own (PGlite in memory, or a
      // fresh PostgreSQL database when TEST_DATABASE_URL is set): no runtime, nothing shared, no turns.
      {
        extends: true,
        test: {
          name: 'db',
          include: ['tests/db/**/*.test.ts'],
          globalSetup: ['tests/support/db-global-setup.ts'],
          isolate: false,
        },
      },
      // The site's API over HTTP, its functions in the test's own process, each file on a site of its
      // own (tests/support/in-process-site.ts): a database and a blob folder of the file's own. A worker
      // keeps the modules it imported for its next file (isolate: false): each file importing every
      // function again was most of these files' CPU; the site, not the module cache, is what a file must
      // not share.
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/support/db-global-setup.ts'],
          isolate: false,
        },
      },
      // The scripts run as a person runs them, in a copy of the repository (minutes each): `npm test`
      // runs them beside the PostgreSQL pass, which leaves half a core idle (`npm run test:scripts`).
      { extends: true, test: { name: 'scripts', include: ['tests/scripts/**/*.test.ts'] } },
      // Through the real local runtime (one for the whole run) and Chromium. A worker keeps the modules
      // it imported for its next file (isolate: false), as the api project does: importing Playwright and
      // the support code afresh was about 3.5 s of a core per file; what a file must not share is the
      // site's data, which lives in the runtime, not in the module cache.
      {
        extends: true,
        test: {
          name: 'runtime',
          include: ['tests/http/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          isolate: false,
        },
      },
    ],
  },
});
