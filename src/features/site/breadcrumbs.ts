/** The breadcrumbs of a page a function draws, from the site's navigation tree (./navigation.ts). */
import { html, type Html } from '../../server/public-page.ts';
import { LANGUAGE_TAGS, fill, type Language } from '../../lib/i18n/index.ts';
import { navIn, navTrail, navigation } from './navigation.ts';

/**
 * The breadcrumbs of a page, as ./Breadcrumbs.astro draws them on a built page: the trail of
 * `englishPath` in the navigation, then `current` when the page is below it (one notice below Notices).
 */
export function breadcrumbs(lang: Language, englishPath: string, current?: string): Html {
  const trail = (navTrail(englishPath) ?? []).map((node) => navIn(lang, node));
  if (!trail.length) return html``;
  const home = navIn(lang, navigation[0]!);
  const items = trail.map((node, i) =>
    !current && i === trail.length - 1
      ? html`<li><span aria-current="page">${node.label}</span></li>`
      : html`<li><a href="${node.href}">${node.label}</a></li>`,
  );
  return html`<nav class="breadcrumbs" aria-label="${fill(lang, 'site.breadcrumb')}" lang="${LANGUAGE_TAGS[lang]}"><ol><li><a href="${home.href}">${home.label}</a></li>${items}${current ? html`<li><span aria-current="page">${current}</span></li>` : ''}</ol></nav>`;
}
