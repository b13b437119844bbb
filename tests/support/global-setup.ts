import type { TestProject } from 'vitest/node';
import { chromium } from 'playwright-core';
import { RAISED_LIMITS, TEST_GATEWAY, startTestRuntime } from './runtime.ts';
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
  const [runtime, browser] = await Promise.all([startTestRuntime(env), chromium.launchServer(CHROMIUM_OPTIONS)]);
  project.provide('baseURL', runtime.url);
  project.provide('runtimeRoot', runtime.root);
  project.provide('databaseURL', process.env.TEST_DATABASE_URL ?? runtime.databaseUrl);
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await runtime.stop();
  };
}
