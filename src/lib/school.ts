/** The school's name and address as a page or document in `language` writes them (src/config/site.ts). */
import { site } from '../config/site.ts';
import type { Language } from './i18n/languages.ts';

export const schoolName = (language: Language) => (language === 'hi' ? site.contact.hindiName : site.contact.name);
export const schoolAddress = (language: Language) => (language === 'hi' ? site.contact.hindiAddress : site.contact.address);
