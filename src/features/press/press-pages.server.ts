/**
 * The public press pages as HTML, from the database's entries: pure functions of the entries, so a
 * unit test reads them without a database. Every word staff typed is escaped by `html`; each text
 * shows in the language it was written in, marked with its `lang` where it differs from the page.
 * Pictures carry their width and height (no layout shift) and load lazily but for the first (the
 * page's largest paint). No script. A sample the repository ships (starting-content/press/) says
 * so on its card, and a page with samples says above them what they are: nothing invented passes
 * for a real report or issue.
 */
import { html, langAttribute, type Html } from '../../server/public-page.ts';
import { breadcrumbs } from '../site/breadcrumbs.ts';
import { fill, LANGUAGE_TAGS, type Language, type TextCode } from '../../lib/i18n/index.ts';
import { textsFor, type Bilingual, type MagazineIssue, type Picture, type PressArticle } from './press.ts';

/** A newspaper's name in Devanagari is a Hindi paper's. */
const DEVANAGARI = /[\u0900-\u097F]/;

export const COVERAGE_PATH = '/press/coverage';
export const MAGAZINE_PATH = '/press/magazine';

interface Page {
  path: string;
  title: string;
  description: string;
  body: Html;
}

const dayText = (lang: Language, day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(LANGUAGE_TAGS[lang], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
const monthText = (lang: Language, month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString(LANGUAGE_TAGS[lang], {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A text in the page's language where written, else in the other, marked. */
function bilingualHtml(lang: Language, value: Bilingual, tag: 'h2' | 'p'): Html {
  const w = textsFor(lang, value);
  if (!w.text) return html``;
  return tag === 'h2'
    ? html`<h2${langAttribute(w.lang, lang)}>${w.text}</h2>`
    : html`<p${langAttribute(w.lang, lang)}>${w.text}</p>`;
}

/** A cover; an alt text in the other language than the page's (`marked`) says so. */
function image(picture: Picture | null, alt: string, first: boolean, marked: Html = html``): Html {
  if (!picture) return html``;
  const size = picture.width && picture.height ? html` width="${picture.width}" height="${picture.height}"` : html``;
  return first
    ? html`<img src="${picture.url}" alt="${alt}"${marked}${size} decoding="async" fetchpriority="high">`
    : html`<img src="${picture.url}" alt="${alt}"${marked}${size} loading="lazy" decoding="async">`;
}

function head(lang: Language, path: string, heading: string, lead: string, samples: boolean): Html {
  return html`${breadcrumbs(lang, path)}
<h1>${heading}</h1>
<p class="lead">${lead}</p>
${samples ? html`<p class="sample-note" role="note">${fill(lang, 'press.sampleNote')}</p>` : ''}`;
}

/** "Sample · " at the start of a sample's line of details. */
const sampleMark = (lang: Language, entry: { sample: boolean }): Html =>
  entry.sample ? html`<strong>${fill(lang, 'press.sample')}</strong> · ` : html``;

export function coveragePage(lang: Language, articles: readonly PressArticle[]): Page {
  const t = (code: TextCode) => fill(lang, code);
  const cards = articles.map((a, i) => {
    const coverAlt = textsFor(lang, a.coverAlt);
    return html`<li class="card press-card">
${image(a.cover, coverAlt.text, i === 0, langAttribute(coverAlt.lang, lang))}
<p class="meta">${sampleMark(lang, a)}<span lang="${LANGUAGE_TAGS[DEVANAGARI.test(a.source) ? 'hi' : 'en']}">${a.source}</span> · <time datetime="${a.publishedOn}">${dayText(lang, a.publishedOn)}</time></p>
${bilingualHtml(lang, a.title, 'h2')}
${bilingualHtml(lang, a.summary, 'p')}
${a.pdf ? html`<p class="actions"><a href="${a.pdf}" target="_blank" rel="noopener">${t('press.coverage.pdf')}</a></p>` : ''}
</li>`;
  });
  const body = html`${head(
    lang,
    COVERAGE_PATH,
    t('press.coverage.title'),
    t('press.coverage.lead'),
    articles.some((a) => a.sample),
  )}
${articles.length ? html`<ul class="grid grid-3 card-list" role="list">${cards}</ul>` : html`<p class="empty-state">${t('press.coverage.empty')}</p>`}`;
  return { path: COVERAGE_PATH, title: t('press.coverage.title'), description: t('press.coverage.description'), body };
}

export function magazinePage(lang: Language, issues: readonly MagazineIssue[]): Page {
  const t = (code: TextCode, values: Record<string, string> = {}) => fill(lang, code, values);
  const cards = issues.map((m, i) => {
    const month = monthText(lang, m.month);
    const note = html`<span class="visually-hidden">${t('press.magazine.pdfNote', { month })}</span>`;
    return html`<li class="card magazine-card">
${image(m.cover, t('press.magazine.cover', { month }), i === 0)}
<p class="meta">${sampleMark(lang, m)}${month}</p>
${bilingualHtml(lang, m.title, 'h2')}
${bilingualHtml(lang, m.description, 'p')}
${m.pdf ? html`<p class="actions button-row"><a class="button" href="${m.pdf}" target="_blank" rel="noopener">${t('press.magazine.view')}${note}</a> <a class="button button-light" href="${m.pdf}" target="_blank" rel="noopener" download>${t('press.magazine.download')}${note}</a></p>` : ''}
</li>`;
  });
  const body = html`${head(
    lang,
    MAGAZINE_PATH,
    t('press.magazine.heading'),
    t('press.magazine.lead'),
    issues.some((m) => m.sample),
  )}
${issues.length ? html`<ul class="grid grid-3 card-list" role="list">${cards}</ul>` : html`<p class="empty-state">${t('press.magazine.empty')}</p>`}
<p>${t('press.magazine.archive')}</p>`;
  return { path: MAGAZINE_PATH, title: t('press.magazine.title'), description: t('press.magazine.description'), body };
}
