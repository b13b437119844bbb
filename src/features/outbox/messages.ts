import { KINDS } from '../kinds.ts';

/** The outbox as the messages screen reads it: each message as GET /v1/api/messages answers it, and the words for its columns. */
export interface Message {
  _id: string;
  entity: string;
  recordId: string;
  channel: string;
  /** The e-mail address, or the 10-digit mobile number of a WhatsApp or SMS message. */
  to: string;
  /** `<entity>.<event>`: which template wrote it. */
  template: string;
  language: string;
  subject: string;
  body: string;
  state: string;
  attempts: number;
  lastError: string | null;
  /** Why a held message was not sent (the daily caps on messages caused by the public forms: English, a line break, Hindi), or an opted-out number's message; else null. */
  heldReason: string | null;
  nextAttemptAt: string | null;
  sentAt: string | null;
  /** A WhatsApp message for the office to send by hand (queued while no provider was configured). */
  byHand: boolean;
  /** When the family's phone had it (WhatsApp, SMS), and when they read it (WhatsApp), as the provider reported. */
  deliveredAt: string | null;
  readAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export const MESSAGE_STATE_LABELS = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
  held: 'Held',
  'opted-out': 'Not sent: opted out',
} as const;

/** A number that stopped (or started again) WhatsApp and SMS messages, as GET /v1/api/opt-outs answers it. */
export interface OptOut {
  mobile: string;
  optedOut: boolean;
  source: string;
  changedAt: string;
}
export const OPT_OUT_SOURCES: Readonly<Record<string, string>> = {
  whatsapp: 'Replied on WhatsApp',
  sms: 'Replied by SMS',
  link: 'Opened the link in a message',
};
export const CHANNEL_LABELS = { email: 'E-mail', whatsapp: 'WhatsApp', sms: 'SMS' } as const;
/** Every kind in the list, as the filter names it. */
export const MESSAGE_ENTITY_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  KINDS.map((k) => [k.name, k.labels.one]),
);
/** Every kind's templates, as the list names them. */
export const TEMPLATE_LABELS: Readonly<Record<string, string>> = Object.assign(
  {},
  ...KINDS.map((k) => k.letters?.templates ?? {}),
);

const word = (table: Record<string, string>, value: string) => table[value] ?? value;
export const stateText = (state: string) => word(MESSAGE_STATE_LABELS, state);
export const channelText = (channel: string) => word(CHANNEL_LABELS, channel);
export const templateText = (template: string) => word(TEMPLATE_LABELS, template);
