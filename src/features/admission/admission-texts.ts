/** An admission form's words for a page not in English (see src/lib/i18n/form-texts.ts); its page's heading is the wing's (./wings.ts). */
import { CLASS_OPTIONS, type Band } from '../../lib/classes.ts';
import type { FormTexts } from '../../lib/forms/island-texts.ts';
import { hindiForm, withClasses } from '../../lib/i18n/form-texts.ts';
import type { Language } from '../../lib/i18n/index.ts';
import { bandFields } from './admission.ts';
import { ADMISSION_HI } from './document-texts.ts';

export function admissionTexts(language: Language, band: Band): FormTexts | undefined {
  if (language === 'en') return undefined;
  const { fields, sections } = ADMISSION_HI;
  return hindiForm(
    bandFields(band),
    { ...fields, admissionClass: withClasses(fields.admissionClass, CLASS_OPTIONS[band]) },
    sections,
  );
}
