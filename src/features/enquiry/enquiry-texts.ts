/** The enquiry pop-up's words for a page not in English (see src/lib/i18n/form-texts.ts). */
import { ALL_CLASSES } from '../../lib/classes.ts';
import type { FieldTexts, FormTexts } from '../../lib/forms/island-texts.ts';
import { hindiForm, withClasses } from '../../lib/i18n/form-texts.ts';
import { HI_FORMS } from '../../lib/i18n/hi.ts';
import type { Language } from '../../lib/i18n/index.ts';
import { ENQUIRY_FORM, type EnquiryField } from './schema.ts';

/** The Hindi table's enquiry words; a field of the form without its words does not type-check. */
const HI_WORDS: Record<Exclude<EnquiryField, 'language' | 'consent'>, FieldTexts> = HI_FORMS.enquiry;

export function enquiryTexts(language: Language): FormTexts | undefined {
  if (language === 'en') return undefined;
  const classes = ALL_CLASSES.map((c) => ({ value: c, label: c }));
  return hindiForm(ENQUIRY_FORM, {
    ...HI_WORDS,
    admissionClass: withClasses(HI_WORDS.admissionClass, classes),
  });
}
