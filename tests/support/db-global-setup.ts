/**
 * The db project's template database, migrated once for the whole run: each test file then starts
 * from a copy of it (tests/support/database.ts) instead of an empty cluster that it migrates itself.
 * On PGlite a data folder; on PostgreSQL (TEST_DATABASE_URL) a template database of that server.
 */
import type { TestProject } from 'vitest/node';
import { createTemplate } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const template = await createTemplate();
  project.provide('databaseTemplate', template.name);
  return () => template.remove();
}
