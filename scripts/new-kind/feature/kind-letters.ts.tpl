/** What the school writes to a family about their {{title}} request (src/features/outbox/letters.ts has what letters share). */
import { statusTexts } from '../../lib/contact.ts';
import { classFor, type Language } from '../../lib/i18n/index.ts';
import { homeUrl, letter, what } from '../outbox/letters.ts';

/** What the letters name (a request's JSON has these). */
export interface {{Pascal}}Facts {
  studentClass: string;
  status: string;
}

const values = (language: Language, r: {{Pascal}}Facts) => ({
  class: classFor(language, r.studentClass),
  status: statusTexts(language, '{{kebab}}', r.status),
});

// A {{title}} request has no status page: its messages link the school's site.
export const {{camel}}Submitted = (language: Language, r: {{Pascal}}Facts) => {
  const v = values(language, r);
  return letter(language, '{{kebab}}.submitted', v, {
    template: 'received',
    values: { what: what(language, '{{kebab}}', v), link: homeUrl(language) },
  });
};
export const {{camel}}StatusChanged = (language: Language, r: {{Pascal}}Facts) => {
  const v = values(language, r);
  return letter(language, '{{kebab}}.status', v, {
    template: 'status',
    values: { what: what(language, '{{kebab}}', v), status: v.status, link: homeUrl(language) },
  });
};
