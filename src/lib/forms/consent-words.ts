/**
 * The words of a form's privacy parts in one language, read by the page at build time and handed to
 * the island, so the form's script carries only its own language's words.
 */
import { fill, type Language } from '../messages/index.ts';
import { pathIn } from '../language-paths.ts';
import type { ConsentWords } from '../../components/forms/fields.tsx';
import { ABC_ID_ANSWERS } from './consent.ts';

export const consentWords = (lang: Language): ConsentWords => ({
  notice: fill(lang, 'consent.notice'),
  link: fill(lang, 'consent.link'),
  href: pathIn(lang, '/privacy'),
  agree: fill(lang, 'consent.agree'),
});

/** The ABC ID's select: the ID itself, or one of the answers that stand in for it, each with its one-line explanation. */
export interface AbcWords {
  label: string;
  choices: { value: string; text: string; explain: string }[];
}

export const abcWords = (lang: Language): AbcWords => ({
  label: fill(lang, 'abc.choice'),
  choices: [
    { value: '', text: fill(lang, 'abc.choice.id'), explain: fill(lang, 'abc.explain.id') },
    ...ABC_ID_ANSWERS.map((answer) => ({ value: answer, text: fill(lang, `abc.choice.${answer}`), explain: fill(lang, `abc.explain.${answer}`) })),
  ],
});
