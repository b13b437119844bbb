/**
 * A TC request beside the register's pupil of its admission number: the office sees both and is
 * warned when the name or the date of birth differ (the TC prints the register's).
 */
import type { Pupil } from '../register/pupil.ts';

export interface RegisterMatch {
  /** The register's pupil of the request's admission number, or null when the register has none. */
  pupil: Pupil | null;
  nameDiffers: boolean;
  dateOfBirthDiffers: boolean;
}

/** A name compared loosely: case, spaces and dots do not count ('R.K. Verma' is 'r k verma'). */
export const looseName = (name: string) =>
  name.normalize('NFC').toLowerCase().replace(/\./g, ' ').replace(/\s+/g, ' ').trim();

/** The pupil's name as the register writes it: first, middle and last. */
export const pupilName = (pupil: Pick<Pupil, 'firstName' | 'middleName' | 'lastName'>) =>
  [pupil.firstName, pupil.middleName, pupil.lastName].filter(Boolean).join(' ');

/** The request's name and date of birth against the pupil's (the Hindi name counts too). */
export function matchOf(
  pupil: Pupil | undefined,
  request: { studentName: string; dateOfBirth: string },
): RegisterMatch {
  if (!pupil) return { pupil: null, nameDiffers: false, dateOfBirthDiffers: false };
  const name = looseName(request.studentName);
  const nameDiffers = ![pupilName(pupil), pupil.nameHi].some((n) => n && looseName(n) === name);
  const dateOfBirthDiffers = Boolean(request.dateOfBirth) && request.dateOfBirth !== (pupil.dateOfBirth ?? '');
  return { pupil, nameDiffers, dateOfBirthDiffers };
}
