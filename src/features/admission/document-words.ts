/** A document's name as the parent reads it: the form's label in the language the form was filled in. */
import { HI_FORMS } from '../../lib/i18n/hi.ts';
import type { Language } from '../../lib/i18n/index.ts';
import { fileLabel, type FileField } from './admission.ts';

export const documentLabel = (language: Language, field: FileField) =>
  language === 'hi' ? HI_FORMS.admission.fields[field].label : fileLabel(field);
