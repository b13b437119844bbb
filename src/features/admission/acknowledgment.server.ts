/**
 * The acknowledgment of an admission application as a PDF the parent keeps:
 *
 *   GET /v1/api/admission/acknowledgment?referenceNumber=&contactNo=&lang=en|hi
 *     200 application/pdf (attachment; acknowledgment-<reference>.pdf), one A4 page
 *     400 { error, fields } when either value cannot be what it should (counted as no try)
 *     404 { error } when no application has both: the same answer, after the same single query,
 *         whether the reference number exists or not
 *     429 past the status check's limits, which it shares (src/server/status-check.ts): a correct
 *         pair found by walking references would print the child's name, class and masked Aadhaar
 *
 * Proven like the status check: by the reference number and the mobile number given on the form.
 * In the language asked for (the school's name and address, the documents' names, every word, and
 * the status page of that language in the QR code and the link). It prints the school, the
 * reference number, the student, the date of birth, gender, the class, when the form was sent
 * (India time), the masked Aadhaar number, the mobile number, the home address, the documents
 * received, what happens next and a QR code of the
 * status page (a link too).
 */
import { maskAadhaar } from '../../server/aadhaar.ts';
import { queryOne } from '../../server/db.ts';
import { badRequest, notFound } from '../../server/errors.ts';
import type { Handler } from '../../server/http.ts';
import {
  decoration,
  drawQr,
  GREY,
  group,
  heightOf,
  newPdf,
  pdfBytes,
  rule,
  write,
  type PdfDoc,
  type TextStyle,
} from '../../server/pdf.ts';
import { lookUpPair } from '../../server/status-check.ts';
import { dayMonthYear, formatDateTime } from '../../lib/dates.ts';
import { phoneDigits } from '../../lib/forms/phone.ts';
import { classFor, fill, type Language, type TextCode } from '../../lib/i18n/index.ts';
import { ADMISSION_FILE_FIELDS, isFileField } from './admission.ts';
import { documentLabel } from './document-texts.ts';
import { statusUrl } from './acknowledgment.ts';
import { schoolProfile } from '../../server/school-profile.ts';
import { letterhead } from '../../server/letterhead.ts';
import { REFERENCE_NUMBER } from '../../lib/record-numbers.ts';

const NO_MATCH = fill('en', 'ack.notFound');
const REFERENCE_CODE = 'ack.error.reference';
const MOBILE_CODE = 'ack.error.mobile';

/** A reference number however it is typed: spaces dropped, upper case; undefined when it cannot be one. */
function normaliseReference(value: string): string | undefined {
  const reference = value.replace(/\s+/g, '').toUpperCase();
  return REFERENCE_NUMBER.test(reference) ? reference : undefined;
}

interface Found {
  reference_number: string;
  student_first_name: string;
  student_middle_name: string;
  student_last_name: string;
  /** Null where the school made Aadhaar voluntary and none was given. */
  student_aadhaar_last4: string | null;
  admission_class: string;
  contact_no: string;
  /** Null for applications from before the form asked them. */
  date_of_birth: string | null;
  gender: string | null;
  address: string | null;
  created_at: Date | string;
  documents: string[] | null;
}

/**
 * What a family's download of its application proves itself with (the acknowledgment, the
 * admission letter): `?referenceNumber=&contactNo=&lang=`, read as the forms read them; a missing
 * or malformed one is a 400 naming it in the language asked.
 */
export function familyProof(req: Request): { language: Language; reference: string; mobile: string } {
  const params = new URL(req.url).searchParams;
  const language: Language = params.get('lang') === 'hi' ? 'hi' : 'en';
  const reference = normaliseReference(params.get('referenceNumber') ?? '');
  const mobile = phoneDigits(params.get('contactNo') ?? '');
  if (!reference || !mobile) {
    const codes: Record<string, typeof REFERENCE_CODE | typeof MOBILE_CODE> = {
      ...(reference ? {} : { referenceNumber: REFERENCE_CODE }),
      ...(mobile ? {} : { contactNo: MOBILE_CODE }),
    };
    const fields = Object.fromEntries(Object.entries(codes).map(([field, code]) => [field, fill(language, code)]));
    throw badRequest(Object.values(fields)[0]!, fields).withCode(Object.values(codes)[0]!, codes);
  }
  return { language, reference, mobile };
}

