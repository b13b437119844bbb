/**
 * Issuing a TC from the register (CBSE Examination Bye-laws, Annexure 1), and the drawn TC.
 *
 *   POST /v1/api/tc-request/{id}/issue   principal (XSRF): the lines the register cannot know
 *     (TcIssueInput, ./issue.ts). In one transaction: the TC number from the school's 'tc'
 *     series, every line of the format stored (tc_fields), the request moved to issued today
 *     (history, audit, the family's message), the pupil marked as left on the date of leaving.
 *     A drawn TC is verifiable at once (verification.server.ts). A second TC for a pupil who
 *     already has one (a lost TC) is a duplicate: marked so, in the record and on the PDF, with a
 *     number of its own. 200 { tcNumber, tcIssueDate, duplicate, pupilId }; 400 { error, fields }
 *     for bad input (nothing stored); 404 unknown request; 409 fee not paid or waived, already
 *     issued or rejected, erased, or no pupil with the admission number in the register.
 *   GET /v1/api/tc-request/{id}/certificate serves the drawn PDF (drawn-tc.server.ts) until a
 *     signed scan is attached (certificate.server.ts).
 */
import { toWords, toOrdinal } from 'to-words/en-IN';
import type { AdminContext } from '../../server/auth.ts';
import { recordAudit } from '../../server/audit.ts';
import { isUuid, transaction } from '../../server/db.ts';
import { badRequest, conflict, notFound } from '../../server/errors.ts';
import { json, readJson } from '../../server/http.ts';
import { sendSoon } from '../../server/mailer.ts';
import { schoolProfile } from '../../server/school-profile.ts';
import { visibleText } from '../../lib/visible-text.ts';
import { addDays, dateInIndia, isCalendarDate } from '../../lib/dates.ts';
import { isSchoolClass } from '../../lib/classes.ts';
import { schoolAddress, schoolName } from '../../lib/school-profile.ts';
import { writeMove } from '../workflow-moves.server.ts';
import { pupilByAdmissionNumber, pupilById, markLeft } from '../register/register.server.ts';
import { takeNumber } from '../register/series.server.ts';
import {
  FAILED_CHOICES,
  ISSUE_TEXTS,
  ISSUE_TEXT_MAX,
  PROMOTION_CHOICES,
  SUBJECTS_MAX,
  classInWords,
  type TcFields,
  type TcIssueInput,
} from './issue.ts';

const NOT_FOUND = 'TC request not found';

type Body = Record<string, unknown>;

