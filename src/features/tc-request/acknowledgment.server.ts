/**
 * The acknowledgment of a TC request as a PDF the parent keeps, and how the TC fee is paid:
 *
 *   GET /v1/api/tc-request/acknowledgment?referenceNumber=&contact=&lang=en|hi
 *     200 application/pdf (attachment; tc-acknowledgment-<reference>.pdf), one A4 page
 *     400 { error, fields } when either value cannot be what it should (counted as no try)
 *     404 { error } when no request has both: the same answer, after the same single query,
 *         whether the reference number exists or not
 *     429 past the status check's limits, which it shares (src/server/status-check.ts), as the
 *         admission's acknowledgment does: a pair found by walking references would print a child's name
 *   GET /v1/api/tc-request/payment
 *     200 { payOnline }: whether the site takes the TC fee online (a gateway is set up), so the
 *     form says the one way the fee is paid. A fact of the configuration, the same for everyone.
 *
 * Proven like the status check: by the reference number and the mobile number given on the form.
 * It prints the school, the reference number, the student, the admission number, the class and
 * section, the date of leaving, the parent, the mobile number, when it was sent (India time), the
 * fee and how it is paid, and what happens next, in the language asked for.
 */
import { queryOne } from '../../server/db.ts';
import { badRequest, notFound } from '../../server/errors.ts';
import { json, type Handler } from '../../server/http.ts';
import { GREY, group, heightOf, newPdf, pdfBytes, rule, write, type TextStyle } from '../../server/pdf.ts';
import { lookUpPair } from '../../server/status-check.ts';
import { gatewayConfig } from '../../server/razorpay.ts';
import { dayMonthYear, formatDateTime } from '../../lib/dates.ts';
import { phoneDigits } from '../../lib/forms/phone.ts';
import { formatRupees } from '../../lib/money.ts';
import { statusPageUrl } from '../../lib/status-pages.ts';
import { classFor, fill, type Language, type TextCode } from '../../lib/i18n/index.ts';
import { schoolProfile } from '../../server/school-profile.ts';
import { letterhead } from '../../server/letterhead.ts';
import { feeStanding } from '../payments/payments.server.ts';
import { TC_STATUS_PAGE } from './kind-letters.ts';
import { normaliseTcReference, tcReferenceOf } from './reference.ts';
import type { TcPayment } from './acknowledgment.ts';
import type { TcStatus } from './workflow.ts';

const REFERENCE_CODE = 'tcAck.error.reference';
const MOBILE_CODE = 'tcAck.error.mobile';
const NO_MATCH_CODE = 'tcAck.notFound';

interface Found {
  id: string;
  reference_number: string;
  student_name: string;
  admission_number: string;
  student_class: string | null;
  section: string | null;
  leaving_date: string | null;
  parent_name: string;
  contact: string;
  status: TcStatus;
  created_at: Date | string;
}

/** Whether the fee is taken online: a gateway is set up (or the local test gateway runs). */
export const paysOnline = () => gatewayConfig() !== undefined;

export const tcPayment: Handler = () => json({ payOnline: paysOnline() } satisfies TcPayment);

