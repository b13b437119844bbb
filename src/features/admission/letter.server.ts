/**
 * The admission letter: what an admitted family downloads from the status page, and its settings
 * per session, which the principal sets.
 *
 *   GET /v1/api/admission/letter?referenceNumber=&contactNo=&lang=en|hi
 *     200 application/pdf (attachment; admission-letter-<reference>.pdf), one A4 page
 *     400 { error, fields } when either value cannot be what it should (counted as no try)
 *     404 { error } when no application has both: the acknowledgment's very answer
 *     409 { error, code: 'letter.notAdmitted' } for the right pair of an application not admitted
 *     429 past the status check's limits, which it shares (src/server/status-check.ts)
 *   GET /v1/api/admission/letter-settings?session=   (staff) LetterSettings (./letter.ts)
 *   PUT /v1/api/admission/letter-settings             (principal) the same answer; audited before and after
 *
 * Proven and limited as the acknowledgment is: by the reference number and the form's mobile number,
 * in one query. It prints the school, the date, the child, the admission number, class and section
 * from the register, the session, the reporting date and time, the fee paid and due, the letter's
 * words, the originals to bring, the school's contact and a line for the principal's signature. A
 * session the principal has not set says the office will tell the reporting date; it invents none.
 */
import type { AdminContext } from '../../server/auth.ts';
import { changeDetail, recordAudit } from '../../server/audit.ts';
import { getPool, queryOne, transaction, type Queryable } from '../../server/db.ts';
import { badRequest, conflict, notFound } from '../../server/errors.ts';
import { json, readJson, type Handler } from '../../server/http.ts';
import { decoration, GREY, group, heightOf, newPdf, pdfBytes, rule, write, type TextStyle } from '../../server/pdf.ts';
import { lookUpPair } from '../../server/status-check.ts';
import { familyProof } from './acknowledgment.server.ts';
import { schoolProfile } from '../../server/school-profile.ts';
import { letterhead } from '../../server/letterhead.ts';
import { toIso } from '../../lib/dates.ts';
import { formatRupees } from '../../lib/money.ts';
import { classFor, fill, type Language, type TextCode } from '../../lib/i18n/index.ts';
import { isSessionName, sessionName, sessionOf } from '../../lib/sessions.ts';
import { officePhone, schoolAddress } from '../../lib/school-profile.ts';
import { pupilByAdmission } from '../register/register.server.ts';
import { feeStanding } from '../payments/payments.server.ts';
import {
  checkLetterSettings,
  DEFAULT_ORIGINALS,
  LETTER_SETTINGS_TEXTS,
  type LetterSettings,
  type Original,
} from './letter.ts';

const NO_MATCH = fill('en', 'ack.notFound');

interface SettingsRow {
  session: string;
  reporting_date: string | null;
  reporting_time: string | null;
  originals: Original[] | string;
  words_en: string;
  words_hi: string;
  updated_at: Date | string;
}

const SETTINGS_COLUMNS = `session, reporting_date::text AS reporting_date, reporting_time, originals, words_en, words_hi, updated_at`;

/** The default list and words, as both text tables have them. */
const both = (code: TextCode): Original => ({ en: fill('en', code), hi: fill('hi', code) });

/** The sessions the screen offers: last, this and next. */
function nearbySessions(): string[] {
  const start = Number(sessionOf().slice(0, 4));
  return [sessionName(start - 1), sessionName(start), sessionName(start + 1)];
}

/** A session's settings as saved, or the defaults (no reporting date) while it has none. */
function settingsOf(session: string, row: SettingsRow | undefined): LetterSettings {
  if (!row)
    return {
      session,
      sessions: nearbySessions(),
      saved: false,
      reportingDate: null,
      reportingTime: null,
      originals: DEFAULT_ORIGINALS.map(both),
      words: both('letter.words.default'),
      updatedAt: null,
    };
  // node-postgres parses jsonb; a driver that hands it as text is parsed here.
  const originals = typeof row.originals === 'string' ? (JSON.parse(row.originals) as Original[]) : row.originals;
  return {
    session,
    sessions: nearbySessions(),
    saved: true,
    reportingDate: row.reporting_date,
    reportingTime: row.reporting_time,
    originals,
    words: { en: row.words_en, hi: row.words_hi },
    updatedAt: toIso(row.updated_at),
  };
}

