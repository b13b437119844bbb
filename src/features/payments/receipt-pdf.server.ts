/**
 * A receipt as a PDF for the family: the same receipt the office prints from /admin/receipts/{number}
 * (ReceiptScreen.tsx), on one A5 page, in the family's language (English or Hindi), with the
 * school's emblem. The family downloads it from its status page:
 *
 *   GET /v1/api/admission/receipt?referenceNumber=&contactNo=&number=&lang=en|hi
 *   GET /v1/api/tc-request/receipt?admissionNumber=&contactNo=&number=&lang=en|hi
 *     200 application/pdf (attachment; receipt-<number>.pdf)
 *     400 { error, fields, codes, code } when a value cannot be what it should (counted as no try)
 *     404 the status check's one not-found answer: a wrong pair, an unknown receipt number and
 *         another record's receipt alike, after the same single query
 *     429 past the status check's limits, which these share (src/server/status-check.ts)
 */
import { toCurrency as hindiCurrency } from 'to-words/hi-IN';
import { notFound } from '../../server/errors.ts';
import type { Handler } from '../../server/http.ts';
import {
  decoration,
  drawEmblem,
  group,
  heightOf,
  newPdf,
  pdfBytes,
  widthOf,
  write,
  type PdfDoc,
  type TextStyle,
} from '../../server/pdf.ts';
import { checked, lookUpPair } from '../../server/status-check.ts';
import { schoolProfile } from '../../server/school-profile.ts';
import { officePhone, schoolAddress, schoolName } from '../../lib/school-profile.ts';
import { formatDate, formatDateTime } from '../../lib/dates.ts';
import { classFor, fill, type Language, type TextCode } from '../../lib/i18n/index.ts';
import { SERVER_KINDS } from '../kinds.server.ts';
import { readReceipt, type ReceiptProof } from './payments.server.ts';
import type { Receipt } from './payments.ts';
import type { PaidKind } from '../kinds.ts';

