/**
 * GET /v1/api/dashboard/go-live (staff): the dashboard's go-live checklist, what the school has not
 * yet set or replaced, each part's lines (its `goLiveChecks()`) in the order a school would go
 * through them, with the English words of each code. It blocks nothing: the site works meanwhile.
 * Asked apart from the dashboard's figures, so its reading of starting content never slows them.
 */
import { getPool, type Queryable } from '../../server/db.ts';
import { json } from '../../server/http.ts';
import { gatewayConfig } from '../../server/razorpay.ts';
import { mobileConfigured } from '../../server/family-mobile.ts';
import { EN } from '../../lib/i18n/en.ts';
import { fill, type TextCode } from '../../lib/i18n/index.ts';
import { DISCLOSURE_DOCUMENTS } from '../disclosure/disclosure.ts';
import { goLiveChecks as feeChecks } from '../fees/structure.server.ts';
import { goLiveChecks as galleryChecks } from '../gallery/gallery-samples.server.ts';
import { goLiveChecks as pageChecks } from '../pages/pages.server.ts';
import { goLiveChecks as pictureChecks } from '../pictures/uses.server.ts';
import { goLiveChecks as pressChecks } from '../press/press.server.ts';
import { goLiveChecks as schoolChecks } from '../school/school.server.ts';
import type { GoLiveCheck, GoLiveLine } from './go-live.ts';

/** The Mandatory Public Disclosure's documents not uploaded; payment and message keys, which whoever deploys the site sets. */
export async function ownChecks(db: Queryable = getPool()): Promise<GoLiveCheck[]> {
  const { rows } = await db.query<{ key: string }>(`SELECT key FROM disclosure_documents`);
  const uploaded = new Set(rows.map((r) => r.key));
  const missing = DISCLOSURE_DOCUMENTS.filter((d) => !uploaded.has(d.key)).length;
  // The built-in test gateway moves no money: only real keys switch online payment on.
  const payments = gatewayConfig();
  return [
    { code: 'goLive.disclosure.documents', done: missing === 0, href: '/admin/disclosure', count: missing },
    { code: 'goLive.payments.keys', done: !!payments && !payments.test, href: '/admin/payments' },
    { code: 'goLive.messages.keys', done: mobileConfigured(), href: '/admin/messages' },
  ];
}

/** Each part's lines, in the order the office would see to them: the school's facts and fees, its words and pictures, then the rest. */
const PARTS: readonly (() => Promise<GoLiveCheck[]>)[] = [
  schoolChecks,
  feeChecks,
  pageChecks,
  pictureChecks,
  galleryChecks,
  pressChecks,
  () => ownChecks(),
];

const isCode = (code: string): code is TextCode => Object.hasOwn(EN, code);

/** Every line of the checklist with its words. */
export async function goLiveLines(): Promise<GoLiveLine[]> {
  const checks = (await Promise.all(PARTS.map((part) => part()))).flat();
  return checks.map((check) => ({
    ...check,
    // A code missing from the tables shows as itself rather than hiding the line.
    text: isCode(check.code) ? fill('en', check.code, { count: String(check.count ?? '') }) : check.code,
  }));
}

export async function getGoLive(): Promise<Response> {
  return json({ data: await goLiveLines() });
}