async function readSettings(q: Queryable, session: string, lock = false): Promise<LetterSettings> {
  const { rows } = await q.query<SettingsRow>(
    `SELECT ${SETTINGS_COLUMNS} FROM admission_letter_settings WHERE session = $1${lock ? ' FOR UPDATE' : ''}`,
    [session],
  );
  return settingsOf(session, rows[0]);
}

/** The session a request names, else the one applications are for now. */
function sessionParam(value: unknown): string {
  if (value === undefined || value === null || value === '') return sessionOf();
  if (!isSessionName(value))
    throw badRequest(LETTER_SETTINGS_TEXTS.session, { session: LETTER_SETTINGS_TEXTS.session });
  return value;
}

export const getLetterSettings = async (req: Request): Promise<Response> =>
  json(await readSettings(getPool(), sessionParam(new URL(req.url).searchParams.get('session'))));

/** The parts of the settings an audit entry compares. */
const audited = (s: LetterSettings) =>
  s.saved
    ? {
        reportingDate: s.reportingDate,
        reportingTime: s.reportingTime,
        originals: s.originals,
        words: s.words,
      }
    : null;

export async function putLetterSettings(req: Request, ctx: AdminContext): Promise<Response> {
  const checked = checkLetterSettings(await readJson(req));
  if (!checked.ok) throw badRequest(Object.values(checked.fields)[0]!, checked.fields);
  const input = checked.data;
  const after = await transaction(async (tx) => {
    const before = await readSettings(tx, input.session, true);
    await tx.query(
      `INSERT INTO admission_letter_settings (session, reporting_date, reporting_time, originals, words_en, words_hi)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6)
       ON CONFLICT (session) DO UPDATE SET reporting_date = EXCLUDED.reporting_date,
         reporting_time = EXCLUDED.reporting_time, originals = EXCLUDED.originals,
         words_en = EXCLUDED.words_en, words_hi = EXCLUDED.words_hi, updated_at = now()`,
      [
        input.session,
        input.reportingDate,
        input.reportingTime,
        JSON.stringify(input.originals),
        input.words.en,
        input.words.hi,
      ],
    );
    const saved = await readSettings(tx, input.session);
    const detail = changeDetail(audited(before), audited(saved));
    await recordAudit(
      ctx,
      { action: before.saved ? 'update' : 'create', entity: 'admission-letter', entityId: input.session, detail },
      tx,
    );
    return saved;
  });
  return json(after);
}

interface Found {
  id: string;
  reference_number: string;
  student_first_name: string;
  student_middle_name: string;
  student_last_name: string;
  admission_class: string;
  session: string;
  status: string;
}

