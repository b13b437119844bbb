/** The TC request's one schema, used by the form before it sends and by POST /v1/api/tc-request. */
import { z } from '../../lib/zod.ts';
import { fieldsIn, type Field, type FieldNameIn } from '../../lib/record.ts';
import { aadhaarDigits } from '../../lib/forms/verhoeff.ts';
import { checkFields, textShape, typedFields, validate } from '../../lib/forms/validate.ts';
import { TC_REQUEST } from './tc-request.ts';
import { privacy } from '../../config/privacy.ts';
import { addDays, dateInIndia, isCalendarDate } from '../../lib/dates.ts';

export const TC_FORM = fieldsIn(TC_REQUEST, 'form');
/** The fields the common checks take: the date of leaving has its own range (a birth date's would refuse next week). */
const COMMON_CHECKED = TC_FORM.filter((f) => f.name !== 'leavingDate');
export type TcField = FieldNameIn<typeof TC_REQUEST, 'form'>;
export type TcValues = Record<TcField, string>;
const NAMES = TC_FORM.map((f) => f.name) as TcField[];

/** One admission number however it is typed: trimmed, inner spaces collapsed, upper case. */
export const normaliseAdmissionNumber = (value: string) => value.trim().replace(/\s+/g, ' ').toUpperCase();

// Where the school makes Aadhaar voluntary (src/config/privacy.ts) the number may be left out.
// The e-mail address is optional (labelled so).
export const TC_REQUIRED = typedFields(
  TC_FORM.filter((f) => !(f as Field).labelledOptional || f.name === 'aadharUid'),
).filter((f) => privacy.aadhaarRequired || f !== 'aadharUid');

const shape = z.object({
  ...textShape(NAMES, TC_FORM).shape,
  // Sent by the form as the old contract has it; the server ignores both and stores pending / no transaction.
  paymentStatus: z.optional(z.unknown()),
  transactionId: z.optional(z.unknown()),
});
type Shape = z.output<typeof shape>;

/** How far back a date of leaving may be (a TC asked for long after, for one that was lost) and how far ahead (the end of a term). */
export const LEAVING_YEARS_BACK = 15;
export const LEAVING_DAYS_AHEAD = 92;

/** A real date within the range above, India's today the reference. */
export function isLeavingDate(value: string, today = dateInIndia()): boolean {
  if (!isCalendarDate(value)) return false;
  const earliest = `${Number(today.slice(0, 4)) - LEAVING_YEARS_BACK}${today.slice(4)}`;
  return value >= earliest && value <= addDays(today, LEAVING_DAYS_AHEAD);
}

export const tcRequestSchema = z.pipe(
  shape.check(
    z.superRefine((values: Shape, ctx) =>
      checkFields(ctx, values, COMMON_CHECKED, {
        required: TC_REQUIRED,
        phone: 'tcContact',
        custom: (rules) =>
          rules.form('leavingDate', () =>
            !values.leavingDate || isLeavingDate(values.leavingDate) ? [] : ['leavingDate'],
          ),
      }),
    ),
  ),
  z.transform((v: Shape): TcValues => ({
    ...(Object.fromEntries(NAMES.map((f) => [f, v[f]])) as TcValues),
    admissionNumber: normaliseAdmissionNumber(v.admissionNumber),
    section: v.section.toUpperCase(),
    aadharUid: aadhaarDigits(v.aadharUid),
  })),
);

export const validateTcRequest = (input: unknown) => validate(tcRequestSchema, input);
export const emptyTcRequest = (): TcValues => Object.fromEntries(NAMES.map((f) => [f, ''])) as TcValues;
