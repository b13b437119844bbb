/**
 * WhatsApp through Meta's WhatsApp Business Cloud API (Graph API):
 *
 *   POST {WHATSAPP_API_URL}/{version}/{WHATSAPP_PHONE_NUMBER_ID}/messages, Authorization: Bearer
 *   {WHATSAPP_ACCESS_TOKEN}, a `template` message (the school's approved template, its language
 *   `en` or `hi`, the body's text parameters). 200 { messages: [{ id: "wamid…" }] }; an error is
 *   { error: { message, type, code, error_subcode, error_data, fbtrace_id } }.
 *
 * Meta's webhook (POST, the same URL answers the GET verification handshake) carries
 * X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body with WHATSAPP_APP_SECRET>, and
 * entry[].changes[].value with `statuses` (sent, delivered, read, failed, by message id) and
 * `messages` (what families write: STOP and START are read here).
 */
import { hmacHex, sameSecret } from './signatures.ts';
import { WHATSAPP_API_VERSION } from '../config/mobile-templates.ts';
import type { Language } from '../lib/i18n/index.ts';

/** A provider's refusal: `permanent` when sending the same again cannot succeed (not a WhatsApp number, no such template). */
export class SendError extends Error {
  override name = 'SendError';
  readonly permanent: boolean;
  constructor(message: string, permanent: boolean) {
    super(message);
    this.permanent = permanent;
  }
}

/**
 * Error codes worth another try later: throttling (4, 80007, 130429, 131048, 131056), Meta's own
 * trouble (1, 2, 131000, 131016), and the token (190: the office renews it). Any other 4xx is for good.
 */
const TRY_AGAIN = new Set([1, 2, 4, 190, 80007, 130429, 131000, 131016, 131048, 131056]);

const base = () => (process.env.WHATSAPP_API_URL?.trim() || 'https://graph.facebook.com').replace(/\/+$/, '');
const version = () => process.env.WHATSAPP_API_VERSION?.trim() || WHATSAPP_API_VERSION;

/** Sends template `name` in `language` to `to` (country code first); answers WhatsApp's message id. */
export async function sendWhatsApp(to: string, name: string, language: Language, params: string[]): Promise<string> {
  const url = `${base()}/${version()}/${encodeURIComponent(process.env.WHATSAPP_PHONE_NUMBER_ID!.trim())}/messages`;
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${process.env.WHATSAPP_ACCESS_TOKEN!.trim()}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      type: 'template',
      template: {
        name,
        language: { code: language },
        components: [{ type: 'body', parameters: params.map((text) => ({ type: 'text', text })) }],
      },
    }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json().catch(() => ({}))) as {
    messages?: { id?: unknown }[];
    error?: { message?: string; code?: number };
  };
  if (res.ok) {
    const id = body.messages?.[0]?.id;
    if (typeof id === 'string' && id) return id;
    throw new SendError(`WhatsApp answered ${res.status} without a message id`, false);
  }
  const code = Number(body.error?.code);
  const permanent = res.status < 500 && res.status !== 429 && !TRY_AGAIN.has(code);
  throw new SendError(
    `WhatsApp ${res.status}: ${body.error?.message ?? res.statusText}${Number.isFinite(code) ? ` (code ${code})` : ''}`,
    permanent,
  );
}

/** Whether `header` (X-Hub-Signature-256) is Meta's signature of `raw` with the app secret, compared in constant time. */
export function isMetaSignature(raw: Buffer, header: string | null): boolean {
  const secret = process.env.WHATSAPP_APP_SECRET?.trim();
  if (!secret || !header?.startsWith('sha256=')) return false;
  return sameSecret(header.slice('sha256='.length).toLowerCase(), hmacHex(raw, secret));
}
