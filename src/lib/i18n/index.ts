/** The interface's text tables (English, Hindi), keyed by code, and how a text is filled in. (The parents' messages are the outbox: src/features/outbox/.) */
import { EN, type TextCode } from './en.ts';
import { HI } from './hi.ts';

import { fillIn } from '../forms/texts.ts';
import type { Language } from './languages.ts';
import { romanClass } from '../classes.ts';
import { numberExamples } from '../record-numbers.ts';

export { LANGUAGES, LANGUAGE_NAMES, isLanguage, type Language } from './languages.ts';
export type { TextCode };

const TABLES: Record<Language, Record<TextCode, string>> = { en: EN, hi: HI };

/** The message `code` in `language`, each `{name}` replaced by `values[name]` (left as it is when absent). */
export function fill(language: Language, code: TextCode, values: Record<string, string> = {}): string {
  return fillIn(TABLES[language][code], { ...numberExamples(), ...values });
}

/** How a class reads to a parent: 'Class 5' / 'कक्षा V' (as the Hindi forms write it); the early-years names as they are. */
export const classFor = (language: Language, label: string) =>
  /^\d+$/.test(label) ? fill(language, 'class.name', { class: label, roman: romanClass(label) }) : label;

/** Each language's tag for `lang` and `hreflang` attributes. */
export const LANGUAGE_TAGS: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };
