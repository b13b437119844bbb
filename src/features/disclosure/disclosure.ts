/**
 * CBSE's Mandatory Public Disclosure (Affiliation Bye-Laws, Appendix IX), as the principal keeps it
 * at /admin/disclosure and the public page shows it: its items, the one schema of the typed part
 * (used by the screen and the function alike) and the dates' rules (the dashboard's warnings).
 *
 * A: general information, read from the school's profile (src/features/school/).
 * B: documents (PDF, issue date, valid-until date).
 * C: fee structure, academic calendar, SMC and PTA lists, board results: documents, and the results
 *    of Class X and XII of the last three years also as a table.
 * D: staff figures and E: infrastructure, typed in.
 * And the annual report, a document due by 15 September.
 */
import { z } from '../../lib/zod.ts';
import { addDays, isCalendarDate } from '../../lib/dates.ts';
import type { TextCode } from '../../lib/i18n/index.ts';
import { checked, type Checked } from '../../lib/school-profile.ts';

export type DocumentSection = 'B' | 'C' | 'annual';

/** Every document item, in the page's order: its short name on the admin screens; its public words are `disclosure.doc.<key>` in the text tables. */
export const DISCLOSURE_DOCUMENTS = [
  { key: 'affiliation-letter', label: 'Affiliation letter', section: 'B' },
  { key: 'trust-registration', label: 'Trust or society registration', section: 'B' },
  { key: 'noc', label: 'NOC (State Government)', section: 'B' },
  { key: 'rte-recognition', label: 'RTE recognition', section: 'B' },
  { key: 'building-safety', label: 'Building safety certificate', section: 'B' },
  { key: 'fire-safety', label: 'Fire safety certificate', section: 'B' },
  { key: 'deo-certificate', label: 'DEO certificate', section: 'B' },
  { key: 'water-health-sanitation', label: 'Water, health and sanitation certificates', section: 'B' },
  { key: 'fee-structure', label: 'Fee structure', section: 'C' },
  { key: 'academic-calendar', label: 'Academic calendar', section: 'C' },
  { key: 'smc-list', label: 'SMC list', section: 'C' },
  { key: 'pta-list', label: 'PTA list', section: 'C' },
  { key: 'board-results', label: 'Board results (last three years)', section: 'C' },
  { key: 'annual-report', label: 'Annual report', section: 'annual' },
] as const satisfies readonly { key: string; label: string; section: DocumentSection }[];

export const documentLabel = (key: DocumentKey) => DISCLOSURE_DOCUMENTS.find((d) => d.key === key)!.label;

export type DocumentKey = (typeof DISCLOSURE_DOCUMENTS)[number]['key'];
export const isDocumentKey = (key: unknown): key is DocumentKey => DISCLOSURE_DOCUMENTS.some((d) => d.key === key);
export const documentTitle = (key: DocumentKey): TextCode => `disclosure.doc.${key}`;

/** Kinds of typed figure: a count (whole number), free text, or a link (https). */
type FigureKind = 'count' | 'text' | 'link';

/** D: staff (teaching), Appendix IX's rows; words `disclosure.staff.<key>`. */
export const STAFF_FIGURES = [
  { key: 'teachers', kind: 'count' },
  { key: 'pgt', kind: 'count' },
  { key: 'tgt', kind: 'count' },
  { key: 'prt', kind: 'count' },
  { key: 'sectionRatio', kind: 'text' },
  { key: 'specialEducator', kind: 'text' },
  { key: 'counsellor', kind: 'text' },
] as const satisfies readonly { key: string; kind: FigureKind }[];

/** E: school infrastructure; words `disclosure.infra.<key>`. */
export const INFRASTRUCTURE_FIGURES = [
  { key: 'campusArea', kind: 'text' },
  { key: 'classrooms', kind: 'text' },
  { key: 'laboratories', kind: 'text' },
  { key: 'internet', kind: 'text' },
  { key: 'girlsToilets', kind: 'count' },
  { key: 'boysToilets', kind: 'count' },
  { key: 'inspectionVideo', kind: 'link' },
] as const satisfies readonly { key: string; kind: FigureKind }[];

export type StaffKey = (typeof STAFF_FIGURES)[number]['key'];
export type InfrastructureKey = (typeof INFRASTRUCTURE_FIGURES)[number]['key'];

export const RESULT_CLASSES = ['x', 'xii'] as const;
export type ResultClass = (typeof RESULT_CLASSES)[number];
/** The last three years. */
export const RESULT_YEARS = 3;

export interface BoardResultRow {
  /** The session of the examination, e.g. '2025-26'. */
  year: string;
  registered: number;
  passed: number;
  remarks: string;
}

/** The typed part, as PUT /v1/api/disclosure takes it and GET answers it (an unset figure is absent). */
export interface DisclosureFigures {
  staff: Partial<Record<StaffKey, string>>;
  infrastructure: Partial<Record<InfrastructureKey, string>>;
  results: Record<ResultClass, BoardResultRow[]>;
}