/** The typed lines checked: every problem named by its field, nothing stored on any. */
export function checkIssueInput(body: Body, today = dateInIndia()): TcIssueInput {
  const fields: Record<string, string> = {};
  const text = (name: keyof TcIssueInput, required: boolean, fallback = ''): string => {
    const value = body[name];
    if (value === undefined || value === null || value === '') {
      if (required) fields[name] = ISSUE_TEXTS.required;
      return fallback;
    }
    if (typeof value !== 'string') {
      fields[name] = ISSUE_TEXTS.text;
      return '';
    }
    const shown = visibleText(value);
    if (shown.length > ISSUE_TEXT_MAX) fields[name] = ISSUE_TEXTS.text;
    else if (!shown && required) fields[name] = ISSUE_TEXTS.required;
    return shown || fallback;
  };
  const choice = <C extends string>(name: keyof TcIssueInput, choices: readonly C[]): C => {
    const value = body[name];
    if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as C;
    fields[name] = value === undefined || value === '' ? ISSUE_TEXTS.required : ISSUE_TEXTS.choice;
    return choices[0]!;
  };
  const wholeNumber = (name: 'workingDays' | 'daysPresent'): number => {
    const value = body[name];
    const n = typeof value === 'string' && /^\d{1,3}$/.test(value.trim()) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 366) {
      fields[name] = ISSUE_TEXTS.days;
      return 0;
    }
    return n;
  };

  const subjectsValue = body.subjects;
  const subjects = Array.isArray(subjectsValue)
    ? subjectsValue.map((s) => (typeof s === 'string' ? visibleText(s) : '')).filter(Boolean)
    : typeof subjectsValue === 'string'
      ? subjectsValue
          .split(/[,\n]/)
          .map((s) => visibleText(s))
          .filter(Boolean)
      : [];
  if (
    !subjects.length ||
    subjects.length > SUBJECTS_MAX ||
    subjects.some((s) => s.length > 60) ||
    (Array.isArray(subjectsValue) && subjectsValue.some((s) => typeof s !== 'string'))
  )
    fields.subjects = ISSUE_TEXTS.subjects;

  const qualifiedForPromotion = choice('qualifiedForPromotion', PROMOTION_CHOICES);
  const promotedTo = qualifiedForPromotion === 'Yes' ? text('promotedTo', true) : '';
  if (promotedTo && !isSchoolClass(promotedTo)) fields.promotedTo = ISSUE_TEXTS.promotedTo;
  const duesPaidUpTo = text('duesPaidUpTo', true);
  if (duesPaidUpTo && !/^\d{4}-(0[1-9]|1[0-2])$/.test(duesPaidUpTo)) fields.duesPaidUpTo = ISSUE_TEXTS.month;
  const workingDays = wholeNumber('workingDays');
  const daysPresent = wholeNumber('daysPresent');
  if (!fields.workingDays && !fields.daysPresent && daysPresent > workingDays) fields.daysPresent = ISSUE_TEXTS.days;
  const leavingDate = text('leavingDate', true);
  if (leavingDate && (!isCalendarDate(leavingDate) || leavingDate > addDays(today, 92) || leavingDate < '1980-01-01'))
    fields.leavingDate = ISSUE_TEXTS.leavingDate;

  const input: TcIssueInput = {
    nationality: text('nationality', true),
    lastExamination: text('lastExamination', true),
    examinationResult: text('examinationResult', true),
    failed: choice('failed', FAILED_CHOICES),
    subjects,
    qualifiedForPromotion,
    promotedTo,
    duesPaidUpTo,
    feeConcession: text('feeConcession', false, 'None'),
    workingDays,
    daysPresent,
    nccScoutGuide: text('nccScoutGuide', false, 'No'),
    gamesActivities: text('gamesActivities', false, 'None'),
    conduct: text('conduct', true),
    reasonForLeaving: text('reasonForLeaving', true),
    remarks: text('remarks', false, 'None'),
    leavingDate,
    checkedBy: text('checkedBy', false),
  };
  const names = Object.keys(fields);
  if (names.length) {
    const first = names.some((n) => fields[n] === ISSUE_TEXTS.required) ? ISSUE_TEXTS.required : fields[names[0]!]!;
    throw badRequest(first, fields);
  }
  return input;
}

/** A date in words as TCs write it: 'Fifteenth March Two Thousand Fifteen'. */
export function dateInWords(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const month = new Date(Date.UTC(2000, m - 1, 1)).toLocaleString('en-IN', { month: 'long', timeZone: 'UTC' });
  return `${toOrdinal(d)} ${month} ${toWords(y)}`;
}

const CATEGORIES_ASKED = new Set(['SC', 'ST', 'OBC']);

interface RequestRow {
  id: string;
  status: string;
  payment_status: string;
  admission_number: string;
  reason: string | null;
  created_at: Date | string;
  erased_at: unknown;
  applied_on: string;
}

