/** A document's name as the parent reads it: the form's label in the language the form was filled in. */
import { HI_FORMS } from '../../lib/i18n/hi.ts';
import type { Language } from '../../lib/i18n/index.ts';
import type { FieldTexts } from '../../lib/forms/island-texts.ts';
import { fileLabel, type FileField, type SectionId, type TextField } from './admission.ts';

/** The Hindi table's admission words; a field or section of the forms without its words does not type-check. */
export const ADMISSION_HI: {
  fields: Record<Exclude<TextField, 'language' | 'consent'> | FileField, FieldTexts>;
  sections: Record<SectionId, string>;
} = HI_FORMS.admission;

export const documentLabel = (language: Language, field: FileField) =>
  language === 'hi' ? ADMISSION_HI.fields[field].label : fileLabel(field);
