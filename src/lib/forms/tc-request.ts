/** The TC request (spec 01 sections 3, 5, 8): one schema for the form and POST /v1/api/tc-request. */
import { z } from '../zod.ts';
import { MSG } from './messages.ts';
import { isValidAadhaar, aadhaarDigits } from './verhoeff.ts';
import { Rules, emptyOf, isEmail, isTenDigits, text, validate } from './validate.ts';

export const TC_FIELDS = ['studentName', 'admissionNumber', 'aadharUid', 'parentName', 'reason', 'contact', 'email'] as const;
export type TcField = (typeof TC_FIELDS)[number];
export type TcValues = Record<TcField, string>;

export const TC_MAX: Record<TcField, number> = {
  studentName: 100, admissionNumber: 40, aadharUid: 14, parentName: 100, reason: 1000, contact: 10, email: 254,
};
/** At most this many requests per admission number (spec 01 section 9). */
export const TC_LIMIT = 2;

/** One admission number however it is typed: trimmed, inner spaces collapsed, upper case. */
export const normaliseAdmissionNumber = (value: string) => value.trim().replace(/\s+/g, ' ').toUpperCase();

const tcShape = z.object({
  ...(Object.fromEntries(TC_FIELDS.map((f) => [f, text()])) as Record<TcField, ReturnType<typeof text>>),
  // Sent by the form as the spec says; the server ignores both and stores pending / no transaction.
  paymentStatus: z.optional(z.unknown()),
  transactionId: z.optional(z.unknown()),
});
type TcShape = z.output<typeof tcShape>;

export const tcRequestSchema = z.pipe(
  tcShape.check(
    z.superRefine((v: TcShape, ctx) => {
      const rules = new Rules(ctx);
      rules.check(MSG.required, () => emptyOf(v, TC_FIELDS));
      rules.check(MSG.aadhaar, () => (isValidAadhaar(v.aadharUid) ? [] : ['aadharUid']));
      rules.check(MSG.tcContact, () => (isTenDigits(v.contact) ? [] : ['contact']));
      rules.check(MSG.email, () => (isEmail(v.email) ? [] : ['email']));
      rules.check(MSG.tooLong, () => TC_FIELDS.filter((f) => v[f].length > TC_MAX[f]));
    }),
  ),
  z.transform((v: TcShape) => ({
    studentName: v.studentName,
    admissionNumber: normaliseAdmissionNumber(v.admissionNumber),
    aadharUid: aadhaarDigits(v.aadharUid),
    parentName: v.parentName,
    reason: v.reason,
    contact: v.contact,
    email: v.email,
  })),
);

export const validateTcRequest = (input: unknown) => validate(tcRequestSchema, input);
export const emptyTcRequest = (): TcValues => Object.fromEntries(TC_FIELDS.map((f) => [f, ''])) as TcValues;