/** The family's receipt of one record (`entity`), proven by the pair its status page was checked with. */
export function parentReceipt(entity: PaidKind): Handler {
  const route = SERVER_KINDS[entity].receipt!;
  return async (req, { ip }) => {
    const params = new URL(req.url).searchParams;
    const body: Record<string, unknown> = { ...Object.fromEntries(params), language: params.get('lang') ?? '' };
    const input = checked(body, route.check);
    const proof: ReceiptProof = { entity, recordNumber: String(input[route.proof.field]), contactNo: input.contactNo };
    const found = await lookUpPair(
      ip,
      input.contactNo,
      () => readReceipt(input.number, proof),
      async (receipt) => ({ receipt, pdf: await receiptPdf(receipt, input.language) }),
    );
    if (!found) throw notFound(fill('en', route.notFound)).withCode(route.notFound);
    const { receipt, pdf } = found;
    return new Response(new Uint8Array(pdf), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="receipt-${receipt.receiptNumber}.pdf"`,
      },
    });
  };
}

const GREY = '#4a4a4a';
const INK = '#1c2430';

/** A day YYYY-MM-DD as the receipt prints it: "26 Nov 2026"; in Hindi 26-11-2026. */
const day = (date: string, language: Language) =>
  language === 'hi' ? date.split('-').reverse().join('-') : formatDate(`${date}T00:00:00+05:30`);

/** The amount in words, Indian system, in `language`. */
function amountInWords(receipt: Receipt, language: Language): string {
  if (language === 'en') return receipt.amountInWords;
  const abs = Math.abs(receipt.amountPaise);
  const words = `${hindiCurrency(`${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`, { ignoreZeroCurrency: abs > 0 && abs < 100 })} मात्र`;
  return receipt.kind === 'reversal' ? fill('hi', 'receipt.words.refund', { words }) : words;
}

/** The receipt's one A5 page, laid out as the printed screen is. */
async function receiptPdf(receipt: Receipt, language: Language): Promise<Buffer> {
  const t = (code: TextCode, values?: Record<string, string>) => fill(language, code, values);
  const reversal = receipt.kind === 'reversal';
  const doc = newPdf(
    `${t(reversal ? 'receipt.title.refund' : 'receipt.title')} ${receipt.receiptNumber}`,
    language,
    30,
    'A5',
  );
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  // The school: the emblem at the left, its name and address beside it.
  const emblem = 50;
  const top = doc.page.margins.top;
  drawEmblem(doc, left, top, emblem);
  const textX = left + emblem + 10;
  const textWidth = width - emblem - 10;
  // The school as its profile has it now; a fact the school has not set is left out.
  const school = await schoolProfile();
  write(doc, schoolName(school, language), { size: 13, weight: 'bold', width: textWidth }, textX, top);
  write(doc, schoolAddress(school, language), { size: 8.5, color: GREY, width: textWidth });
  const schoolFacts = [
    school.affiliationNumber && t('receipt.affiliation', { number: school.affiliationNumber }),
    officePhone(school) && t('receipt.phone', { phone: officePhone(school) }),
    school.email,
  ].filter(Boolean);
  if (schoolFacts.length) write(doc, schoolFacts.join(' · '), { size: 8.5, color: GREY, width: textWidth });
  let y = Math.max(doc.y, top + emblem) + 8;
  rule(doc, left, y, width, 1.5);
  write(
    doc,
    t(reversal ? 'receipt.title.refund' : 'receipt.title'),
    { width, align: 'center', size: 12.5, weight: 'bold', role: 'H1' },
    left,
    y + 8,
  );
  y = doc.y + 8;

  const facts: [TextCode, string][] = [
    ['receipt.number', receipt.receiptNumber],
    ['receipt.date', day(receipt.date, language)],
    ['receipt.student', receipt.studentName],
    ['receipt.parent', receipt.parentName],
    ...(receipt.admissionClass !== null
      ? [['receipt.class', classFor(language, receipt.admissionClass)] as [TextCode, string]]
      : []),
    ['receipt.session', receipt.session],
    ...(receipt.admissionNumber !== null
      ? [['receipt.admissionNumber', receipt.admissionNumber] as [TextCode, string]]
      : []),
    ...(receipt.applicationReference !== null
      ? [['receipt.reference', receipt.applicationReference] as [TextCode, string]]
      : []),
    ['receipt.for', t(`receipt.purpose.${receipt.entity}`)],
    ['receipt.paidBy', t(receipt.test ? 'receipt.mode.test' : `receipt.mode.${receipt.mode}`)],
    ...(receipt.reference
      ? [[receipt.test ? 'receipt.ref.test' : `receipt.ref.${receipt.mode}`, receipt.reference] as [TextCode, string]]
      : []),
    ['receipt.receivedBy', receipt.receivedBy],
  ];
  const labelWidth = 118;
  const valueX = left + labelWidth + 8;
  const valueWidth = width - labelWidth - 8;
  group(doc, 'Table', () => {
    for (const [label, value] of facts) {
      const height = Math.max(
        heightOf(doc, t(label), labelWidth, { size: 9.5, weight: 'bold' }),
        heightOf(doc, value || '-', valueWidth, { size: 10 }),
      );
      group(doc, 'TR', () => {
        write(doc, t(label), { size: 9.5, weight: 'bold', width: labelWidth, role: 'TH' }, left, y + 0.5);
        write(doc, value || '-', { size: 10, width: valueWidth, role: 'TD' }, valueX, y);
      });
      y += height + 3;
    }
  });

  // The amount, boxed: in figures, then in words.
  y += 6;
  const box: TextStyle = { size: 10.5, weight: 'bold' };
  const boxHeight = 30;
  decoration(doc, () => doc.save().rect(left, y, width, boxHeight).lineWidth(1).strokeColor(INK).stroke().restore());
  write(doc, t(reversal ? 'receipt.amount.refund' : 'receipt.amount'), { ...box, width: width / 2 }, left + 10, y + 8);
  write(
    doc,
    receipt.amountInFigures,
    { size: 15, weight: 'bold', width: width / 2 - 20 },
    left + width - 10 - widthOf(doc, receipt.amountInFigures, { size: 15, weight: 'bold' }),
    y + 5,
  );
  y += boxHeight + 6;
  write(doc, amountInWords(receipt, language), { size: 10, weight: 'bold', width }, left, y);
  y = doc.y + 6;
  if (reversal) {
    write(
      doc,
      t('receipt.reverses', { number: receipt.reverses ?? '', reason: receipt.reason }),
      { size: 9.5, width },
      left,
      y,
    );
    y = doc.y + 4;
  }
  if (receipt.reversedBy) {
    write(doc, t('receipt.reversedBy', { number: receipt.reversedBy }), { size: 9.5, width }, left, y);
    y = doc.y + 4;
  }

  // Signed at the foot: when it was recorded, and the office's signature line.
  y = Math.max(y + 30, doc.page.height - doc.page.margins.bottom - 60);
  write(
    doc,
    t('receipt.recorded', { time: formatDateTime(receipt.recordedAt, language) }),
    { size: 8.5, color: GREY, width: width / 2 },
    left,
    y + 8,
  );
  const signX = left + width - 140;
  rule(doc, signX, y + 6, 140, 0.8);
  write(doc, t('receipt.signature'), { size: 9, width: 140, align: 'center' }, signX, y + 9);
  write(doc, t('receipt.pdf.footer'), { size: 7.5, color: GREY, width, align: 'center' }, left, y + 32);
  return pdfBytes(doc);
}

function rule(doc: PdfDoc, x: number, y: number, width: number, thickness: number): void {
  decoration(doc, () =>
    doc
      .save()
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(thickness)
      .strokeColor(INK)
      .stroke()
      .restore(),
  );
}