export interface DisclosureDocument {
  key: DocumentKey;
  /** The public PDF: '/v1/files/<id>'. */
  url: string;
  name: string;
  size: number;
  issuedOn: string;
  validUntil: string | null;
  updatedAt: string;
}

/** GET /v1/api/disclosure. */
export interface Disclosure extends DisclosureFigures {
  documents: DisclosureDocument[];
  updatedAt: string | null;
}

export const DISCLOSURE_LIMITS = { text: 300, remarks: 200, count: 100_000 } as const;

export const DISCLOSURE_TEXTS = {
  type: 'This value has the wrong type.',
  tooLong: 'Text is too long.',
  count: 'Write a whole number, or leave it empty.',
  link: 'A link starts with https://, or leave it empty.',
  year: 'Write the session as 2025-26.',
  registered: 'Write how many students appeared, as a whole number.',
  passed: 'Students passed must be a whole number no larger than those registered.',
  years: 'At most three years of results per class.',
  sameYear: 'Each year appears once.',
  issuedOn: 'Give the date the document was issued (YYYY-MM-DD).',
  validUntil: 'The valid-until date is a date (YYYY-MM-DD) on or after the issue date, or empty.',
  future: 'The issue date cannot be in the future.',
  upload: 'Upload the document (PDF) first.',
  part: 'Send staff, infrastructure and results, each as an object: the disclosure is saved whole.',
} as const;

// ---------------------------------------------------------------------------------------------
// The schema of the typed part

const wrongType = { error: DISCLOSURE_TEXTS.type };
const textOf = (v: string | null | undefined) => (v ?? '').trim();

const figure = (kind: FigureKind) =>
  z.pipe(
    z.pipe(z.nullish(z.string(wrongType)), z.transform(textOf)),
    z.string().check(
      z.maxLength(DISCLOSURE_LIMITS.text, { error: DISCLOSURE_TEXTS.tooLong }),
      z.refine((v: string) => !v || kind !== 'count' || (/^\d{1,6}$/.test(v) && Number(v) <= DISCLOSURE_LIMITS.count), {
        error: DISCLOSURE_TEXTS.count,
      }),
      z.refine((v: string) => !v || kind !== 'link' || /^https:\/\/[^\s<>"']+$/.test(v), {
        error: DISCLOSURE_TEXTS.link,
      }),
    ),
  );

/** An object of figures: unset ones ('' or absent) are dropped. */
function figures(list: readonly { key: string; kind: FigureKind }[]) {
  const shape: Record<string, ReturnType<typeof figure>> = Object.fromEntries(list.map((f) => [f.key, figure(f.kind)]));
  return z.pipe(
    z.object(shape, { error: DISCLOSURE_TEXTS.part }),
    z.transform((v: Record<string, string>) => Object.fromEntries(Object.entries(v).filter(([, text]) => text !== ''))),
  );
}

const whole = (message: string) =>
  z
    .number({ error: message })
    .check(z.refine((n: number) => Number.isInteger(n) && n >= 0 && n <= DISCLOSURE_LIMITS.count, { error: message }));

const resultRow = z
  .object(
    {
      year: z
        .string({ error: DISCLOSURE_TEXTS.year })
        .check(z.refine((y: string) => isSessionYear(y), { error: DISCLOSURE_TEXTS.year })),
      registered: whole(DISCLOSURE_TEXTS.registered),
      passed: whole(DISCLOSURE_TEXTS.passed),
      remarks: z.pipe(
        z.pipe(z.nullish(z.string(wrongType)), z.transform(textOf)),
        z.string().check(z.maxLength(DISCLOSURE_LIMITS.remarks, { error: DISCLOSURE_TEXTS.tooLong })),
      ),
    },
    wrongType,
  )
  .check(
    z.superRefine((row: BoardResultRow, ctx) => {
      if (row.passed > row.registered)
        ctx.addIssue({ code: 'custom', path: ['passed'], message: DISCLOSURE_TEXTS.passed });
    }),
  );

const resultRows = z
  .pipe(
    z.nullish(z.array(resultRow, wrongType)),
    z.transform((v: BoardResultRow[] | null | undefined) => v ?? []),
  )
  .check(
    z.superRefine((rows: BoardResultRow[], ctx) => {
      if (rows.length > RESULT_YEARS) ctx.addIssue({ code: 'custom', path: [], message: DISCLOSURE_TEXTS.years });
      rows.forEach((row, i) => {
        if (rows.findIndex((r) => r.year === row.year) !== i)
          ctx.addIssue({ code: 'custom', path: [i, 'year'], message: DISCLOSURE_TEXTS.sameYear });
      });
    }),
  );

