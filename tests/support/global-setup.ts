import type { TestProject } from 'vitest/node';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { RAISED_LIMITS, TEST_GATEWAY, makeDatabaseTemplate, startTestRuntime } from './runtime.ts';
import { CHROMIUM_OPTIONS } from './browser.ts';

export const ADMIN_EMAIL = 'office@school.test';
export const ADMIN_PASSWORD = 'correct horse battery staple';
export const WEBHOOK_SECRETS = {
  WHATSAPP_APP_SECRET: 'runtime-app-secret',
  WHATSAPP_VERIFY_TOKEN: 'runtime-verify-token',
  MSG91_WEBHOOK_TOKEN: 'runtime-report-token',
} as const;

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    runtimeRoot: string;
    databaseURL: string;
    adminEmail: string;
    adminPassword: string;
    /** The run's one Chromium, which each e2e file connects to (tests/support/browser.ts). */
    browserEndpoint: string;
    /** The runtime with the limits as deployed (tests/support/deployed-runtime.ts): its address, root, database and output's file. */
    deployed: { url: string; root: string; databaseUrl: string; log: string } | undefined;
  }
}

/**
 * One runtime for the whole run; TEST_DATABASE_URL points it at a real PostgreSQL server instead
 * of PGlite. And one Chromium: a launch per file cost about a second of both cores each time.
 */
export default async function setup(project: TestProject) {
  const env: Record<string, string> = {
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ...RAISED_LIMITS,
    // The providers' webhook secrets (no sending keys: messages to families stay as without keys,
    // sent by hand), so the runtime checks signed webhooks (tests/http/outbox-webhooks.test.ts).
    ...WEBHOOK_SECRETS,
    // The status pages offer Pay through the built-in test gateway (tests/e2e/pay-online.test.ts).
    ...TEST_GATEWAY,
  };
  if (process.env.TEST_DATABASE_URL) env.DATABASE_URL = process.env.TEST_DATABASE_URL;
  // On PGlite, a second runtime with the limits as deployed and its trace on, shared by the few
  // files that need no more than that (tests/support/deployed-runtime.ts): one start, not one each.
  // The PostgreSQL pass runs none of them.
  const log = join(await mkdtemp(join(tmpdir(), 'rmcp-deployed-')), 'output.log');
  const [runtime, browser, deployed] = await Promise.all([
    startTestRuntime(env),
    chromium.launchServer(CHROMIUM_OPTIONS),
    process.env.TEST_DATABASE_URL ? undefined : startTestRuntime({ LOCAL_RUNTIME_TRACE: '1' }, { logFile: log }),
  ]);
  // The runtimes of their own start on a copy of it (PGlite only: on PostgreSQL each gets a fresh
  // database). Made once the runtimes above are spawned: it points this process's DATABASE_URL at
  // itself while it migrates, which a runtime spawned meanwhile would inherit.
  const removeTemplate = process.env.TEST_DATABASE_URL ? undefined : await makeDatabaseTemplate();
  project.provide('baseURL', runtime.url);
  project.provide('runtimeRoot', runtime.root);
  project.provide('databaseURL', process.env.TEST_DATABASE_URL ?? runtime.databaseUrl);
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('browserEndpoint', browser.wsEndpoint());
  project.provide(
    'deployed',
    deployed && { url: deployed.url, root: deployed.root, databaseUrl: deployed.databaseUrl, log },
  );
  return async () => {
    await browser.close();
    await Promise.all([runtime.stop(), deployed?.stop(), removeTemplate?.()]);
    await rm(dirname(log), { recursive: true, force: true });
  };
}