export const getTcAcknowledgment: Handler = async (req, { ip }) => {
  const params = new URL(req.url).searchParams;
  const language: Language = params.get('lang') === 'hi' ? 'hi' : 'en';
  const reference = normaliseTcReference(params.get('referenceNumber') ?? '');
  const mobile = phoneDigits(params.get('contact') ?? '');
  if (!reference || !mobile) {
    const codes: Record<string, typeof REFERENCE_CODE | typeof MOBILE_CODE> = {
      ...(reference ? {} : { referenceNumber: REFERENCE_CODE }),
      ...(mobile ? {} : { contact: MOBILE_CODE }),
    };
    const example = tcReferenceOf((await schoolProfile()).referencePrefix, 2026, 1);
    const fields = Object.fromEntries(
      Object.entries(codes).map(([field, code]) => [field, fill(language, code, { example })]),
    );
    throw badRequest(Object.values(fields)[0]!, fields).withCode(Object.values(codes)[0]!, codes);
  }
  const row = await lookUpPair(ip, mobile, () =>
    queryOne<Found>(
      `SELECT id, reference_number, student_name, admission_number, student_class, section, leaving_date, parent_name,
              contact, status, created_at
         FROM tc_requests WHERE reference_number = $1 AND contact = $2 AND erased_at IS NULL`,
      [reference, mobile],
    ),
  );
  if (!row) throw notFound(fill(language, NO_MATCH_CODE)).withCode(NO_MATCH_CODE);
  const fee = await feeStanding('tc-request', row.id, row.status);
  const pdf = await acknowledgmentPdf(row, fee.feePaise, language);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="tc-acknowledgment-${row.reference_number}.pdf"`,
      'Cache-Control': 'private, no-store',
    },
  });
};

async function acknowledgmentPdf(row: Found, feePaise: number, language: Language): Promise<Buffer> {
  const t = (code: TextCode, values?: Record<string, string>) => fill(language, code, values);
  const doc = newPdf(`${t('tcAck.title')} ${row.reference_number}`, language);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const centred: TextStyle = { width, align: 'center' };

  const school = await schoolProfile();
  letterhead(doc, school, language, t('tcAck.title'));
  write(doc, t('tcAck.reference'), { size: 10, color: GREY }, left, doc.y + 12);
  write(doc, row.reference_number, { size: 24, weight: 'bold' });

  const facts: [TextCode, string][] = [
    ['tcAck.student', row.student_name],
    ['tcAck.admissionNumber', row.admission_number],
    ['tcAck.class', row.student_class ? classFor(language, row.student_class) : ''],
    ['tcAck.section', row.section ?? ''],
    ['tcAck.leavingDate', row.leaving_date ? dayMonthYear(row.leaving_date) : ''],
    ['tcAck.parent', row.parent_name],
    ['tcAck.mobile', row.contact],
    ['tcAck.submitted', formatDateTime(row.created_at, language)],
    ['tcAck.fee', feePaise > 0 ? formatRupees(feePaise) : ''],
  ];
  let y = doc.y + 14;
  const valueX = left + 170;
  group(doc, 'Table', () => {
    for (const [label, value] of facts.filter(([, v]) => v !== '')) {
      const height = Math.max(
        heightOf(doc, t(label), 160, { size: 10 }),
        heightOf(doc, value, width - 170, { size: 11, weight: 'bold' }),
      );
      group(doc, 'TR', () => {
        write(doc, t(label), { size: 10, color: GREY, width: 160, role: 'TH' }, left, y + 1);
        write(doc, value, { size: 11, weight: 'bold', width: width - 170, role: 'TD' }, valueX, y);
      });
      y += height + 6;
    }
  });
  rule(doc, left, y + 6, width);

  write(doc, t('tcAck.next'), { size: 12, weight: 'bold', role: 'H2' }, left, y + 16);
  y = doc.y + 4;
  const page = new URL(statusPageUrl(TC_STATUS_PAGE, language, row.admission_number));
  const steps = [
    t('tcAck.next.check'),
    t(paysOnline() ? 'formText.tcPayOnline' : 'formText.tcPayOffice'),
    t('tcAck.next.status', { link: `${page.host}${page.pathname}` }),
  ];
  group(doc, 'L', () =>
    steps.forEach((step, i) =>
      group(doc, 'LI', () => {
        write(doc, `${i + 1}.`, { size: 10.5, role: 'Lbl' }, left + 4, y);
        write(doc, step, { size: 10.5, width: width - 24, lineGap: 1, role: 'LBody' }, left + 22, y);
        y = doc.y + 5;
      }),
    ),
  );
  rule(doc, left, y + 8, width);
  write(doc, t('tcAck.footer'), { ...centred, size: 8.5, color: GREY }, left, y + 14);
  return pdfBytes(doc);
}
