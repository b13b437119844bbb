/** The enquiry pop-up's words for a page not in English (see src/lib/i18n/form-words.ts). */
import { ALL_CLASSES } from '../../lib/classes.ts';
import type { FieldWords, FormWords } from '../../lib/forms/words.ts';
import { hindiForm, withClasses } from '../../lib/i18n/form-words.ts';
import { HI_FORMS } from '../../lib/i18n/hi.ts';
import type { Language } from '../../lib/i18n/index.ts';
import { ENQUIRY_FORM, type EnquiryField } from './schema.ts';

/** The Hindi table's enquiry words; a field of the form without its words does not type-check. */
const HI_WORDS: Record<Exclude<EnquiryField, 'language' | 'consent'>, FieldWords> = HI_FORMS.enquiry;

export function enquiryWords(language: Language): FormWords | undefined {
  if (language === 'en') return undefined;
  const classes = ALL_CLASSES.map((c) => ({ value: c, label: c }));
  return hindiForm(ENQUIRY_FORM, {
    ...HI_WORDS,
    admissionClass: withClasses(HI_WORDS.admissionClass, classes),
  });
}
