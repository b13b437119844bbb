/** What the school writes to a family about their enquiry (src/features/outbox/letters.ts has what letters share). */
import { statusTexts } from '../../lib/contact.ts';
import { classFor, type Language } from '../../lib/i18n/index.ts';
import { homeUrl, letter, what } from '../outbox/letters.ts';

/** What the letters about an enquiry name (an enquiry's JSON has these). */
export interface EnquiryFacts {
  admissionClass: string;
  status: string;
}

const enquiryValues = (language: Language, e: EnquiryFacts) => ({
  class: classFor(language, e.admissionClass),
  status: statusTexts(language, 'enquiry', e.status),
});

// An enquiry has no status page: its messages link the school's site.
export const enquirySubmitted = (language: Language, e: EnquiryFacts) => {
  const values = enquiryValues(language, e);
  return letter(language, 'enquiry.submitted', values, {
    template: 'received',
    values: { what: what(language, 'enquiry', values), link: homeUrl(language) },
  });
};
export const enquiryStatusChanged = (language: Language, e: EnquiryFacts) => {
  const values = enquiryValues(language, e);
  return letter(language, 'enquiry.status', values, {
    template: 'status',
    values: { what: what(language, 'enquiry', values), status: values.status, link: homeUrl(language) },
  });
};