/** POST /v1/api/tc-request/{id}/issue (principal). */
export async function issueTc(req: Request, ctx: AdminContext): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  const input = checkIssueInput(await readJson(req));
  const today = dateInIndia();
  const issued = await transaction(async (tx) => {
    const request = (
      await tx.query<RequestRow>(
        `SELECT id, status, payment_status, admission_number, reason, created_at, erased_at,
                to_char(created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') AS applied_on
           FROM tc_requests WHERE id = $1 FOR UPDATE`,
        [id],
      )
    ).rows[0];
    if (!request) throw notFound(NOT_FOUND);
    if (request.erased_at || request.status === 'issued' || request.status === 'rejected')
      throw conflict(ISSUE_TEXTS.notReady).withCode('tc.notReady');
    if (!['paid', 'waived'].includes(request.payment_status) || request.status !== 'fee-paid')
      throw conflict(ISSUE_TEXTS.feeFirst).withCode('tc.feeFirst');
    const found = await pupilByAdmissionNumber(tx, request.admission_number);
    // Locked: two TCs drawn for one pupil at once are one original and one duplicate, never two originals.
    const pupil = found && (await pupilById(tx, found._id, true));
    if (!pupil) throw conflict(ISSUE_TEXTS.noPupil).withCode('tc.noPupil');
    const earlier = (
      await tx.query<{ tc_number: string | null }>(
        `SELECT tc_number FROM tc_requests
          WHERE id <> $1 AND status = 'issued' AND (pupil_id = $2 OR admission_number = $3)
          ORDER BY tc_issue_date, status_changed_at LIMIT 1`,
        [id, pupil._id, request.admission_number],
      )
    ).rows[0];
    const tcNumber = await takeNumber(tx, 'tc');
    const school = await schoolProfile(tx);
    const category = pupil.category.toUpperCase();
    const tc: TcFields = {
      ...input,
      tcNumber,
      duplicate: earlier !== undefined,
      duplicateOf: earlier?.tc_number ?? '',
      issuedOn: today,
      school: {
        name: schoolName(school, 'en'),
        address: schoolAddress(school, 'en'),
        affiliationNumber: school.affiliationNumber ?? '',
        schoolCode: school.schoolCode ?? '',
      },
      admissionNumber: pupil.admissionNumber,
      pupilName: [pupil.firstName, pupil.middleName, pupil.lastName].filter(Boolean).join(' '),
      motherName: pupil.motherName,
      fatherName: pupil.fatherName,
      scStObc: CATEGORIES_ASKED.has(category) ? category : 'No',
      firstAdmittedOn: pupil.admittedOn,
      firstAdmittedClass: pupil.classOnAdmission,
      dateOfBirth: pupil.dateOfBirth ?? '',
      dateOfBirthWords: pupil.dateOfBirth ? dateInWords(pupil.dateOfBirth) : '',
      lastClass: pupil.class,
      lastClassWords: classInWords(pupil.class),
      promotedToWords: input.promotedTo ? classInWords(input.promotedTo) : '',
      appliedOn: request.applied_on,
    };
    await writeMove(
      tx,
      { entity: 'tc-request', table: 'tc_requests' },
      id,
      {
        from: request.status,
        to: 'issued',
        note: tc.duplicate ? `Duplicate TC ${tcNumber} (of ${tc.duplicateOf || 'an earlier TC'})` : `TC ${tcNumber}`,
        set: {
          tc_number: tcNumber,
          tc_issue_date: today,
          tc_fields: JSON.stringify(tc),
          pupil_id: pupil._id,
          tc_duplicate: tc.duplicate,
        },
      },
      ctx,
    );
    const left = await markLeft(tx, pupil._id, { leftOn: input.leavingDate, reason: input.reasonForLeaving });
    await recordAudit(
      ctx,
      {
        action: 'certificate',
        entity: 'tc-request',
        entityId: id,
        detail: `${tc.duplicate ? 'duplicate ' : ''}TC ${tcNumber} drawn from the register for ${pupil.admissionNumber}; pupil left on ${left?.leftOn ?? input.leavingDate}`,
      },
      tx,
    );
    return { tcNumber, tcIssueDate: today, duplicate: tc.duplicate, pupilId: pupil._id };
  });
  await sendSoon(ctx, { entity: 'tc-request', recordId: id });
  return json(issued);
}
