/**
 * The public Mandatory Public Disclosure page (/academy/mandatory-disclosure and /hi/...): data to
 * HTML, every value escaped by `html`. What the school has filled is shown; every other item says
 * "not yet published". Part A is the school's profile. No script: tables and links only.
 */
import { html, type Html } from '../../server/public-page.ts';
import { breadcrumbs } from '../site/breadcrumbs.ts';
import { dayMonthYear } from '../../lib/dates.ts';
import { fill, type Language, type TextCode } from '../../lib/i18n/index.ts';
import { phoneLinks, schoolAddress, schoolName, type SchoolProfile } from '../../lib/school-profile.ts';
import {
  DISCLOSURE_DOCUMENTS,
  INFRASTRUCTURE_FIGURES,
  RESULT_CLASSES,
  STAFF_FIGURES,
  documentTitle,
  passPercentage,
  type Disclosure,
  type DisclosureDocument,
  type DocumentSection,
} from './disclosure.ts';

export const DISCLOSURE_PATH = '/academy/mandatory-disclosure';
/** The page's cache tag: purged when the disclosure changes. */
export const DISCLOSURE_TAG = 'disclosure';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** `fees`: the fee structure as the fee page shows it (src/features/fees/fee-page.server.ts), in part C. */
export function disclosurePage(
  profile: SchoolProfile,
  disclosure: Disclosure,
  lang: Language,
  fees: Html = html``,
): { title: string; description: string; body: Html } {
  const t = (code: TextCode, values?: Record<string, string>) => fill(lang, code, values);
  const notYet = html`<span class="not-published">${t('disclosure.notPublished')}</span>`;
  const value = (text: string | null | undefined) => (text ? text : notYet);
  // What the principal typed is shown as typed, in whichever language it was written.
  const typed = value;
  const docs = new Map(disclosure.documents.map((d) => [d.key, d]));

  const rowsTable = (caption: string, rows: [string, Html | string][]) => html`
    <div class="table-wrap"><table>
      <caption class="visually-hidden">${caption}</caption>
      <thead><tr><th scope="col">${t('disclosure.information')}</th><th scope="col">${t('disclosure.details')}</th></tr></thead>
      <tbody>${rows.map(([label, cell]) => html`<tr><th scope="row">${label}</th><td>${cell}</td></tr>`)}</tbody>
    </table></div>`;

  const documentLink = (doc: DisclosureDocument, title: string) =>
    html`<a href="${doc.url}" target="_blank" rel="noopener">${t('disclosure.view')}<span class="visually-hidden"> ${title} (${t('disclosure.pdfNewTab')})</span></a> <span class="doc-size">(PDF, ${sizeText(doc.size)})</span>`;

  // A list, not a table: a document's title, dates and link stack on a phone's narrow screen.
  const documentsList = (section: DocumentSection) => html`
    <ol class="disclosure-docs">${DISCLOSURE_DOCUMENTS.filter((d) => d.section === section).map((item) => {
      const doc = docs.get(item.key);
      const title = t(documentTitle(item.key));
      const dates = doc
        ? html`${t('disclosure.issuedOn')}: ${dayMonthYear(doc.issuedOn)}${doc.validUntil ? html` · ${t('disclosure.validUntil')}: ${dayMonthYear(doc.validUntil)}` : ''} · `
        : '';
      return html`<li id="doc-${item.key}"><span class="disclosure-docs__title">${title}</span> <span class="disclosure-docs__meta">${dates}${doc ? documentLink(doc, title) : notYet}</span></li>`;
    })}</ol>`;

  const resultsTable = (which: (typeof RESULT_CLASSES)[number]) => {
    const caption = t(`disclosure.results.${which}`);
    const rows = disclosure.results[which];
    if (!rows.length) return html`<h3>${caption}</h3><p>${notYet}</p>`;
    return html`
      <div class="table-wrap" tabindex="0" role="region" aria-label="${caption}"><table>
        <caption>${caption}</caption>
        <thead><tr><th scope="col">${t('disclosure.results.year')}</th><th scope="col">${t('disclosure.results.registered')}</th><th scope="col">${t('disclosure.results.passed')}</th><th scope="col">${t('disclosure.results.percentage')}</th><th scope="col">${t('disclosure.results.remarks')}</th></tr></thead>
        <tbody>${rows.map((r) => html`<tr><th scope="row">${r.year}</th><td>${r.registered}</td><td>${r.passed}</td><td>${passPercentage(r) ? `${passPercentage(r)}%` : ''}</td><td>${r.remarks}</td></tr>`)}</tbody>
      </table></div>`;
  };

  const annual = docs.get('annual-report');
  const title = t('disclosure.title');
  const body = html`
    ${breadcrumbs(lang, DISCLOSURE_PATH)}
    <h1>${title}</h1>
    <p class="lead">${t('disclosure.lead')}</p>
    <div class="disclosure">
      <section aria-labelledby="disclosure-a">
        <h2 id="disclosure-a">${t('disclosure.a')}</h2>
        ${rowsTable(t('disclosure.a'), [
          [t('disclosure.a.name'), schoolName(profile, lang)],
          [t('disclosure.a.affiliationNumber'), value(profile.affiliationNumber)],
          [t('disclosure.a.schoolCode'), value(profile.schoolCode)],
          [t('disclosure.a.address'), schoolAddress(profile, lang)],
          [t('disclosure.a.principalName'), typed(profile.principalName)],
          [t('disclosure.a.principalQualification'), typed(profile.principalQualification)],
          [
            t('disclosure.a.email'),
            profile.email ? html`<a href="mailto:${profile.email}">${profile.email}</a>` : notYet,
          ],
          [
            t('disclosure.a.phones'),
            profile.phones.length
              ? html`${phoneLinks(profile).map((p, i) => html`${i ? ', ' : ''}<a href="${p.href}">${p.number}</a>`)}`
              : notYet,
          ],
        ])}
      </section>
      <section aria-labelledby="disclosure-b">
        <h2 id="disclosure-b">${t('disclosure.b')}</h2>
        ${documentsList('B')}
      </section>
      <section aria-labelledby="disclosure-c">
        <h2 id="disclosure-c">${t('disclosure.c')}</h2>
        ${documentsList('C')}
        ${fees}
        ${RESULT_CLASSES.map(resultsTable)}
      </section>
      <section aria-labelledby="disclosure-d">
        <h2 id="disclosure-d">${t('disclosure.d')}</h2>
        ${rowsTable(
          t('disclosure.d'),
          STAFF_FIGURES.map((f) => [t(`disclosure.staff.${f.key}`), typed(disclosure.staff[f.key])]),
        )}
      </section>
      <section aria-labelledby="disclosure-e">
        <h2 id="disclosure-e">${t('disclosure.e')}</h2>
        ${rowsTable(
          t('disclosure.e'),
          INFRASTRUCTURE_FIGURES.map((f) => {
            const text = disclosure.infrastructure[f.key];
            return [
              t(`disclosure.infra.${f.key}`),
              f.kind === 'link' && text ? html`<a href="${text}" rel="noopener">${text}</a>` : typed(text),
            ];
          }),
        )}
      </section>
      <section aria-labelledby="disclosure-annual">
        <h2 id="disclosure-annual">${t('disclosure.annual')}</h2>
        <p id="doc-annual-report">${annual ? html`${t('disclosure.annual.issued', { date: dayMonthYear(annual.issuedOn) })} ${documentLink(annual, t('disclosure.annual'))}` : notYet}</p>
      </section>
    </div>`;
  return { title, description: t('disclosure.description'), body };
}
