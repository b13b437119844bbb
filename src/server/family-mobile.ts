/**
 * What the WhatsApp and SMS senders (src/server/whatsapp.ts, src/server/sms.ts) and the outbox (src/features/outbox/outbox.server.ts)
 * share: which providers are configured, a family's number in the two forms they use, the words of
 * a registered template, and the signed opt-out link every message ends with.
 *
 * Channel policy: families read WhatsApp and SMS, not e-mail. With WhatsApp configured a mobile
 * number gets the school's approved WhatsApp template; with only SMS configured, the DLT SMS
 * template; a WhatsApp message that fails for good (not a WhatsApp number, a template refused) is
 * sent again as SMS when SMS is configured. An e-mail still goes where the form gave an address.
 * With neither configured nothing changes: a number gets a WhatsApp message only when the form gave
 * no address, and the office sends it by hand from the messages screen.
 */
import { site } from '../config/site.ts';
import { MOBILE_TEMPLATES, type MobileTemplate } from '../config/mobile-templates.ts';
import { parentMessage } from '../lib/contact.ts';
import { phoneDigits } from '../lib/forms/phone.ts';
import type { Language } from '../lib/i18n/index.ts';
import { sameSecret, siteToken } from './signatures.ts';

/** A letter as a registered WhatsApp / SMS template: its name and the values it fills in (the letters' `mobile`). */
export interface MobileLetter {
  template: MobileTemplate;
  values: Record<string, string>;
}

const set = (name: string) => Boolean(process.env[name]?.trim());

/** WhatsApp Cloud API: a token and the school's phone number id. */
export const whatsappConfigured = () => set('WHATSAPP_ACCESS_TOKEN') && set('WHATSAPP_PHONE_NUMBER_ID');
/** MSG91: its auth key. */
export const smsConfigured = () => set('MSG91_AUTH_KEY');
/** Whether WhatsApp or SMS messages go by themselves. */
export const mobileConfigured = () => whatsappConfigured() || smsConfigured();

/**
 * An Indian mobile number's 10 digits, from what a form or a provider has ('98765 43210',
 * '919876543210', '+91…'), read as the forms read a number typed (phoneDigits); a mobile number
 * starts with 6 to 9.
 */
export function tenDigits(raw: string): string | undefined {
  const ten = phoneDigits(raw);
  return ten && /^[6-9]/.test(ten) ? ten : undefined;
}

/** The number as both providers take it: country code first, no plus. */
export const international = (ten: string) => `91${ten}`;

// ---- the opt-out link ------------------------------------------------------------------------

/** The link's proof that the school made it for this number: an HMAC of the number with the server's secret. */
const tokenFor = (mobile: string) => siteToken(`opt-out:${mobile}`).slice(0, 22);

export function optOutUrl(mobile: string, language: Language): string {
  const query = new URLSearchParams({ n: mobile, t: tokenFor(mobile) });
  return `${site.url}${language === 'hi' ? '/hi' : ''}/opt-out?${query}`;
}

/** Whether `token` is the link's proof for `mobile` (compared in constant time). */
export const isOptOutToken = (mobile: string, token: string): boolean => sameSecret(token, tokenFor(mobile));

// ---- a template's words ----------------------------------------------------------------------

/** The template's variables in order, the opt-out link last. */
export function templateParams(mobile: MobileLetter, optOut: string): string[] {
  const values: Record<string, string> = { ...mobile.values, optOut };
  return MOBILE_TEMPLATES[mobile.template].params.map((name) => values[name] ?? '');
}

/** The text the family reads: the registered template filled in, and the opt-out line. */
export const templateText = (language: Language, mobile: MobileLetter, optOut: string) =>
  `${parentMessage(language, `mobile.${mobile.template}`, mobile.values)} ${parentMessage(language, 'mobile.stop', { optOut })}`;

/** Why a message to a number that opted out was not sent (the messages screen shows it). */
export const OPTED_OUT_REASON =
  'Not sent: the family asked for no WhatsApp or SMS messages (replied STOP or opened the opt-out link).';
