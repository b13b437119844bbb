/** The message tables (English, Hindi) and how a message is filled in. */
import { EN, type MessageCode } from './en.ts';
import { HI } from './hi.ts';

import { fillIn } from '../forms/messages.ts';
import type { Language } from './languages.ts';
import { romanClass } from '../classes.ts';

export { LANGUAGES, LANGUAGE_NAMES, isLanguage, type Language } from './languages.ts';
export type { MessageCode };

const TABLES: Record<Language, Record<MessageCode, string>> = { en: EN, hi: HI };

/** The message `code` in `language`, each `{name}` replaced by `values[name]` (left as it is when absent). */
export function fill(language: Language, code: MessageCode, values: Record<string, string> = {}): string {
  return fillIn(TABLES[language][code], values);
}

/** How a class reads to a parent: 'Class 5' / 'कक्षा V' (as the Hindi forms write it); the early-years names as they are. */
export const classFor = (language: Language, label: string) =>
  /^\d+$/.test(label) ? fill(language, 'class.name', { class: label, roman: romanClass(label) }) : label;

/** Each language's tag for `lang` and `hreflang` attributes. */
export const LANGUAGE_TAGS: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };
