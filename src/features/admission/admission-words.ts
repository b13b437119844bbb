/** An admission form's words for a page not in English (see src/lib/i18n/form-words.ts); its page's heading is the wing's (./wings.ts). */
import { CLASS_OPTIONS, type Band } from '../../lib/classes.ts';
import type { FormWords } from '../../lib/forms/words.ts';
import { hindiForm, withClasses } from '../../lib/i18n/form-words.ts';
import { HI_FORMS } from '../../lib/i18n/hi.ts';
import type { Language } from '../../lib/i18n/index.ts';
import { bandFields } from './admission.ts';

export function admissionWords(language: Language, band: Band): FormWords | undefined {
  if (language === 'en') return undefined;
  const { fields, sections } = HI_FORMS.admission;
  return hindiForm(
    bandFields(band),
    { ...fields, admissionClass: withClasses(fields.admissionClass, CLASS_OPTIONS[band]) },
    sections,
  );
}
