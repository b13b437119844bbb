/** The enquiry's one schema, used by the pop-up before it sends and by POST /v1/api/enquiry. */
import { z } from '../../lib/zod.ts';
import { fieldsIn, type Field, type FieldNameIn } from '../../lib/record.ts';
import { checkFields, textShape, typedFields, validate } from '../../lib/forms/validate.ts';
import { ENQUIRY } from './enquiry.ts';

export const ENQUIRY_FORM = fieldsIn(ENQUIRY, 'form');
export type EnquiryField = FieldNameIn<typeof ENQUIRY, 'form'>;
export type EnquiryValues = Record<EnquiryField, string>;
const NAMES = ENQUIRY_FORM.map((f) => f.name) as EnquiryField[];

const shape = textShape(NAMES, ENQUIRY_FORM);
/** Every field a parent fills in but those the form labels optional. */
export const ENQUIRY_REQUIRED = typedFields(ENQUIRY_FORM.filter((f) => !(f as Field).labelledOptional));

export const enquirySchema = shape.check(
  z.superRefine((values: z.output<typeof shape>, ctx) =>
    checkFields(ctx, values, ENQUIRY_FORM, { required: ENQUIRY_REQUIRED, phone: 'fatherMobile' }),
  ),
);

export const validateEnquiry = (input: unknown) => validate(enquirySchema, input);
export const emptyEnquiry = (): EnquiryValues => Object.fromEntries(NAMES.map((f) => [f, ''])) as EnquiryValues;