export const getAcknowledgment: Handler = async (req, { ip }) => {
  const { language, reference, mobile } = familyProof(req);
  const found = await lookUpPair(
    ip,
    mobile,
    () =>
      queryOne<Found>(
        `SELECT reference_number, student_first_name, student_middle_name, student_last_name, student_aadhaar_last4, admission_class, contact_no, created_at,
              date_of_birth, gender, address,
              (SELECT json_agg(u.field) FROM uploads u WHERE u.admission_id = a.id AND u.field IS NOT NULL) AS documents
         FROM admissions a WHERE reference_number = $1 AND contact_no = $2`,
        [reference, mobile],
      ),
    async (row) => ({ row, pdf: await acknowledgmentPdf(row, language) }),
  );
  if (!found) throw notFound(NO_MATCH).withCode('ack.notFound');
  const { row, pdf } = found;
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="acknowledgment-${row.reference_number}.pdf"`,
    },
  });
};

/** The facts that have a value (an application from before the form asked the date of birth has none). */
const given = <C extends string>(facts: [C, string][]) => facts.filter(([, value]) => value !== '');

/** The one page: the school, the facts, the documents, the next steps and the QR code of the status page. */
async function acknowledgmentPdf(row: Found, language: Language): Promise<Buffer> {
  const t = (code: TextCode, values?: Record<string, string>) => fill(language, code, values);
  const doc = newPdf(`${t('ack.pdf.title')} ${row.reference_number}`, language);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const centred: TextStyle = { width, align: 'center' };

  const school = await schoolProfile();
  letterhead(doc, school, language, t('ack.pdf.title'));

  // The reference number, large, with the QR code of the status page beside it.
  const qrSize = 112;
  const top = doc.y + 12;
  const url = statusUrl(row.reference_number, language);
  drawQr(doc, url, left + width - qrSize, top, qrSize, `${t('ack.pdf.qr')}: ${url}`);
  write(
    doc,
    t('ack.pdf.qr'),
    { width: qrSize + 20, align: 'center', size: 8, color: GREY },
    left + width - qrSize - 10,
    top + qrSize + 2,
  );
  write(doc, t('ack.reference'), { size: 10, color: GREY }, left, top + 8);
  write(doc, row.reference_number, { size: 28, weight: 'bold' });

  const valueX = left + 170;
  // Beside the QR code the values keep clear of it; below it they take the whole width.
  const qrBottom = top + qrSize + 16;
  const valueWidth = (at: number) => (at < qrBottom ? width - 170 - qrSize - 16 : width - 170);
  let y = doc.y + 14;
  const facts: [TextCode, string][] = [
    ['ack.student', [row.student_first_name, row.student_middle_name, row.student_last_name].filter(Boolean).join(' ')],
    ...given<TextCode>([
      ['ack.dateOfBirth', row.date_of_birth ? dayMonthYear(row.date_of_birth) : ''],
      [
        'ack.gender',
        row.gender === 'Male' || row.gender === 'Female' ? t(`ack.gender.${row.gender}`) : (row.gender ?? ''),
      ],
    ]),
    ['ack.class', classFor(language, row.admission_class)],
    ['ack.submitted', formatDateTime(row.created_at, language)],
    ...given<TextCode>([['ack.aadhaar', row.student_aadhaar_last4 ? maskAadhaar(row.student_aadhaar_last4) : '']]),
    ['ack.mobile', row.contact_no],
    ...given<TextCode>([['ack.address', row.address ?? '']]),
  ];
  group(doc, 'Table', () => {
    for (const [label, value] of facts) {
      const height = Math.max(
        heightOf(doc, t(label), 160, { size: 10 }),
        heightOf(doc, value, valueWidth(y), { size: 11, weight: 'bold' }),
      );
      group(doc, 'TR', () => {
        write(doc, t(label), { size: 10, color: GREY, width: 160, role: 'TH' }, left, y + 1);
        write(doc, value, { size: 11, weight: 'bold', width: valueWidth(y), role: 'TD' }, valueX, y);
      });
      y += height + 6;
    }
  });
  y = Math.max(y, qrBottom);
  rule(doc, left, y + 6, width);
  y += 6;

  write(doc, t('ack.documents'), { size: 12, weight: 'bold', role: 'H2' }, left, y + 10);
  const documents = (row.documents ?? [])
    .filter(isFileField)
    .sort((a, b) => ADMISSION_FILE_FIELDS.indexOf(a) - ADMISSION_FILE_FIELDS.indexOf(b));
  y = doc.y + 4;
  y = documents.length
    ? listDocuments(
        doc,
        documents.map((field) => documentLabel(language, field)),
        left,
        y,
        width,
      )
    : (write(doc, t('ack.noDocuments'), { size: 10.5 }, left + 12, y), doc.y);

  write(doc, t('ack.next'), { size: 12, weight: 'bold', role: 'H2' }, left, y + 12);
  y = doc.y + 4;
  const page = new URL(url);
  const steps = [
    t('ack.next.check'),
    t('ack.next.call', { mobile: row.contact_no }),
    t('ack.next.status', { link: `${page.host}${page.pathname}` }),
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
  write(doc, t('ack.pdf.footer'), { ...centred, size: 8.5, color: GREY }, left, y + 14);
  return pdfBytes(doc);
}

/** The documents' names in two columns; answers where the list ends. */
function listDocuments(doc: PdfDoc, documents: string[], x: number, y: number, width: number): number {
  const half = Math.ceil(documents.length / 2);
  const column = width / 2;
  let bottom = y;
  group(doc, 'L', () =>
    documents.forEach((label, i) => {
      const col = i < half ? 0 : 1;
      const row = i < half ? i : i - half;
      const top = y + row * 16;
      group(doc, 'LI', () => {
        decoration(doc, () => doc.circle(x + col * column + 6, top + 6.5, 1.8).fill('#111111'));
        write(doc, label, { size: 10.5, width: column - 20, role: 'LBody' }, x + col * column + 14, top);
      });
      bottom = Math.max(bottom, doc.y);
    }),
  );
  return bottom;
}
