/**
 * SMS through MSG91's Flow API (its "send SMS via template" API, v5), with India's DLT rules: only
 * a template registered on the DLT portal (with its header, the sender ID) is sent, its variables
 * filled. MSG91's template (src/config/mobile-templates.ts, MSG91_TEMPLATE_IDS) carries the DLT template id
 * and the sender:
 *
 *   POST {MSG91_API_URL}/api/v5/flow, header `authkey: {MSG91_AUTH_KEY}`,
 *   { template_id, short_url: "0", sender?, recipients: [{ mobiles: "91…", var1, var2, … }] }
 *   answers { type: "success", message: "<request id>" } or { type: "error", message }.
 *
 * MSG91's delivery reports name the request id; they carry no signature, so the report URL holds a
 * secret of ours (MSG91_WEBHOOK_TOKEN), compared in constant time (netlify/functions/sms.mts).
 */
import { MOBILE_TEMPLATES, type MobileTemplate } from '../config/mobile-templates.ts';
import type { Language } from '../lib/i18n/index.ts';
import { SendError } from './whatsapp.ts';

const base = () => (process.env.MSG91_API_URL?.trim() || 'https://control.msg91.com').replace(/\/+$/, '');

/** MSG91's template id for `template` in `language`: MSG91_TEMPLATE_IDS ({"received.en": "…"}) first, then the config table. */
export function msg91TemplateId(template: MobileTemplate, language: Language): string {
  let overrides: Record<string, unknown> = {};
  try {
    overrides = JSON.parse(process.env.MSG91_TEMPLATE_IDS || '{}') as Record<string, unknown>;
  } catch {
    // A malformed list is the same as none: the config table's ids stand.
  }
  const own = overrides[`${template}.${language}`];
  return typeof own === 'string' && own ? own : MOBILE_TEMPLATES[template].msg91[language];
}

/** Sends MSG91 template `templateId` to `to` (country code first) with its variables; answers MSG91's request id. */
export async function sendSms(to: string, templateId: string, params: string[]): Promise<string> {
  if (!templateId)
    throw new SendError(
      'No MSG91 template id is set for this message (src/config/mobile-templates.ts or MSG91_TEMPLATE_IDS).',
      true,
    );
  const recipient: Record<string, string> = { mobiles: to };
  params.forEach((value, i) => (recipient[`var${i + 1}`] = value));
  const sender = process.env.MSG91_SENDER_ID?.trim();
  const res = await fetch(`${base()}/api/v5/flow`, {
    method: 'POST',
    headers: {
      authkey: process.env.MSG91_AUTH_KEY!.trim(),
      'content-type': 'application/json',
      accept: 'application/json',
    },
    // short_url "0": the link stays the school's own, the domain whitelisted on DLT (TRAI's rule for links in SMS).
    body: JSON.stringify({
      template_id: templateId,
      short_url: '0',
      ...(sender ? { sender } : {}),
      recipients: [recipient],
    }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json().catch(() => ({}))) as { type?: string; message?: unknown };
  if (res.ok && body.type === 'success' && typeof body.message === 'string' && body.message) return body.message;
  const permanent = res.status >= 400 && res.status < 500 && res.status !== 429 && res.status !== 401;
  throw new SendError(
    `MSG91 ${res.status}: ${typeof body.message === 'string' ? body.message : res.statusText}`,
    permanent,
  );
}
