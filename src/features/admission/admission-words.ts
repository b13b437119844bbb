/** An admission form's words for a page not in English (see src/lib/i18n/form-words.ts); its page's heading is the wing's (./wings.ts). */
import { CLASS_OPTIONS, type Band } from '../../lib/classes.ts';
import type { FormWords } from '../../lib/forms/words.ts';
import { hindiForm, withClasses } from '../../lib/i18n/form-words.ts';
import type { Language } from '../../lib/i18n/index.ts';
import { bandFields } from './admission.ts';
import { ADMISSION_HI } from './document-words.ts';

export function admissionWords(language: Language, band: Band): FormWords | undefined {
  if (language === 'en') return undefined;
  const { fields, sections } = ADMISSION_HI;
  return hindiForm(
    bandFields(band),
    { ...fields, admissionClass: withClasses(fields.admissionClass, CLASS_OPTIONS[band]) },
    sections,
  );
}
