/**
 * The school's fees as HTML: the public fee page (/admissions/fees and /hi/admissions/fees) and the
 * fee part of the Mandatory Public Disclosure, from the structure the principal saved. Pure
 * functions of the figures, so a unit test reads them without a database. Until a session's
 * structure is saved, the page says so and names the office's phones and e-mail: no figure is
 * shown that the school did not publish.
 */
import { html, type Html } from '../../server/public-page.ts';
import { breadcrumbs } from '../site/breadcrumbs.ts';
import { romanClass } from '../../lib/classes.ts';
import { classFor, fill, type Language, type TextCode } from '../../lib/i18n/index.ts';
import { classRuns, type FeeHead, type FeeStructure } from './structure.ts';

/** The cache tag of every page that shows a fee: a change purges it. */
export const FEE_PAGE_TAG = 'fees';

export const FEE_PAGE_PATH = '/admissions/fees';

/** A session's published structure (amounts in paise): null until the principal saves one. */
export interface PublishedFees {
  session: string;
  structure: FeeStructure | null;
}

/** Where a family asks while no structure is published: the profile's phones (dialled by `href`) and e-mail. */
export interface OfficeContact {
  phones: { number: string; href: string }[];
  email: string | null;
}

export interface FeePageData {
  /** The session admissions are for first (even unpublished), then the school year running now when it has a structure. */
  sessions: PublishedFees[];
  tcPaise: number;
  contact: OfficeContact;
}

/** Whole rupees as a family reads them: ₹12,500 (no paise: the school's fees are whole rupees). */
const rupees = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(paise / 100);

const texts =
  (lang: Language) =>
  (code: TextCode, values: Record<string, string> = {}) =>
    fill(lang, code, values);

/** A row's classes in the page's language: 'Classes 1–5' / 'कक्षा I–V', 'P.N.C–K.G', 'Class 9'. */
export function rowLabel(lang: Language, classes: readonly string[]): string {
  return classRuns(classes)
    .map(([a, b]) => {
      if (a === b) return classFor(lang, a);
      if (/^\d+$/.test(a) && /^\d+$/.test(b))
        return fill(lang, 'fees.page.classes', { from: a, to: b, romanFrom: romanClass(a), romanTo: romanClass(b) });
      return `${classFor(lang, a)}–${classFor(lang, b)}`;
    })
    .join(', ');
}

function headName(lang: Language, head: FeeHead): Html {
  return html`${head.name[lang]} <span class="fee-period">(${fill(lang, `fees.period.${head.period}`)})</span>`;
}

function amount(lang: Language, paise: number | null): Html {
  if (paise === null)
    return html`<span aria-hidden="true">—</span><span class="visually-hidden">${fill(lang, 'fees.page.notCharged')}</span>`;
  return html`${paise === 0 ? fill(lang, 'fees.page.free') : rupees(paise)}`;
}

/** A table that scrolls inside its own box on a narrow screen, which the keyboard can scroll too. */
const scrolling = (caption: string, table: Html) =>
  html`<div class="table-wrap" role="region" tabindex="0" aria-label="${caption}">${table}</div>`;

/**
 * A session's structure as tables: the fees that differ by class as a table of rows by columns,
 * and the fees charged alike to every class (transport by distance, say) as a short table of their
 * own, so the first stays narrow enough to read on a phone.
 */
