/**
 * What the public forms' pages hand their islands when the page is not in English: the form codes
 * of the page's text table and the fields' words, picked where the page is built so the
 * island's script carries no text table. English pages hand nothing: an island's English is
 * its records' definitions and src/lib/forms/texts.ts. Each form's own builder lives with its
 * record (enquiry-texts.ts, admission-texts.ts, tc-request-texts.ts).
 */
import { hindiClassText } from '../classes.ts';
import { FORM_EN, type FormCode } from '../forms/texts.ts';
import type { FieldTexts, FormTexts } from '../forms/island-texts.ts';
import type { Field } from '../record.ts';
import { HI } from './hi.ts';

const FORM_CODES = Object.keys(FORM_EN) as FormCode[];

/**
 * The Hindi words of a form whose fields are `fields`: `words` by field, each label followed by
 * "(optional)" in Hindi where the definition says so (the school's settings may make a field optional).
 */
export function hindiForm(
  fields: readonly Field[],
  texts: Record<string, FieldTexts>,
  sections?: Record<string, string>,
): FormTexts {
  const labelled = Object.fromEntries(
    fields
      .filter((f) => texts[f.name])
      .map((f) => [
        f.name,
        { ...texts[f.name]!, label: texts[f.name]!.label + (f.labelledOptional ? HI['formText.optional'] : '') },
      ]),
  );
  return {
    codes: Object.fromEntries(FORM_CODES.map((code) => [code, HI[code]])) as Record<FormCode, string>,
    fields: labelled,
    ...(sections ? { sections } : {}),
  };
}

/**
 * The Hindi words of a document field alone (its hint, progress and refusals), for a page that
 * sends a document outside a form (the status page's replacement): only those codes, so the page
 * stays small.
 */
export function hindiFileTexts(): FormTexts {
  const codes = FORM_CODES.filter((code) => /^(form\.(file|photo|upload|image)|formText\.file|request\.)/.test(code));
  return { codes: Object.fromEntries(codes.map((code) => [code, HI[code]])) as Record<FormCode, string>, fields: {} };
}

/** A class select's Hindi choices: 'कक्षा V', the early-years names as they are. */
export const withClasses = (field: FieldTexts, classes: readonly { value: string; label: string }[]): FieldTexts => ({
  ...field,
  options: Object.fromEntries(classes.map((c) => [c.value, hindiClassText(c.label)])),
});
