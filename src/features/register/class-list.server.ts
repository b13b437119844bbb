/**
 * GET /v1/api/register/class-list?class=&section=&lang=en|hi: the pupils studying in a class (and
 * section), an A4 PDF under the school's header as the acknowledgment draws it. Roll numbers follow
 * the names' order; each row has the admission number, the name in English and in Hindi (the
 * English again until the office types the Hindi), the father's name and the date of birth.
 */
import type { AdminContext } from '../../server/auth.ts';
import { recordAudit } from '../../server/audit.ts';
import { query } from '../../server/db.ts';
import { badRequest } from '../../server/errors.ts';
import { GREY, group, heightOf, newPdf, pdfBytes, rule, write } from '../../server/pdf.ts';
import { schoolProfile } from '../../server/school-profile.ts';
import { officePhone, schoolAddress, schoolName } from '../../lib/school-profile.ts';
import { classFor, fill, isLanguage, type Language, type TextCode } from '../../lib/i18n/index.ts';
import { ALL_CLASSES } from '../../lib/classes.ts';
import { dayMonthYear } from '../../lib/dates.ts';
import { PUPIL_COLUMNS, pupilJson } from './register.server.ts';
import { pupilName, type Pupil } from './pupil.ts';
import { REGISTER_API_TEXTS } from './register-routes.server.ts';

/** The columns: heading, share of the width. */
const COLUMNS: [TextCode, number][] = [
  ['register.classList.roll', 0.08],
  ['register.classList.admissionNumber', 0.13],
  ['register.classList.name', 0.22],
  ['register.classList.nameHi', 0.2],
  ['register.classList.father', 0.22],
  ['register.classList.dateOfBirth', 0.15],
];

export async function classList(req: Request, ctx: AdminContext): Promise<Response> {
  const url = new URL(req.url);
  const cls = url.searchParams.get('class') ?? '';
  const sectionRaw = (url.searchParams.get('section') ?? '').trim();
  const lang = url.searchParams.get('lang') ?? 'en';
  const fields: Record<string, string> = {};
  if (!(ALL_CLASSES as readonly string[]).includes(cls)) fields.class = REGISTER_API_TEXTS.class;
  if (!/^[A-Za-z0-9]{0,10}$/.test(sectionRaw)) fields.section = REGISTER_API_TEXTS.section;
  if (!isLanguage(lang)) fields.lang = "Choose 'en' or 'hi'.";
  if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0]!, fields);
  const section = sectionRaw.toUpperCase();
  const rows = await query(
    `SELECT ${PUPIL_COLUMNS} FROM pupils WHERE status = 'studying' AND class = $1 AND ($2 = '' OR section = $2)
      ORDER BY lower(first_name), lower(middle_name), lower(last_name), admission_number`,
    [cls, section],
  );
  const pupils = rows.map(pupilJson);
  const pdf = await classListPdf(pupils, cls, section, lang as Language);
  await recordAudit(ctx, {
    action: 'print',
    entity: 'register',
    entityId: null,
    detail: `class list ${cls}${section ? ` ${section}` : ''} (${pupils.length})`,
  });
  const name = `class-list-${cls}${section ? `-${section}` : ''}`.replace(/[^A-Za-z0-9-]/g, '');
  return new Response(new Uint8Array(pdf), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}.pdf"` },
  });
}

async function classListPdf(pupils: Pupil[], cls: string, section: string, language: Language): Promise<Buffer> {
  const t = (code: TextCode, values?: Record<string, string>) => fill(language, code, values);
  const classText = classFor(language, cls);
  const doc = newPdf(`${t('register.classList.title')} ${classText}${section ? ` ${section}` : ''}`, language, 40);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom;

  const school = await schoolProfile();
  write(
    doc,
    schoolName(school, language),
    { width, align: 'center', size: 15, weight: 'bold' },
    left,
    doc.page.margins.top,
  );
  write(doc, schoolAddress(school, language), { width, align: 'center', size: 9, color: GREY });
  if (officePhone(school)) write(doc, officePhone(school), { width, align: 'center', size: 9, color: GREY });
  rule(doc, left, doc.y + 6, width);
  write(
    doc,
    t('register.classList.title'),
    { width, align: 'center', size: 13, weight: 'bold', role: 'H1' },
    left,
    doc.y + 14,
  );
  const sessions = [...new Set(pupils.map((p) => p.session))].join(', ');
  const facts = [
    `${t('register.classList.class')}: ${classText}`,
    section ? `${t('register.classList.section')}: ${section}` : '',
    sessions ? `${t('register.classList.session')}: ${sessions}` : '',
    t('register.classList.count', { count: String(pupils.length) }),
  ].filter(Boolean);
  write(doc, facts.join('   ·   '), { width, align: 'center', size: 10 }, left, doc.y + 4);

  let y = doc.y + 12;
  // Each column starts where the ones before it end.
  const xs = COLUMNS.map((_, i) => left + COLUMNS.slice(0, i).reduce((sum, [, share]) => sum + share * width, 0));
  const widthOf = (i: number) => COLUMNS[i]![1] * width - 6;
  const drawRow = (cells: string[], header: boolean) => {
    const style = { size: header ? 9 : 9.5, weight: header ? ('bold' as const) : ('regular' as const) };
    const height = Math.max(...cells.map((c, i) => heightOf(doc, c, widthOf(i), style)));
    if (y + height > bottom) {
      doc.addPage();
      y = doc.page.margins.top;
      if (!header) drawRow(headings, true);
    }
    group(doc, 'TR', () => {
      cells.forEach((c, i) =>
        write(
          doc,
          c,
          { ...style, width: widthOf(i), role: header ? 'TH' : 'TD', color: header ? GREY : undefined },
          xs[i]!,
          y,
        ),
      );
    });
    y += height + 5;
    rule(doc, left, y - 2.5, width);
  };
  const headings = COLUMNS.map(([code]) => t(code));
  if (!pupils.length) {
    write(doc, t('register.classList.none'), { size: 11 }, left, y + 8);
    return pdfBytes(doc);
  }
  group(doc, 'Table', () => {
    drawRow(headings, true);
    pupils.forEach((p, i) =>
      drawRow(
        [
          String(i + 1),
          p.admissionNumber,
          pupilName(p),
          p.nameHi || pupilName(p),
          p.fatherName,
          p.dateOfBirth ? dayMonthYear(p.dateOfBirth) : '',
        ],
        false,
      ),
    );
  });
  return pdfBytes(doc);
}
