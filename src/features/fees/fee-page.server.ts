/**
 * The public fee structure (/admissions/fees and /hi/admissions/fees) as HTML, from the fees the
 * principal set: a pure function of the figures, so a unit test reads it without a database.
 */
import { breadcrumbs, html, type Html } from '../../server/public-page.ts';
import { classFor, fill, type Language } from '../../lib/i18n/index.ts';

export interface FeePageData {
  /** The session admissions are for now. */
  session: string;
  admission: { admissionClass: string; paise: number }[];
  tcPaise: number;
}

export const FEE_PAGE_PATH = '/admissions/fees';

/** Whole rupees as a family reads them: ₹12,500 (no paise: the school's fees are whole rupees). */
const rupees = (paise: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(paise / 100);

export function feePage(lang: Language, data: FeePageData): { path: string; title: string; description: string; body: Html } {
  const t = (code: Parameters<typeof fill>[1], values: Record<string, string> = {}) => fill(lang, code, values);
  const rows = data.admission.map(
    (a) => html`<tr><th scope="row">${classFor(lang, a.admissionClass)}</th><td class="fee-amount">${a.paise === 0 ? t('fees.page.free') : rupees(a.paise)}</td></tr>`,
  );
  const body = html`${breadcrumbs(lang, FEE_PAGE_PATH)}
<h1>${t('fees.page.heading')}</h1>
<p class="lead">${t('fees.page.lead', { session: data.session })}</p>
${data.admission.length
    ? html`<div class="table-wrap"><table class="fee-table">
<caption>${t('fees.page.caption', { session: data.session })}</caption>
<thead><tr><th scope="col">${t('fees.page.class')}</th><th scope="col" class="fee-amount">${t('fees.page.admissionFee')}</th></tr></thead>
<tbody>${rows}</tbody>
</table></div>`
    : html`<p class="empty-state">${t('fees.page.none')}</p>`}
<h2>${t('fees.page.tcHeading')}</h2>
<p>${t('fees.page.tc', { fee: rupees(data.tcPaise) })}</p>
<p>${t('fees.page.office')}</p>`;
  return { path: FEE_PAGE_PATH, title: t('fees.page.title'), description: t('fees.page.description', { session: data.session }), body };
}