/** '2025-26': a session, its second year the first's next. */
export function isSessionYear(value: string): boolean {
  const m = /^(\d{4})-(\d{2})$/.exec(value);
  return !!m && (Number(m[1]) + 1) % 100 === Number(m[2]);
}

/** PUT /v1/api/disclosure's body: the whole typed part, its three parts required (a body without them would empty it). Unknown keys are dropped. */
export const figuresSchema = z.object({
  staff: figures(STAFF_FIGURES),
  infrastructure: figures(INFRASTRUCTURE_FIGURES),
  results: z.object({ x: resultRows, xii: resultRows }, { error: DISCLOSURE_TEXTS.part }),
});

export const validateFigures = (input: unknown): Checked<DisclosureFigures> =>
  checked(figuresSchema.safeParse(input ?? {}) as never);

/** PUT /v1/api/disclosure/documents/{key}'s body: the upload (when the file is new or replaced) and its dates. */
export interface DocumentInput {
  uploadId?: string;
  issuedOn: string;
  validUntil: string | null;
}

/** The dates of a document: an issue date not after today, a valid-until date on or after it (or none). */
export function validateDocumentDates(input: Record<string, unknown>, today: string): Checked<DocumentInput> {
  const fields: Record<string, string> = {};
  const issuedOn = typeof input.issuedOn === 'string' ? input.issuedOn.trim() : '';
  const rawUntil = input.validUntil;
  const validUntil = typeof rawUntil === 'string' && rawUntil.trim() !== '' ? rawUntil.trim() : null;
  if (!isCalendarDate(issuedOn)) fields.issuedOn = DISCLOSURE_TEXTS.issuedOn;
  else if (issuedOn > today) fields.issuedOn = DISCLOSURE_TEXTS.future;
  const untilWrong =
    (rawUntil !== undefined && rawUntil !== null && typeof rawUntil !== 'string') ||
    (validUntil !== null && (!isCalendarDate(validUntil) || (isCalendarDate(issuedOn) && validUntil < issuedOn)));
  if (untilWrong) fields.validUntil = DISCLOSURE_TEXTS.validUntil;
  const uploadId = input.uploadId;
  if (uploadId !== undefined && uploadId !== null && typeof uploadId !== 'string')
    fields.uploadId = DISCLOSURE_TEXTS.upload;
  const first = Object.values(fields)[0];
  if (first) return { ok: false, error: first, fields };
  return {
    ok: true,
    data: { ...(typeof uploadId === 'string' && uploadId ? { uploadId } : {}), issuedOn, validUntil },
  };
}

// ---------------------------------------------------------------------------------------------
// The dates' rules: what the dashboard warns of

/** A document is warned of this many days before its valid-until date. */
export const EXPIRY_WARNING_DAYS = 30;
/** The annual report of a session (April to March) is due on this day (MM-DD) after it ends. */
export const ANNUAL_REPORT_DUE = '09-15';

export type DisclosureWarning =
  | { kind: 'expiring' | 'lapsed'; key: DocumentKey; date: string }
  | { kind: 'annual-report-due' | 'annual-report-overdue'; key: 'annual-report'; date: string };

/**
 * What the principal must see on `today` (YYYY-MM-DD, India): each document whose valid-until date
 * is within EXPIRY_WARNING_DAYS ('expiring') or past ('lapsed'); and, when no annual report was
 * issued since the last session ended (1 April), that it is due by 15 September, or overdue after.
 */
export function disclosureWarnings(
  documents: readonly Pick<DisclosureDocument, 'key' | 'issuedOn' | 'validUntil'>[],
  today: string,
): DisclosureWarning[] {
  const warnings: DisclosureWarning[] = [];
  for (const doc of documents) {
    if (!doc.validUntil) continue;
    if (today > doc.validUntil) warnings.push({ kind: 'lapsed', key: doc.key, date: doc.validUntil });
    else if (today >= addDays(doc.validUntil, -EXPIRY_WARNING_DAYS))
      warnings.push({ kind: 'expiring', key: doc.key, date: doc.validUntil });
  }
  const year = Number(today.slice(0, 4));
  // The session that ended last began on 1 April of this year's session's year before it.
  const reportYear = today >= `${year}-04-01` ? year : year - 1;
  const since = `${reportYear}-04-01`;
  const due = `${reportYear}-${ANNUAL_REPORT_DUE}`;
  const report = documents.find((d) => d.key === 'annual-report' && d.issuedOn >= since);
  if (!report)
    warnings.push({
      kind: today <= due ? 'annual-report-due' : 'annual-report-overdue',
      key: 'annual-report',
      date: due,
    });
  return warnings;
}

/** The pass percentage of a result row, one decimal ('98.8'), or '' when nobody was registered. */
export const passPercentage = (row: Pick<BoardResultRow, 'registered' | 'passed'>) =>
  row.registered > 0 ? (Math.round((row.passed / row.registered) * 1000) / 10).toFixed(1) : '';
