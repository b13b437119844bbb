/** The TC request form's words for a page not in English (see src/lib/i18n/form-texts.ts). */
import type { FieldTexts, FormTexts } from '../../lib/forms/island-texts.ts';
import { hindiForm, withClasses } from '../../lib/i18n/form-texts.ts';
import { HI_FORMS } from '../../lib/i18n/hi.ts';
import type { Language } from '../../lib/i18n/index.ts';
import { ALL_CLASSES } from '../../lib/classes.ts';
import { TC_FORM, type TcField } from './schema.ts';

/** The Hindi table's TC request words; a field of the form without its words does not type-check. */
const HI_WORDS: Record<Exclude<TcField, 'language' | 'consent'>, FieldTexts> = {
  ...HI_FORMS.tcRequest,
  studentClass: withClasses(
    HI_FORMS.tcRequest.studentClass,
    ALL_CLASSES.map((c) => ({ value: c, label: c })),
  ),
};

export const tcRequestTexts = (language: Language): FormTexts | undefined =>
  language === 'en' ? undefined : hindiForm(TC_FORM, HI_WORDS);
