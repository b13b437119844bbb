/**
 * The TC drawn from the register as an A4 PDF, for the principal's signature and the school's seal:
 * the lines of CBSE's Annexure 1 format (issue.ts) as issue.server.ts stored them. Apart from the
 * issuing so that the certificate and the verification, which the kinds' list reaches, need no
 * workflow or outbox code.
 */
import { queryOne } from '../../server/db.ts';
import { GREY, group, heightOf, newPdf, pdfBytes, rule, write } from '../../server/pdf.ts';
import { dayMonthYear } from '../../lib/dates.ts';
import type { TcFields } from './issue.ts';

const yesNo = (value: string) => value || 'No';
const month = (value: string) =>
  /^\d{4}-\d{2}$/.test(value)
    ? new Date(`${value}-01T00:00:00Z`).toLocaleString('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' })
    : value;

/** The format's numbered lines, in its order: label and value. */
export function tcLines(tc: TcFields): [string, string][] {
  return [
    ['Name of pupil', tc.pupilName],
    ["Mother's name", tc.motherName || '-'],
    ["Father's / Guardian's name", tc.fatherName || '-'],
    ['Nationality', tc.nationality],
    ['Whether the candidate belongs to Schedule Caste or Schedule Tribe or OBC', tc.scStObc],
    [
      'Date of first admission in the school with class',
      `${tc.firstAdmittedOn ? dayMonthYear(tc.firstAdmittedOn) : '-'}, Class ${tc.firstAdmittedClass}`,
    ],
    [
      'Date of birth according to the admission register (in figures and words)',
      tc.dateOfBirth ? `${dayMonthYear(tc.dateOfBirth)} (${tc.dateOfBirthWords})` : '-',
    ],
    ['Class in which the pupil last studied (in figures and words)', `${tc.lastClass} (${tc.lastClassWords})`],
    ['School / Board annual examination last taken with result', `${tc.lastExamination}: ${tc.examinationResult}`],
    ['Whether failed, if so once / twice in the same class', tc.failed],
    ['Subjects studied', tc.subjects.map((s, i) => `${i + 1}. ${s}`).join('   ')],
    [
      'Whether qualified for promotion to the higher class, if so to which class (in figures and words)',
      tc.qualifiedForPromotion === 'Yes'
        ? `Yes, to Class ${tc.promotedTo} (${tc.promotedToWords})`
        : tc.qualifiedForPromotion,
    ],
    ['Month up to which the pupil has paid school dues', month(tc.duesPaidUpTo)],
    ['Any fee concession availed of; if so, the nature of such concession', tc.feeConcession],
    ['Total number of working days', String(tc.workingDays)],
    ['Total number of working days the pupil was present', String(tc.daysPresent)],
    ['Whether NCC Cadet / Boy Scout / Girl Guide (details may be given)', yesNo(tc.nccScoutGuide)],
    ['Games played or extra-curricular activities in which the pupil usually took part', tc.gamesActivities],
    ['General conduct', tc.conduct],
    ['Date of application for the certificate', dayMonthYear(tc.appliedOn)],
    ['Date of issue of the certificate', dayMonthYear(tc.issuedOn)],
    ['Reason for leaving the school', tc.reasonForLeaving],
    ['Date of leaving the school', dayMonthYear(tc.leavingDate)],
    ['Any other remarks', tc.remarks],
  ];
}

/** The TC as an A4 PDF for the principal's signature and the school's seal. */
export async function tcPdf(tc: TcFields): Promise<Buffer> {
  const doc = newPdf(`Transfer Certificate ${tc.tcNumber}`, 'en', 40);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const centred = { width, align: 'center' as const };
  write(doc, tc.school.name, { ...centred, size: 16, weight: 'bold' }, left, doc.page.margins.top);
  write(doc, tc.school.address, { ...centred, size: 9.5, color: GREY });
  write(doc, 'Affiliated to the Central Board of Secondary Education', { ...centred, size: 10, weight: 'bold' });
  write(
    doc,
    [`Affiliation No. ${tc.school.affiliationNumber || '-'}`, `School Code ${tc.school.schoolCode || '-'}`].join(
      '   ·   ',
    ),
    { ...centred, size: 9.5 },
  );
  let y = doc.y + 6;
  rule(doc, left, y, width);
  write(doc, 'TRANSFER CERTIFICATE', { ...centred, size: 14, weight: 'bold', role: 'H1' }, left, y + 8);
  if (tc.duplicate)
    write(doc, `DUPLICATE${tc.duplicateOf ? ` (issued in place of TC No. ${tc.duplicateOf})` : ''}`, {
      ...centred,
      size: 11,
      weight: 'bold',
      color: '#b00020',
    });
  y = doc.y + 6;
  write(doc, `TC No. ${tc.tcNumber}`, { size: 10.5, weight: 'bold', width: width / 2 }, left, y);
  write(
    doc,
    `Admission No. ${tc.admissionNumber}`,
    { size: 10.5, weight: 'bold', width: width / 2 },
    left + width / 2,
    y,
  );
  y = doc.y + 8;

  const numberWidth = 22;
  const labelWidth = 250;
  const valueX = left + numberWidth + labelWidth + 8;
  const valueWidth = width - numberWidth - labelWidth - 8;
  group(doc, 'Table', () => {
    tcLines(tc).forEach(([label, value], i) => {
      const height = Math.max(
        heightOf(doc, label, labelWidth, { size: 9 }),
        heightOf(doc, value, valueWidth, { size: 9.5, weight: 'bold' }),
      );
      group(doc, 'TR', () => {
        write(doc, `${i + 1}.`, { size: 9, width: numberWidth, role: 'TD' }, left, y);
        write(doc, label, { size: 9, color: GREY, width: labelWidth, role: 'TH' }, left + numberWidth, y);
        write(doc, value, { size: 9.5, weight: 'bold', width: valueWidth, role: 'TD' }, valueX, y);
      });
      y += height + 4;
    });
  });

  y = Math.max(y + 36, doc.page.height - doc.page.margins.bottom - 60);
  const third = width / 3;
  const signatures = [
    'Signature of Class Teacher',
    `Checked by${tc.checkedBy ? `: ${tc.checkedBy}` : ' (full name and designation)'}`,
    'Signature of Principal with seal',
  ];
  signatures.forEach((line, i) => {
    rule(doc, left + i * third + 8, y, third - 16);
    write(doc, line, { size: 9, width: third - 16, align: 'center' }, left + i * third + 8, y + 4);
  });
  return pdfBytes(doc);
}

/** The drawn TC of an issued request as a PDF, or undefined when it has none (issued by hand, erased). */
export async function drawnTcResponse(id: string, headers: Record<string, string> = {}): Promise<Response | undefined> {
  const row = await queryOne<{ tc_fields: TcFields }>(
    `SELECT tc_fields FROM tc_requests WHERE id = $1 AND status = 'issued' AND erased_at IS NULL AND tc_fields IS NOT NULL`,
    [id],
  );
  if (!row) return undefined;
  const pdf = await tcPdf(row.tc_fields);
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...headers,
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="tc-${row.tc_fields.tcNumber.replace(/[^\w.-]+/g, '-')}.pdf"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
