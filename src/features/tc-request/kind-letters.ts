/** What the school writes to a family about their TC request (src/features/outbox/letters.ts has what letters share). */
import { statusTexts } from '../../lib/contact.ts';
import { formatRupees } from '../../lib/money.ts';
import type { Language, TextCode } from '../../lib/i18n/index.ts';
import { statusPageUrl, type StatusPage } from '../../lib/status-pages.ts';
import { letter, paymentReceived, what, type MobileLetter, type ReceivedPayment } from '../outbox/letters.ts';

/** The parents' status page of a TC request, found by the admission number. */
export const TC_STATUS_PAGE: StatusPage = { path: '/admissions/tc-request/status', param: 'number' };

export interface TcRequestFacts {
  status: string;
  /** What is still to pay, in paise (0 when paid, waived or closed). */
  feeDuePaise?: number;
  /** The office's reason, once rejected. */
  rejectionReason?: string;
}

// The status page without the admission number: that number was typed on the form.
const tcValues = (language: Language, tc: TcRequestFacts) => ({
  status: statusTexts(language, 'tc-request', tc.status),
  reason: tc.rejectionReason ?? '',
  fee: formatRupees(tc.feeDuePaise ?? 0),
  link: statusPageUrl(TC_STATUS_PAGE, language),
});

/** A status move's further paragraphs: a rejected TC request says why; every one links the status page. */
const tcMoveParts = (tc: TcRequestFacts): TextCode[] => [
  ...(tc.status === 'rejected' && tc.rejectionReason ? ['message.tc-request.reason' as const] : []),
  'message.tc-request.link',
];

/** A TC request with its fee to pay gets the fee-due template: received, and what to pay, where. */
export const tcRequestSubmitted = (language: Language, tc: TcRequestFacts) => {
  const values = tcValues(language, tc);
  const mobile = { what: what(language, 'tc-request', values), link: values.link };
  const feeDue = (tc.feeDuePaise ?? 0) > 0;
  return letter(
    language,
    'tc-request.submitted',
    values,
    feeDue
      ? { template: 'fee-due', values: { ...mobile, status: values.status, fee: values.fee } }
      : { template: 'received', values: mobile },
    [...(feeDue ? ['message.tc-request.fee' as const] : []), 'message.tc-request.link'],
  );
};
/** An issued TC is ready at the office: its own template. */
export const tcRequestStatusChanged = (language: Language, tc: TcRequestFacts) => {
  const values = tcValues(language, tc);
  const mobile: MobileLetter =
    tc.status === 'issued'
      ? { template: 'tc-ready', values: { link: values.link } }
      : {
          template: 'status',
          values: { what: what(language, 'tc-request', values), status: values.status, link: values.link },
        };
  return letter(language, 'tc-request.status', values, mobile, tcMoveParts(tc));
};

/** A payment the school received for a TC request. */
export const tcRequestPaymentReceived = (language: Language, tc: TcRequestFacts, payment: ReceivedPayment) =>
  paymentReceived(language, 'tc-request', tcValues(language, tc), payment);
