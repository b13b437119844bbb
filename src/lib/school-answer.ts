/**
 * GET /v1/api/school's answer on a built page, asked once per page whatever asks for it (the site
 * script for the school's facts, the wings' links on built pages, the forms' islands): the promise is
 * kept on the page's global object, so two bundles that each carry this module still share one request.
 */
import { api } from './api-client.ts';
import type { ShownProfile } from './school-facts.ts';

/** The profile as the page shows it, and the classes the school offers as sent (checked where read). */
export type SchoolAnswer = ShownProfile & { classes?: unknown };

const KEY = Symbol.for('school.answer');
const held = globalThis as { [KEY]?: Promise<SchoolAnswer | undefined> };

/** The answer, or undefined when it did not come. */
export const schoolAnswer = (): Promise<SchoolAnswer | undefined> =>
  (held[KEY] ??= api('/school')
    .then((response) => (response.ok ? (response.json() as Promise<SchoolAnswer>) : undefined))
    .catch(() => undefined));