export const getAdmissionLetter: Handler = async (req, { ip }) => {
  const { language, reference, mobile } = familyProof(req);
  const row = await lookUpPair(ip, mobile, () =>
    queryOne<Found>(
      `SELECT id, reference_number, student_first_name, student_middle_name, student_last_name, admission_class, session, status
         FROM admissions WHERE reference_number = $1 AND contact_no = $2`,
      [reference, mobile],
    ),
  );
  if (!row) throw notFound(NO_MATCH).withCode('ack.notFound');
  if (row.status !== 'admitted') throw conflict(fill(language, 'letter.notAdmitted')).withCode('letter.notAdmitted');
  const pdf = await letterPdf(row, language);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="admission-letter-${row.reference_number}.pdf"`,
    },
  });
};

const TIME_ZONE = 'Asia/Kolkata';

/** A day as a letter writes it: 'Thursday, 1 April 2027' / 'गुरुवार, 1 अप्रैल 2027'. */
const longDate = (day: string | Date, language: Language) =>
  new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: TIME_ZONE,
  }).format(typeof day === 'string' ? new Date(`${day}T12:00:00+05:30`) : day);

/** 'HH:MM' as the family reads it: '9:30 am' / 'प्रातः 9:30 बजे'. */
function clockTime(time: string, language: Language): string {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const part: TextCode =
    hour < 12 ? 'letter.time.morning' : hour < 16 ? 'letter.time.afternoon' : 'letter.time.evening';
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return fill(language, part, { time: `${h12}:${String(minute).padStart(2, '0')}` });
}

/** The one page: the school, the title and date, the facts, the words, the originals, the contact and the signature. */
async function letterPdf(row: Found, language: Language): Promise<Buffer> {
  const t = (code: TextCode, values?: Record<string, string>) => fill(language, code, values);
  const [school, pupil, settings, fee] = await Promise.all([
    schoolProfile(),
    pupilByAdmission(getPool(), row.id),
    readSettings(getPool(), row.session),
    feeStanding('admission', row.id, row.status),
  ]);
  const doc = newPdf(`${t('letter.pdf.title')} ${row.reference_number}`, language);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const centred: TextStyle = { width, align: 'center' };

  letterhead(doc, school, language, t('letter.pdf.title'), 15);
  write(doc, t('letter.pdf.date', { date: longDate(new Date(), language) }), {
    width,
    size: 10,
    color: GREY,
  });

  const name = [row.student_first_name, row.student_middle_name, row.student_last_name].filter(Boolean).join(' ');
  const studentName = language === 'hi' && pupil?.nameHi ? pupil.nameHi : name;
  const reporting = settings.reportingDate
    ? settings.reportingTime
      ? t('letter.reporting.at', {
          date: longDate(settings.reportingDate, language),
          time: clockTime(settings.reportingTime, language),
        })
      : longDate(settings.reportingDate, language)
    : t('letter.reporting.later');
  const feeDue =
    fee.balancePaise > 0 ? formatRupees(fee.balancePaise) : fee.waived ? t('letter.fee.waived') : t('letter.fee.none');
  const facts: [TextCode, string][] = [
    ['letter.student', studentName],
    ['letter.admissionNumber', pupil?.admissionNumber || t('letter.admissionNumber.later')],
    ['letter.class', classFor(language, pupil?.class || row.admission_class)],
    ['letter.section', pupil?.section || t('letter.section.later')],
    ['letter.session', pupil?.session || row.session],
    ['letter.reference', row.reference_number],
    ['letter.reporting', reporting],
    ['letter.feePaid', formatRupees(fee.paidPaise)],
    ['letter.feeDue', feeDue],
  ];
  const valueX = left + 190;
  const valueWidth = width - 190;
  let y = doc.y + 12;
  group(doc, 'Table', () => {
    for (const [label, value] of facts) {
      const height = Math.max(
        heightOf(doc, t(label), 180, { size: 10 }),
        heightOf(doc, value, valueWidth, { size: 11, weight: 'bold' }),
      );
      group(doc, 'TR', () => {
        write(doc, t(label), { size: 10, color: GREY, width: 180, role: 'TH' }, left, y + 1);
        write(doc, value, { size: 11, weight: 'bold', width: valueWidth, role: 'TD' }, valueX, y);
      });
      y += height + 5;
    }
  });
  rule(doc, left, y + 4, width);

  write(doc, settings.words[language], { size: 10.5, width, lineGap: 2 }, left, y + 14);

  write(doc, t('letter.originals'), { size: 12, weight: 'bold', role: 'H2' }, left, doc.y + 10);
  y = doc.y + 4;
  group(doc, 'L', () =>
    settings.originals.forEach((original, i) =>
      group(doc, 'LI', () => {
        write(doc, `${i + 1}.`, { size: 10.5, role: 'Lbl' }, left + 4, y);
        write(doc, original[language], { size: 10.5, width: width - 24, role: 'LBody' }, left + 22, y);
        y = doc.y + 3;
      }),
    ),
  );

  // The school's contact on the left, the principal's signature line on the right.
  const top = y + 18;
  const half = width / 2;
  const contact = [
    schoolAddress(school, language),
    officePhone(school) && t('letter.contact.phone', { phone: school.phones.join(', ') }),
    school.email && t('letter.contact.email', { email: school.email }),
  ].filter((line): line is string => !!line);
  write(doc, t('letter.contact'), { size: 10.5, weight: 'bold', width: half - 12, role: 'H2' }, left, top);
  for (const line of contact) write(doc, line, { size: 9.5, width: half - 12, color: GREY });
  const contactBottom = doc.y;
  const signTop = top + 34;
  decoration(doc, () =>
    doc
      .save()
      .moveTo(left + half + 40, signTop)
      .lineTo(left + width, signTop)
      .lineWidth(0.6)
      .strokeColor('#111111')
      .stroke()
      .restore(),
  );
  write(
    doc,
    [t('letter.signature'), school.principalName ?? ''].filter(Boolean).join(', '),
    { size: 10.5, weight: 'bold', width: half - 40, align: 'center' },
    left + half + 40,
    signTop + 4,
  );
  write(doc, t('letter.signature.stamp'), { size: 9, color: GREY, width: half - 40, align: 'center' });
  y = Math.max(doc.y, contactBottom);

  rule(doc, left, y + 10, width);
  write(doc, t('letter.footer'), { ...centred, size: 8.5, color: GREY }, left, y + 16);
  return pdfBytes(doc);
}
