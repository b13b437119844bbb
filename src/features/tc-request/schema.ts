/** The TC request's one schema, used by the form before it sends and by POST /v1/api/tc-request. */
import { z } from '../../lib/zod.ts';
import { fieldsIn, type Field, type FieldNameIn } from '../../lib/record.ts';
import { aadhaarDigits } from '../../lib/forms/verhoeff.ts';
import { checkFields, textShape, typedFields, validate } from '../../lib/forms/validate.ts';
import { TC_REQUEST } from './tc-request.ts';
import { privacy } from '../../config/privacy.ts';

export const TC_FORM = fieldsIn(TC_REQUEST, 'form');
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

export const tcRequestSchema = z.pipe(
  shape.check(
    z.superRefine((values: Shape, ctx) =>
      checkFields(ctx, values, TC_FORM, { required: TC_REQUIRED, phone: 'tcContact' }),
    ),
  ),
  z.transform((v: Shape): TcValues => ({
    ...(Object.fromEntries(NAMES.map((f) => [f, v[f]])) as TcValues),
    admissionNumber: normaliseAdmissionNumber(v.admissionNumber),
    aadharUid: aadhaarDigits(v.aadharUid),
  })),
);

export const validateTcRequest = (input: unknown) => validate(tcRequestSchema, input);
export const emptyTcRequest = (): TcValues => Object.fromEntries(NAMES.map((f) => [f, ''])) as TcValues;
