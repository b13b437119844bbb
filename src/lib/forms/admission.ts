/**
 * The admission application: one schema per band, used by the form before it submits and by
 * POST /v1/api/admission before it stores anything. File fields hold a staged upload's id (or, on
 * the server, a marker for a file sent in the request itself): the rules only ask whether each is there.
 */
import { z } from '../zod.ts';
import { isBand, resolveClass, type Band } from '../classes.ts';
import {
  ADMISSION_FILE_FIELDS, ADMISSION_TEXT_FIELDS, BANDS_DEF, TEXT_MAX, bandFiles, type FileField, type TextField,
} from './admission-bands.ts';
import { MSG } from './messages.ts';
import { aadhaarDigits, isValidAadhaar } from './verhoeff.ts';
import { Rules, emptyOf, isTenDigits, text, validate, type Result } from './validate.ts';

export type AdmissionInput = Partial<Record<TextField | FileField | 'band', string>>;

export interface AdmissionData {
  band: Band;
  /** The canonical class: P.N.C, N.C, K.G or 1-12. */
  classLabel: string;
  text: Record<Exclude<TextField, 'admissionClass' | 'governmentScholarship'>, string>;
  governmentScholarship: 'yes' | 'no';
  /** The documents to keep: only this band's fields, and the scholarship one only when the answer is yes. */
  files: Partial<Record<FileField, string>>;
}

const shape = z.object({
  band: text(),
  ...(Object.fromEntries(ADMISSION_TEXT_FIELDS.map((f) => [f, text()])) as Record<TextField, ReturnType<typeof text>>),
  ...(Object.fromEntries(ADMISSION_FILE_FIELDS.map((f) => [f, text()])) as Record<FileField, ReturnType<typeof text>>),
});
type Shape = z.output<typeof shape>;

export function admissionSchema(band: Band) {
  const def = BANDS_DEF[band];
  const files = bandFiles(def);
  const checked = shape.check(
    z.superRefine((v: Shape, ctx) => {
      const rules = new Rules(ctx);
      rules.check(MSG.required, () => emptyOf(v, def.required));
      rules.check(MSG.aadhaar, () => (isValidAadhaar(v.studentAadharNo) ? [] : ['studentAadharNo']));
      rules.check(MSG.contactNo, () => (isTenDigits(v.contactNo) ? [] : ['contactNo']));
      for (const step of def.fileSteps) rules.check(step.message, () => emptyOf(v, step.fields));
      if (def.academic) {
        rules.check(MSG.scholarship, () => (v.governmentScholarship === 'yes' && !v.scholarshipDocument ? ['scholarshipDocument'] : []));
      }
      // Not in the spec's list (the form's select makes these impossible), but never trusted.
      rules.check(MSG.admissionClass, () => (resolveClass(v.admissionClass, band) ? [] : ['admissionClass']));
      if (def.academic) {
        rules.check(MSG.scholarshipChoice, () => (['', 'yes', 'no'].includes(v.governmentScholarship) ? [] : ['governmentScholarship']));
      }
      rules.check(MSG.tooLong, () => ADMISSION_TEXT_FIELDS.filter((f) => v[f].length > TEXT_MAX[f]));
    }),
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
      return {
        band,
        classLabel: resolveClass(v.admissionClass, band)!.label,
        text: {
          studentFirstName: v.studentFirstName, studentMiddleName: v.studentMiddleName, studentLastName: v.studentLastName,
          studentAadharNo: aadhaarDigits(v.studentAadharNo),
          fatherFirstName: v.fatherFirstName, fatherMiddleName: v.fatherMiddleName, fatherLastName: v.fatherLastName,
          motherFirstName: v.motherFirstName, motherMiddleName: v.motherMiddleName, motherLastName: v.motherLastName,
          abcId: v.abcId, contactNo: v.contactNo,
        },
        governmentScholarship: scholarship,
        files: kept,
      };
    }),
  );
}

const schemas = { primary: admissionSchema('primary'), middle: admissionSchema('middle'), senior: admissionSchema('senior') };

/**
 * The band of a submission: the one it names, else the one its class implies (P.N.C, N.C, K.G:
 * primary; 1-5: middle; 6-12: senior). Undefined when it names an unknown band.
 */
export function bandOf(input: Record<string, unknown>): Band | undefined {
  const band = typeof input.band === 'string' ? input.band.trim() : '';
  if (band) return isBand(band) ? band : undefined;
  const cls = typeof input.admissionClass === 'string' ? input.admissionClass.trim() : '';
  // No class either: check as a form whose rule 1 includes the class, so the answer is rule 1's.
  return resolveClass(cls)?.band ?? 'senior';
}

export function validateAdmission(input: Record<string, unknown>, band?: Band): Result<AdmissionData> {
  const chosen = band ?? bandOf(input);
  if (!chosen) return { ok: false, error: MSG.admissionClass, fields: { band: MSG.admissionClass }, kind: 'rule' };
  return validate(schemas[chosen], input);
}
