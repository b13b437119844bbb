/**
 * The content pages the office hid, and their leaving the menus: every page a function draws goes
 * through publicPage (src/features/site/public-page.server.ts), which takes the hidden pages' items out of the
 * shell's menu and footer here; the built pages' site script does the same from
 * GET /v1/api/pages/hidden (src/layouts/Nav.astro).
 */
import { getPool, type Queryable } from '../../server/db.ts';
import { pathIn } from '../../lib/language-paths.ts';
import type { Language } from '../../lib/i18n/languages.ts';
import { STARTING_PAGES } from './starting-pages.ts';

/** The cache tag of every page a function draws: its menus and footer leave out the hidden pages. */
export const PAGES_NAV_TAG = 'pages-nav';

/** The hidden pages' addresses (English). */
export async function hiddenPagePaths(db: Queryable = getPool()): Promise<string[]> {
  const { rows } = await db.query<{ path: string }>(`SELECT path FROM site_pages WHERE hidden ORDER BY path`);
  return rows.map((row) => row.path).filter((path) => STARTING_PAGES.has(path));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `page` without the list items that link a hidden page: the menu's and the footer's (a hidden
 * page is never a section's first page, so its item holds no list of its own).
 */
export function withoutHiddenPages(page: string, hidden: readonly string[], lang: Language): string {
  let out = page;
  for (const path of hidden) {
    const item = new RegExp(
      `<li\\b[^>]*>\\s*<a\\b[^>]*\\shref="${escapeRegExp(pathIn(lang, path))}"[^>]*>[^<]*</a>\\s*</li>`,
      'g',
    );
    out = out.replace(item, '');
  }
  return out;
}
