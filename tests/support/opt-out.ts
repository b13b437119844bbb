/** The opt-out link a message to a number ends with, on the shared runtime: made by the site's own code with the runtime's SESSION_SECRET. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { site } from './site.ts';

/** The runtime's SESSION_SECRET, which signs the links (the local runtime keeps it in its folder). */
const runtimeSecret = () =>
  JSON.parse(readFileSync(join(site('runtimeRoot'), '.netlify', 'local-secrets.json'), 'utf8'))
    .SESSION_SECRET as string;

/** The link's path and query on the runtime (the message names the school's own address). */
export async function optOutLink(mobile: string, language: 'en' | 'hi'): Promise<URL> {
  const saved = process.env.SESSION_SECRET;
  process.env.SESSION_SECRET = runtimeSecret();
  try {
    const { optOutUrl } = await import('../../src/server/family-mobile.ts');
    const url = new URL(optOutUrl(mobile, language));
    return new URL(`${url.pathname}${url.search}`, site('baseURL'));
  } finally {
    if (saved === undefined) delete process.env.SESSION_SECRET;
    else process.env.SESSION_SECRET = saved;
  }
}

let count = 0;
/** A mobile number no other test uses. */
export const freshMobile = (prefix = '97') => `${prefix}${String(Date.now() % 1e7).padStart(7, '0')}${count++ % 10}`;
