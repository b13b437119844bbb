/**
 * The admission application: one schema per band, used by the form before it submits and by
 * POST /v1/api/admission before it stores anything. File fields hold a staged upload's id (or, on
 * the server, a marker for a file sent in the request itself): the rules only ask whether each is there.
 */
import { z } from '../../lib/zod.ts';
import { BANDS, WING, bandNamed, resolveClass, type Band } from '../../lib/classes.ts';
import { FORM_TEXTS, formCode } from '../../lib/forms/texts.ts';
import { aadhaarDigits } from '../../lib/forms/verhoeff.ts';
import { isAbcOptOut } from '../../lib/forms/consent.ts';
import { checkFields, emptyOf, textShape, validate, type Result } from '../../lib/forms/validate.ts';
import {
  ADMISSION,
  ADMISSION_FILE_FIELDS,
  ADMISSION_TEXT_FIELDS,
  BANDS_DEF,
  bandFields,
  type FileField,
  type TextField,
} from './admission.ts';

/** The text of an application as stored, besides its class and scholarship answer. */
export type AdmissionText = Record<Exclude<TextField, 'admissionClass' | 'governmentScholarship'>, string>;

export interface AdmissionData {
  band: Band;
  /** The canonical class: P.N.C, N.C, K.G or 1-12. */
  classLabel: string;
  text: AdmissionText;
  governmentScholarship: 'yes' | 'no';
  /** The documents to keep: only this band's fields, and the scholarship one only when the answer is yes. */
  files: Partial<Record<FileField, string>>;
}

const shape = textShape(['band', ...ADMISSION_TEXT_FIELDS, ...ADMISSION_FILE_FIELDS], ADMISSION.fields);
type Shape = z.output<typeof shape>;

function admissionSchema(band: Band) {
  const def = BANDS_DEF[band];
  const fields = bandFields(band);
  const files = fields.filter((f) => f.kind === 'file').map((f) => f.name as FileField);
  const checked = shape.check(
    z.superRefine((v: Shape, ctx) =>
      checkFields(ctx, v, fields, {
        required: def.required,
        phone: 'contactNo',
        custom: (rules) => {
          // An ABC ID refused or not generated has no card to upload.
          const asked = (f: FileField) => f !== 'abcCard' || !isAbcOptOut(v.abcId);
          for (const step of def.fileSteps) rules.form(step.message, () => emptyOf(v, step.fields.filter(asked)));
          if (def.academic) {
            rules.form('scholarship', () =>
              v.governmentScholarship === 'yes' && !v.scholarshipDocument ? ['scholarshipDocument'] : [],
            );
          }
          // The form's select makes these impossible, but a request is never trusted.
          rules.form('admissionClass', () => (resolveClass(v.admissionClass, band) ? [] : ['admissionClass']));
          if (def.academic) {
            rules.form('scholarshipChoice', () =>
              ['', 'yes', 'no'].includes(v.governmentScholarship) ? [] : ['governmentScholarship'],
            );
          }
        },
      }),
    ),
  );
  return z.pipe(
    checked,
    z.transform((v: Shape): AdmissionData => {
      const scholarship = def.academic && v.governmentScholarship === 'yes' ? 'yes' : 'no';
      const kept: Partial<Record<FileField, string>> = {};
      for (const f of files) {
        if (f === 'scholarshipDocument' && scholarship !== 'yes') continue;
        if (v[f]) kept[f] = v[f];
      }
      const text = Object.fromEntries(
        ADMISSION_TEXT_FIELDS.filter((f) => f !== 'admissionClass' && f !== 'governmentScholarship').map((f) => [
          f,
          v[f],
        ]),
      ) as AdmissionText;
      text.studentAadharNo = aadhaarDigits(v.studentAadharNo);
      if (isAbcOptOut(v.abcId)) text.abcId = v.abcId.toUpperCase();
      return {
        band,
        classLabel: resolveClass(v.admissionClass, band)!.label,
        text,
        governmentScholarship: scholarship,
        files: kept,
      };
    }),
  );
}

const schemas = Object.fromEntries(BANDS.map((band) => [band, admissionSchema(band)])) as Record<
  Band,
  ReturnType<typeof admissionSchema>
>;

const EARLY_YEARS_VALUES = new Set(['1', '2', '3']);

/**
 * The band of a submission: the one it names; else, without a scholarship answer, a class value of
 * 1-3 is the early-years form's (which sends neither band nor that answer, while the classes 1-5 and
 * 6-12 forms always answer it); else the band its class implies. Undefined when it names an unknown band.
 */
export function bandOf(input: Record<string, unknown>): Band | undefined {
  const band = typeof input.band === 'string' ? input.band.trim() : '';
  if (band) return bandNamed(band);
  const cls = typeof input.admissionClass === 'string' ? input.admissionClass.trim() : '';
  const answered = typeof input.governmentScholarship === 'string' && input.governmentScholarship.trim() !== '';
  if (!answered && EARLY_YEARS_VALUES.has(cls)) return WING.earlyYears;
  // No class either: check as a form whose rule 1 includes the class, so the answer is rule 1's.
  return resolveClass(cls)?.band ?? WING.classes6To12;
}

export function validateAdmission(input: Record<string, unknown>, band?: Band): Result<AdmissionData> {
  const chosen = band ?? bandOf(input);
  if (!chosen) {
    const code = formCode('admissionClass');
    return {
      ok: false,
      error: FORM_TEXTS.admissionClass,
      code,
      fields: { band: FORM_TEXTS.admissionClass },
      codes: { band: code },
      kind: 'rule',
    };
  }
  return validate(schemas[chosen], input);
}
