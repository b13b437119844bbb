/**
 * The templates the school registers for messages that go by themselves: one per kind
 * of message, each with its WhatsApp template name (approved in Meta's WhatsApp Manager, in English
 * `en` and Hindi `hi` under the same name) and its MSG91 template id per language (MSG91's id of
 * the SMS template, which carries the DLT template id and the sender ID; MSG91_TEMPLATE_IDS may set
 * them as JSON {"received.en": "…"} instead of editing this file).
 *
 * `params` are the template's variables in order ({{1}}, {{2}}, … on WhatsApp; var1, var2, … in the
 * MSG91 template, each a {#var#} of the DLT text). Their words are the `mobile.*` texts of
 * src/lib/i18n/en.ts and hi.ts, which docs/operations.md ("Messages to families") lists as the
 * exact texts to register. Every one ends with the opt-out link.
 */
export const MOBILE_TEMPLATES = {
  received: { whatsapp: 'school_received', msg91: { en: '', hi: '' }, params: ['what', 'link', 'optOut'] },
  status: { whatsapp: 'school_status', msg91: { en: '', hi: '' }, params: ['what', 'status', 'link', 'optOut'] },
  decision: { whatsapp: 'school_decision', msg91: { en: '', hi: '' }, params: ['what', 'status', 'link', 'optOut'] },
  'fee-due': {
    whatsapp: 'school_fee_due',
    msg91: { en: '', hi: '' },
    params: ['what', 'status', 'fee', 'link', 'optOut'],
  },
  payment: { whatsapp: 'school_payment', msg91: { en: '', hi: '' }, params: ['fee', 'receipt', 'link', 'optOut'] },
  document: {
    whatsapp: 'school_document',
    msg91: { en: '', hi: '' },
    params: ['what', 'document', 'reason', 'link', 'optOut'],
  },
  'tc-ready': { whatsapp: 'school_tc_ready', msg91: { en: '', hi: '' }, params: ['link', 'optOut'] },
} as const satisfies Record<string, { whatsapp: string; msg91: { en: string; hi: string }; params: readonly string[] }>;

export type MobileTemplate = keyof typeof MOBILE_TEMPLATES;

/** Meta's Graph API version the WhatsApp messages go through (WHATSAPP_API_VERSION may change it). */
export const WHATSAPP_API_VERSION = 'v21.0';
