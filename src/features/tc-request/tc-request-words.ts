/** The TC request form's words for a page not in English (see src/lib/messages/form-words.ts). */
import type { FormWords } from '../../lib/forms/words.ts';
import { hindiForm } from '../../lib/messages/form-words.ts';
import { HI_FORMS } from '../../lib/messages/hi.ts';
import type { Language } from '../../lib/messages/index.ts';
import { TC_FORM } from './schema.ts';

export const tcRequestWords = (language: Language): FormWords | undefined => (language === 'en' ? undefined : hindiForm(TC_FORM, HI_FORMS.tcRequest));