function structureTables(lang: Language, session: string, structure: FeeStructure): Html {
  const t = texts(lang);
  const { heads, rows } = structure;
  const charged = heads.filter((h) => rows.some((r) => (r.amounts[h.id] ?? null) !== null));
  const alike = (h: FeeHead) =>
    rows.length > 1 && rows.every((r) => (r.amounts[h.id] ?? null) === (rows[0]!.amounts[h.id] ?? null));
  const byClass = charged.filter((h) => !alike(h));
  const same = charged.filter(alike);
  const parts: Html[] = [];
  if (byClass.length) {
    const caption = t('fees.page.byClass', { session });
    const gaps = rows.some((r) => byClass.some((h) => (r.amounts[h.id] ?? null) === null));
    parts.push(
      scrolling(
        caption,
        html`<table class="fee-table">
<caption>${caption}</caption>
<thead><tr><th scope="col">${t('fees.page.class')}</th>${byClass.map((h) => html`<th scope="col" class="fee-amount">${headName(lang, h)}</th>`)}</tr></thead>
<tbody>${rows.map((r) => html`<tr><th scope="row">${rowLabel(lang, r.classes)}</th>${byClass.map((h) => html`<td class="fee-amount">${amount(lang, r.amounts[h.id] ?? null)}</td>`)}</tr>`)}</tbody>
</table>`,
      ),
    );
    if (gaps) parts.push(html`<p class="fee-note">${t('fees.page.gapNote')}</p>`);
  }
  if (same.length) {
    const caption = t('fees.page.same', { session });
    parts.push(
      scrolling(
        caption,
        html`<table class="fee-table fee-table--same">
<caption>${caption}</caption>
<thead><tr><th scope="col">${t('fees.page.fee')}</th><th scope="col" class="fee-amount">${t('fees.page.amount')}</th></tr></thead>
<tbody>${same.map((h) => html`<tr><th scope="row">${headName(lang, h)}</th><td class="fee-amount">${amount(lang, rows[0]!.amounts[h.id] ?? null)}</td></tr>`)}</tbody>
</table>`,
      ),
    );
  }
  return html`${parts}`;
}

/** Where to ask while a structure is not published: the office's phones and e-mail as links, or the office alone when neither is set. */
function askOffice(lang: Language, contact: OfficeContact): Html {
  const t = texts(lang);
  const links = [
    ...contact.phones.map((p) => html`<a href="${p.href}">${p.number}</a>`),
    ...(contact.email ? [html`<a href="mailto:${contact.email}">${contact.email}</a>`] : []),
  ];
  if (!links.length) return html`${t('fees.page.askAtOffice')}`;
  return html`${t('fees.page.askOffice')} ${links.map((l, i) => html`${i ? ', ' : ''}${l}`)}.`;
}

/** A session's fees under a heading of `level` (titled `title`): its tables, or "not yet published" and where to ask. */
export function sessionFees(
  lang: Language,
  fees: PublishedFees,
  contact: OfficeContact,
  level: 2 | 3,
  title: TextCode = 'fees.page.session',
): Html {
  const id = `fees-${fees.session}`;
  const heading = fill(lang, title, { session: fees.session });
  const body = fees.structure
    ? structureTables(lang, fees.session, fees.structure)
    : html`<p class="empty-state">${fill(lang, 'fees.page.notPublished', { session: fees.session })} ${askOffice(lang, contact)}</p>`;
  return html`<section class="fee-session" aria-labelledby="${id}">${level === 2 ? html`<h2 id="${id}">${heading}</h2>` : html`<h3 id="${id}">${heading}</h3>`}${body}</section>`;
}

export function feePage(
  lang: Language,
  data: FeePageData,
): { path: string; title: string; description: string; body: Html } {
  const t = texts(lang);
  const first = data.sessions[0]!.session;
  const body = html`${breadcrumbs(lang, FEE_PAGE_PATH)}
<h1>${t('fees.page.heading')}</h1>
<p class="lead">${t('fees.page.lead')}</p>
${data.sessions.map((s) => sessionFees(lang, s, data.contact, 2))}
<h2>${t('fees.page.tcHeading')}</h2>
<p>${t('fees.page.tc', { fee: rupees(data.tcPaise) })}</p>
<p>${t('fees.page.office')}</p>`;
  return {
    path: FEE_PAGE_PATH,
    title: t('fees.page.title'),
    description: t('fees.page.description', { session: first }),
    body,
  };
}
