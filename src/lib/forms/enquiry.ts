/** The admission enquiry (spec 01 sections 3, 5, 8): one schema for the pop-up and POST /v1/api/enquiry. */
import { z } from '../zod.ts';
import { ALL_CLASSES } from '../classes.ts';
import { MSG } from './messages.ts';
import { Rules, emptyOf, isEmail, isTenDigits, text, validate } from './validate.ts';

export const ENQUIRY_FIELDS = [
  'admissionClass', 'studentName', 'fatherName', 'motherName', 'gender', 'dateOfBirth', 'fatherMobile',
  'email', 'category', 'lastSchoolAttended', 'fatherOccupation', 'motherOccupation', 'address', 'referredBy',
] as const;
export type EnquiryField = (typeof ENQUIRY_FIELDS)[number];
export type EnquiryValues = Record<EnquiryField, string>;

export const GENDERS = ['Male', 'Female'] as const;
export const CATEGORIES = ['GENERAL', 'OBC', 'SC', 'ST', 'SBC', 'MINORITY'] as const;
export const FATHER_OCCUPATIONS = [
  'Business', 'Govt.Employee', 'Army', 'Ex-Army', 'Doctor', 'Advocate', 'Engineer', 'Teacher', 'Shopkeeper',
  'Agriculture', 'Private Job',
] as const;
export const MOTHER_OCCUPATIONS = [...FATHER_OCCUPATIONS, 'Housewife'] as const;
export const ENQUIRY_CLASSES = ALL_CLASSES;

/** Longest accepted value per field (ours: the spec gives none). */
export const ENQUIRY_MAX: Record<EnquiryField, number> = {
  admissionClass: 10, studentName: 100, fatherName: 100, motherName: 100, gender: 10, dateOfBirth: 10,
  fatherMobile: 10, email: 254, category: 20, lastSchoolAttended: 200, fatherOccupation: 40,
  motherOccupation: 40, address: 500, referredBy: 100,
};

const OPTIONS: Partial<Record<EnquiryField, readonly string[]>> = {
  admissionClass: ENQUIRY_CLASSES,
  gender: GENDERS,
  category: CATEGORIES,
  fatherOccupation: FATHER_OCCUPATIONS,
  motherOccupation: MOTHER_OCCUPATIONS,
};

/** A real calendar date, YYYY-MM-DD (the date input's value), not in the future, after 1980. */
export function isBirthDate(value: string, today = new Date()): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (date.toISOString().slice(0, 10) !== value) return false;
  return date.getUTCFullYear() >= 1980 && date.getTime() <= today.getTime();
}

const enquiryShape = z.object(Object.fromEntries(ENQUIRY_FIELDS.map((f) => [f, text()])) as Record<EnquiryField, ReturnType<typeof text>>);

export const enquirySchema = enquiryShape.check(
  z.superRefine((v: z.output<typeof enquiryShape>, ctx) => {
    const rules = new Rules(ctx);
    // Spec 01 section 5: every one of the 14 fields, including those labelled optional.
    rules.check(MSG.required, () => emptyOf(v, ENQUIRY_FIELDS));
    rules.check(MSG.fatherMobile, () => (isTenDigits(v.fatherMobile) ? [] : ['fatherMobile']));
    rules.check(MSG.email, () => (isEmail(v.email) ? [] : ['email']));
    rules.check(MSG.option, () =>
      Object.entries(OPTIONS).filter(([f, options]) => !options.includes(v[f as EnquiryField])).map(([f]) => f),
    );
    rules.check(MSG.date, () => (isBirthDate(v.dateOfBirth) ? [] : ['dateOfBirth']));
    rules.check(MSG.tooLong, () => ENQUIRY_FIELDS.filter((f) => v[f].length > ENQUIRY_MAX[f]));
  }),
);

export const validateEnquiry = (input: unknown) => validate(enquirySchema, input);
export const emptyEnquiry = (): EnquiryValues =>
  Object.fromEntries(ENQUIRY_FIELDS.map((f) => [f, ''])) as EnquiryValues;
