/**
 * A form island's words. An English page hands none: the island speaks from its definitions and
 * the English form table it carries (./messages.ts). A Hindi page hands its island the Hindi ones
 * (each record's *-words.ts builds them where the page is built), so no island carries the
 * other language's table.
 */
import { FORM_PART_TEXTS, FORM_TEXTS, fillIn, type FormCode, type FormKey, type FormPartKey } from './texts.ts';
import { ABC_ID_ANSWERS } from './consent.ts';
import { pathIn } from '../language-paths.ts';
import { officePhoneOnPage } from '../school-contact.ts';
import type { Language } from '../i18n/languages.ts';

/** What a field reads in a language other than its definition's English. */
export interface FieldTexts {
  label: string;
  hint?: string;
  /** The first, empty choice of a select. */
  placeholder?: string;
  /** A select's choices by value. */
  options?: Record<string, string>;
}

export interface FormTexts {
  /** Every form code (`form.*`, `request.*`, `formText.*`) in the page's language. */
  codes: Record<FormCode, string>;
  /** Each field's words, by its name. */
  fields: Record<string, FieldTexts>;
  /** The form's section headings, by section. */
  sections?: Record<string, string>;
}

export type Speaker = ReturnType<typeof speaker>;

export function speaker(texts?: FormTexts) {
  const code = (c: FormCode) => texts?.codes[c];
  return {
    /**
     * A refusal by its code: this page's words for it, else its English text as the check or the
     * server gave it. `values` fill the words in (a 429's minutes; the school's phone as the
     * page shows it, '' while it has set none); words that would still show a blank to fill take the
     * server's text instead.
     */
    say: (c: string | undefined, english: string, values: Record<string, string> = {}) => {
      const words = c && code(c as FormCode);
      const filled = words ? fillIn(words, { phone: officePhoneOnPage(), ...values }) : '';
      return filled && !/\{\w+\}/.test(filled) ? filled : english;
    },
    /** Each field's message in this page's words. */
    sayAll: (fields: Record<string, string> = {}, codes: Record<string, string> = {}) =>
      Object.fromEntries(
        Object.entries(fields).map(([f, english]) => [f, (codes[f] && code(codes[f] as FormCode)) || english]),
      ),
    msg: (key: FormKey) => code(`form.${key}`) ?? FORM_TEXTS[key],
    text: (key: FormPartKey, values?: Record<string, string>) =>
      fillIn(code(`formText.${key}`) ?? FORM_PART_TEXTS[key], values),
    field: (name: string): FieldTexts | undefined => texts?.fields[name],
    section: (id: string, english: string) => texts?.sections?.[id] ?? english,
  };
}

/** The words of the consent box (ConsentBox in src/components/forms/fields.tsx), in the page's language. */
export interface ConsentTexts {
  notice: string;
  link: string;
  href: string;
  agree: string;
}

/** The consent box's words in the speaker's language, its link to the notice of `language`. */
export const consentTexts = (speak: Speaker, language: Language): ConsentTexts => ({
  notice: speak.text('consentNotice'),
  link: speak.text('consentLink'),
  href: pathIn(language, '/privacy'),
  agree: speak.text('consentAgree'),
});

/** The ABC ID's select: the ID itself, or one of the answers that stand in for it, each with its one-line explanation. */
export interface AbcTexts {
  label: string;
  choices: { value: string; text: string; explain: string }[];
}

export const abcTexts = (speak: Speaker): AbcTexts => ({
  label: speak.text('abcChoice'),
  choices: [
    { value: '', text: speak.text('abcChoiceId'), explain: speak.text('abcExplainId') },
    ...ABC_ID_ANSWERS.map((answer) => ({
      value: answer,
      text: speak.text(`abcChoice${answer}`),
      explain: speak.text(`abcExplain${answer}`),
    })),
  ],
});
