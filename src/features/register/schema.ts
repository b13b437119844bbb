/**
 * The register's one schema: a pupil as the office types it, used by the screens before they send
 * and by POST and PATCH /v1/api/register (a PATCH is checked as the stored pupil with the changes).
 */
import { z } from '../../lib/zod.ts';
import { fieldsIn, type Field, type FieldNameIn } from '../../lib/record.ts';
import { aadhaarDigits } from '../../lib/forms/verhoeff.ts';
import { checkFields, textShape, validate } from '../../lib/forms/validate.ts';
import { isSessionName } from '../../lib/sessions.ts';
import { normaliseAdmissionNumber, PUPIL } from './pupil.ts';

export const PUPIL_FORM = fieldsIn(PUPIL, 'form');
export type PupilField = FieldNameIn<typeof PUPIL, 'form'>;
export type PupilValues = Record<PupilField, string>;
const NAMES = PUPIL_FORM.map((f) => f.name) as PupilField[];

/** What a pupil cannot be entered without; the server fills the admission date, class and session when left out. */
export const PUPIL_REQUIRED: readonly PupilField[] = [
  'firstName',
  'class',
  'admittedOn',
  'classOnAdmission',
  'session',
];

export const REGISTER_TEXTS_EN = {
  session: "Write the session as '2026-27'.",
  admissionNumber: 'An admission number has letters, digits, spaces and / - . only.',
} as const;

const shape = textShape(NAMES, PUPIL_FORM);
type Shape = z.output<typeof shape>;

const pupilSchema = z.pipe(
  shape.check(
    z.superRefine((values: Shape, ctx) =>
      // A paper register's pupil may have no mobile number: the phone rule reads only one typed.
      checkFields(
        ctx,
        values,
        PUPIL_FORM.filter((f) => f.kind !== 'phone' || values[f.name as PupilField]),
        {
          required: PUPIL_REQUIRED,
          phone: 'fatherMobile',
          custom: (rules) => {
            rules.check(REGISTER_TEXTS_EN.session, () =>
              values.session && !isSessionName(values.session) ? ['session'] : [],
            );
            rules.check(REGISTER_TEXTS_EN.admissionNumber, () =>
              /^[\p{L}\p{N} /.-]*$/u.test(values.admissionNumber) ? [] : ['admissionNumber'],
            );
          },
        },
      ),
    ),
  ),
  z.transform((v: Shape): PupilValues => ({
    ...(Object.fromEntries(NAMES.map((f) => [f, v[f]])) as PupilValues),
    admissionNumber: normaliseAdmissionNumber(v.admissionNumber),
    aadhaar: aadhaarDigits(v.aadhaar),
    section: v.section.toUpperCase(),
    sectionOnAdmission: v.sectionOnAdmission.toUpperCase(),
    apaarId: v.apaarId.toUpperCase(),
  })),
);

export const validatePupil = (input: unknown) => validate(pupilSchema, input);
export const emptyPupil = (): PupilValues => Object.fromEntries(NAMES.map((f) => [f, ''])) as PupilValues;
/** The form's fields by name, for the screens. */
export const pupilField = (name: PupilField): Field => PUPIL_FORM.find((f) => f.name === name)!;
