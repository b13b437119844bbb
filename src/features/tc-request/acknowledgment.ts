/** The TC request's acknowledgment as the form links it (acknowledgment.server.ts draws it), and how its fee is paid. */
import type { Language } from '../../lib/i18n/index.ts';

export const TC_ACKNOWLEDGMENT_PATH = '/v1/api/tc-request/acknowledgment';

/** The PDF of a request, proven by its reference number and the form's mobile number. */
export const tcAcknowledgmentHref = (reference: string, contact: string, language: Language) =>
  `${TC_ACKNOWLEDGMENT_PATH}?${new URLSearchParams({ referenceNumber: reference, contact, lang: language })}`;

/** GET /v1/api/tc-request/payment: whether the site takes the TC fee online (from the status page). */
export interface TcPayment {
  payOnline: boolean;
}
