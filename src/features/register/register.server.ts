/**
 * The school's register of pupils (table `pupils`, migration 0041): reading a pupil, joining an
 * admitted application to the register, and recording a leaving. The routes are ./register-api.server.ts's.
 */
import type { Queryable } from '../../server/db.ts';
import { maskAadhaar } from '../../server/aadhaar.ts';
import { dateInIndia, isCalendarDate, toIso } from '../../lib/dates.ts';
import { sessionOf } from '../../lib/sessions.ts';
import { isAbcOptOut } from '../../lib/forms/consent.ts';
import { takeNumber } from './series.server.ts';
import type { Pupil, PupilStatus } from './pupil.ts';

type Row = Record<string, unknown>;

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * The columns a pupil's answer reads: dates as text (YYYY-MM-DD, never a driver's Date in the
 * server's time zone), Aadhaar's last four digits only.
 */
export const PUPIL_COLUMNS = `id, admission_number, admission_id, first_name, middle_name, last_name, name_hi,
  father_name, mother_name, date_of_birth::text AS date_of_birth, gender, category, address, mobile, aadhaar_last4,
  apaar_id, admitted_on::text AS admitted_on, class_on_admission, section_on_admission, class, section, session,
  status, left_on::text AS left_on, leaving_reason, created_at, updated_at`;

/** A row of `pupils` (read with PUPIL_COLUMNS) as the API answers it. */
export function pupilJson(row: Row): Pupil {
  const last4 = text(row.aadhaar_last4);
  return {
    _id: String(row.id),
    admissionNumber: text(row.admission_number),
    firstName: text(row.first_name),
    middleName: text(row.middle_name),
    lastName: text(row.last_name),
    nameHi: text(row.name_hi),
    fatherName: text(row.father_name),
    motherName: text(row.mother_name),
    dateOfBirth: row.date_of_birth ? text(row.date_of_birth) : null,
    gender: text(row.gender),
    category: text(row.category),
    address: text(row.address),
    mobile: text(row.mobile),
    aadhaar: last4 ? maskAadhaar(last4) : '',
    apaarId: text(row.apaar_id),
    admittedOn: text(row.admitted_on),
    classOnAdmission: text(row.class_on_admission),
    sectionOnAdmission: text(row.section_on_admission),
    class: text(row.class),
    section: text(row.section),
    session: text(row.session),
    status: text(row.status) as PupilStatus,
    leftOn: row.left_on ? text(row.left_on) : null,
    leavingReason: text(row.leaving_reason),
    admissionId: row.admission_id ? String(row.admission_id) : null,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function onePupil(q: Queryable, where: string, value: unknown, lock = false): Promise<Pupil | undefined> {
  const { rows } = await q.query(
    `SELECT ${PUPIL_COLUMNS} FROM pupils WHERE ${where} = $1${lock ? ' FOR UPDATE' : ''}`,
    [value],
  );
  return rows[0] ? pupilJson(rows[0]) : undefined;
}

/** The pupil of an id, or undefined (an id that is no uuid finds none). */
export const pupilById = (q: Queryable, id: string, lock = false) =>
  UUID.test(id) ? onePupil(q, 'id', id, lock) : Promise.resolve(undefined);

/** The pupil of an admission number, typed in any case and spacing. */
export const pupilByAdmissionNumber = (q: Queryable, admissionNumber: string) =>
  onePupil(q, 'admission_number', admissionNumber.trim().replace(/\s+/g, ' ').toUpperCase());

/** The pupil an application became, once admitted. */
export const pupilByAdmission = (q: Queryable, admissionId: string) =>
  UUID.test(admissionId) ? onePupil(q, 'admission_id', admissionId) : Promise.resolve(undefined);

/**
 * The series' next admission number that the register does not hold yet: a number the office
 * typed by hand ahead of the series is passed over (it is used, so no gap is left).
 */
export async function nextAdmissionNumber(tx: Queryable): Promise<string> {
  for (;;) {
    const number = await takeNumber(tx, 'admission');
    const { rows } = await tx.query('SELECT 1 FROM pupils WHERE admission_number = $1', [number]);
    if (!rows.length) return number;
  }
}

const joined = (...parts: unknown[]) => parts.map(text).filter(Boolean).join(' ');

/**
 * An application moved to Admitted joins the register, in the move's transaction (`admission` is
 * its row, locked by the move): the next admission number, the child's and parents' names, date of
 * birth, gender, address, mobile, Aadhaar (the sealed columns copied as they are), the APAAR ID
 * when the form gave one, admitted today (India) into the class applied for, in the application's
 * session. A second Admitted (after a principal reopened it) finds its pupil and takes no number:
 * reopening never deletes a pupil, whose number may already be on paper.
 */
export async function enrolFromAdmission(tx: Queryable, admission: Row): Promise<Pupil> {
  const id = String(admission.id);
  const known = await pupilByAdmission(tx, id);
  if (known) return known;
  const number = await nextAdmissionNumber(tx);
  const abc = text(admission.abc_id).trim();
  const dob = text(admission.date_of_birth);
  const cls = text(admission.admission_class);
  const { rows } = await tx.query(
    `INSERT INTO pupils (admission_number, admission_id, first_name, middle_name, last_name, father_name, mother_name,
       date_of_birth, gender, address, mobile, aadhaar_enc, aadhaar_hash, aadhaar_last4, apaar_id, admitted_on,
       class_on_admission, section_on_admission, class, section, session)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, '', $17, '', $18)
     RETURNING ${PUPIL_COLUMNS}`,
    [
      number,
      id,
      text(admission.student_first_name),
      text(admission.student_middle_name),
      text(admission.student_last_name),
      joined(admission.father_first_name, admission.father_middle_name, admission.father_last_name),
      joined(admission.mother_first_name, admission.mother_middle_name, admission.mother_last_name),
      isCalendarDate(dob) ? dob : null,
      text(admission.gender),
      text(admission.address),
      text(admission.contact_no),
      admission.student_aadhaar_enc ?? null,
      admission.student_aadhaar_hash ?? null,
      admission.student_aadhaar_last4 ?? null,
      abc && !isAbcOptOut(abc) ? abc : '',
      dateInIndia(),
      cls,
      text(admission.session) || sessionOf(),
    ],
  );
  return pupilJson(rows[0]!);
}

/**
 * A pupil marked as left on `leftOn` for `reason` (the TC, a promotion's exception, the office's
 * edit); the caller records the audit entry in its context. Undefined when there is no such pupil.
 */
export async function markLeft(
  tx: Queryable,
  pupilId: string,
  leaving: { leftOn: string; reason: string },
): Promise<Pupil | undefined> {
  if (!UUID.test(pupilId)) return undefined;
  const { rows } = await tx.query(
    `UPDATE pupils SET status = 'left', left_on = $2, leaving_reason = $3, status_changed_at = now(), updated_at = now()
      WHERE id = $1 RETURNING ${PUPIL_COLUMNS}`,
    [pupilId, leaving.leftOn, leaving.reason],
  );
  return rows[0] ? pupilJson(rows[0]) : undefined;
}
