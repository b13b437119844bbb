/**
 * A public page a function draws (src/server/public-page.ts: the built shell, safe HTML, caching),
 * with what the site puts into every such page as it is now, not as the build saw it: the school's
 * footer from its profile, the menus without the pages the office hid
 * (src/features/pages/hidden-pages.server.ts; every drawn page carries PAGES_NAV_TAG, purged when a
 * page is hidden or shown again), the admission wings' entries and the home page's enquiry named by
 * the classes the school offers (src/features/admission/wings.ts, src/features/enquiry/popup-classes.ts),
 * and the page's own link marked in the menu.
 */
import { inlineScriptHashes } from '../../server/csp-hashes.ts';
import { escapeHtml } from '../../server/escape-html.ts';
import { securityHeaders } from '../../server/security-headers.ts';
import { builtShell, cachedOnCdn, fillShell, type PublicPage } from '../../server/public-page.ts';
import { schoolProfile } from '../../server/school-profile.ts';
import type { Language } from '../../lib/i18n/index.ts';
import { pathIn } from '../../lib/language-paths.ts';
import { SCHOOL_TAG } from '../../lib/school-profile.ts';
import { withSchoolFooter } from '../school/live-footer.ts';
import { PAGES_NAV_TAG, hiddenPagePaths, withoutHiddenPages } from '../pages/hidden-pages.server.ts';
import { withOfferedWings } from '../admission/wings.ts';
import { withOfferedEnquiry } from '../enquiry/popup-classes.ts';

/**
 * The menu marks the page as the built pages' menu marks theirs: its own link `aria-current="page"`,
 * the top link of the section it is in `aria-current="true"` (the shell was built for no page).
 */
function withCurrentPage(page: string, path: string, lang: Language): string {
  const bare = path.replace(/\/+$/, '') || '/';
  const link = (href: string) => `<a class="menu-link" href="${escapeHtml(pathIn(lang, href))}"`;
  const section = `/${bare.split('/')[1] ?? ''}`;
  let out = page.replaceAll(`${link(bare)}>`, () => `${link(bare)} aria-current="page">`);
  if (section !== bare && section !== '/')
    out = out.replace(`${link(section)}>`, () => `${link(section)} aria-current="true">`);
  return out;
}

/** The whole page: the shell of its language with the page's head words, canonical path and body. */
export async function publicPage(req: Request, page: PublicPage): Promise<Response> {
  const [template, profile, hidden] = await Promise.all([
    builtShell(new URL(req.url).origin, page.lang, page.shell),
    schoolProfile(),
    hiddenPagePaths(),
  ]);
  // The footer names the school as its profile is now, not as the build read it; the menus leave out the hidden pages
  // and name the wings by the classes offered now, which the home page's enquiry offers too.
  const shown = withoutHiddenPages(
    withSchoolFooter(fillShell(template, page, new URL(req.url).search), profile, page.lang),
    hidden,
    page.lang,
  );
  const text = withCurrentPage(
    withOfferedEnquiry(withOfferedWings(shown, profile.classes, page.lang), profile.classes),
    page.path,
    page.lang,
  );
  return new Response(text, {
    status: page.status ?? 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      ...securityHeaders(inlineScriptHashes(template)),
      // Every served page shows the profile in its footer: a saved profile purges SCHOOL_TAG.
      ...cachedOnCdn([...page.tags, SCHOOL_TAG, PAGES_NAV_TAG]),
      ...(page.noindex ? { 'X-Robots-Tag': 'noindex' } : {}),
    },
  });
}
