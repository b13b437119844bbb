/**
 * The transfer certificate drawn from the register in the format of Annexure 1 of CBSE's
 * Examination Bye-laws: what the principal types (`TcIssueInput`, the lines the register cannot
 * know), what is stored and printed (`TcFields`, every line of the format), and the format's lines
 * in order with their labels. Shared by the admin's Issue TC form and the server (no server imports).
 */
import { ALL_CLASSES } from '../../lib/classes.ts';

/** Whether the pupil failed in the class last studied: the format's "once/twice in the same class". */
export const FAILED_CHOICES = ['No', 'Once', 'Twice'] as const;
export type FailedChoice = (typeof FAILED_CHOICES)[number];

/** Whether the pupil qualified for promotion to a higher class. */
export const PROMOTION_CHOICES = ['Yes', 'No', 'Not applicable'] as const;
export type PromotionChoice = (typeof PROMOTION_CHOICES)[number];

/** Longest text of a typed line, and of the subjects list. */
export const ISSUE_TEXT_MAX = 200;
export const SUBJECTS_MAX = 10;

/** What the principal types when issuing: the request and the register give the rest. */
export interface TcIssueInput {
  nationality: string;
  /** "School annual examination 2025-26", "AISSE (Class X) 2026". */
  lastExamination: string;
  /** "Passed", "Compartment in Mathematics", "Failed". */
  examinationResult: string;
  failed: FailedChoice;
  subjects: string[];
  qualifiedForPromotion: PromotionChoice;
  /** The class promoted to (a class label), when qualified. */
  promotedTo: string;
  /** YYYY-MM: the month up to which the school's dues are paid. */
  duesPaidUpTo: string;
  feeConcession: string;
  workingDays: number;
  daysPresent: number;
  nccScoutGuide: string;
  gamesActivities: string;
  conduct: string;
  reasonForLeaving: string;
  remarks: string;
  /** YYYY-MM-DD: the pupil's last day, the register's date of leaving. */
  leavingDate: string;
  /** Name and designation of the member of staff who checked the TC against the register. */
  checkedBy: string;
}

/** Every line of the TC as issued: stored (tc_requests.tc_fields) and printed as it is. */
export interface TcFields extends TcIssueInput {
  tcNumber: string;
  /** A second TC for the same pupil (the first one lost): marked DUPLICATE, with the first one's number. */
  duplicate: boolean;
  duplicateOf: string;
  issuedOn: string;
  school: { name: string; address: string; affiliationNumber: string; schoolCode: string };
  admissionNumber: string;
  pupilName: string;
  motherName: string;
  fatherName: string;
  /** The register's category when SC, ST or OBC; "No" otherwise. */
  scStObc: string;
  firstAdmittedOn: string;
  firstAdmittedClass: string;
  dateOfBirth: string;
  dateOfBirthWords: string;
  lastClass: string;
  lastClassWords: string;
  promotedToWords: string;
  /** YYYY-MM-DD: when the family applied (the request's date). */
  appliedOn: string;
}

/** How a class reads in words on a TC: 'Five', 'Kindergarten'. */
const EARLY_YEARS: Record<string, string> = { 'P.N.C': 'Pre-Nursery', 'N.C': 'Nursery', 'K.G': 'Kindergarten' };
const NUMBERS = [
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
] as const;
export const classInWords = (label: string) =>
  EARLY_YEARS[label] ?? (/^\d+$/.test(label) ? (NUMBERS[Number(label) - 1] ?? label) : label);

/** The class after `label` in the school's order, for the promotion line's default. */
export const nextClass = (label: string) => {
  const i = (ALL_CLASSES as readonly string[]).indexOf(label);
  return i >= 0 && i + 1 < ALL_CLASSES.length ? ALL_CLASSES[i + 1]! : '';
};

/** The issue form's errors, by field. */
export const ISSUE_TEXTS = {
  required: 'Please fill in all required fields.',
  text: `Please keep each line under ${ISSUE_TEXT_MAX} characters.`,
  choice: 'Please choose one of the listed options.',
  subjects: `Please list the subjects studied (1 to ${SUBJECTS_MAX}).`,
  promotedTo: 'Please choose the class the pupil is promoted to.',
  month: 'Please give the month up to which the dues are paid.',
  days: 'Please give the working days and the days present (whole numbers; days present not more than the working days).',
  leavingDate: 'Please give a valid date of leaving (not after today and 3 months).',
  feeFirst:
    'The TC fee is not paid yet: record the payment first (a payment covering the fee moves the request to Fee paid by itself).',
  notReady: 'Only a request whose fee is paid (or waived) and that is not yet issued or rejected can be issued.',
  noPupil:
    'No pupil with this admission number in the register: add the pupil (or correct the admission number) before issuing.',
  issued: 'TC issued.',
} as const;
