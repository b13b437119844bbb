/**
 * A local server that speaks Meta's WhatsApp Business Cloud API as documented, for a runtime given
 * its WHATSAPP_API_URL: `POST /{version}/{phone-number-id}/messages` with `Authorization: Bearer`,
 * a template message ({ messaging_product: "whatsapp", to, type: "template", template: { name,
 * language: { code }, components: [{ type: "body", parameters: [{ type: "text", text }] }] } }).
 * It answers as the Graph API does: 200 { messaging_product, contacts: [{ input, wa_id }],
 * messages: [{ id: "wamid.…", message_status: "accepted" }] }; 401 with OAuthException code 190 for
 * a wrong token; 400 code 132001 for a template that is not approved; 400 code 100 for a malformed
 * body; and, when told, 500 code 131000 ("Something went wrong").
 *
 * It also posts Meta's webhook notifications to the site (statuses sent/delivered/read/failed and
 * a family's text reply) signed as Meta signs them: X-Hub-Signature-256: sha256=<HMAC-SHA256 of
 * the raw body with the app secret>.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { startJsonServer, type JsonServer } from './json-server.ts';
import type { Json } from './api.ts';

export interface SentTemplate {
  to: string;
  name: string;
  language: string;
  params: string[];
  id: string;
}

const error = (status: number, code: number, message: string, type = 'OAuthException') =>
  [
    status,
    {
      error: {
        message,
        type,
        code,
        error_data: { messaging_product: 'whatsapp', details: message },
        fbtrace_id: randomBytes(8).toString('hex'),
      },
    },
  ] as const;

export class WhatsAppCloudServer {
  readonly sent: SentTemplate[] = [];
  /** How many requests were made, answered or not. */
  requests = 0;
  /** The next this many sends are answered 500 (Meta's trouble: to be tried again). */
  failNext = 0;
  #server: JsonServer | undefined;

  readonly options: {
    token: string;
    phoneNumberId: string;
    appSecret: string;
    version: string;
    approved: readonly string[];
  };
  constructor(options: {
    token: string;
    phoneNumberId: string;
    appSecret: string;
    version: string;
    approved: readonly string[];
  }) {
    this.options = options;
  }

  async start(): Promise<string> {
    this.#server = await startJsonServer((req) => {
      this.requests++;
      return this.#answer(req.method, req.url, req.headers.authorization, req.body);
    });
    return this.#server.url;
  }

  #answer(method: string, url: string, authorization: string | undefined, raw: string): readonly [number, unknown] {
    const { token, phoneNumberId, version, approved } = this.options;
    if (method !== 'POST' || url !== `/${version}/${phoneNumberId}/messages`)
      return error(400, 100, 'Unsupported post request.', 'GraphMethodException');
    if (authorization !== `Bearer ${token}`)
      return error(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    let body: Json;
    try {
      body = JSON.parse(raw);
    } catch {
      return error(400, 100, 'Invalid parameter');
    }
    const template = body?.template;
    if (
      body?.messaging_product !== 'whatsapp' ||
      body?.type !== 'template' ||
      typeof body?.to !== 'string' ||
      !template?.name ||
      !template?.language?.code
    ) {
      return error(400, 100, 'Invalid parameter');
    }
    if (!approved.includes(template.name))
      return error(400, 132001, `(#132001) Template name does not exist in the translation`);
    if (this.failNext > 0) {
      this.failNext--;
      return error(500, 131000, 'Something went wrong');
    }
    const params = (template.components ?? []).flatMap((c: Json) =>
      c.type === 'body' ? c.parameters.map((p: Json) => p.text) : [],
    );
    const id = `wamid.${randomBytes(18).toString('base64url')}`;
    this.sent.push({ to: body.to, name: template.name, language: template.language.code, params, id });
    return [
      200,
      {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id, message_status: 'accepted' }],
      },
    ];
  }

  /** The notification's body for `value` (one change of field `messages`), as Meta wraps it. */
  #notification(value: Record<string, unknown>) {
    return JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: this.options.phoneNumberId },
                ...value,
              },
            },
          ],
        },
      ],
    });
  }

  /** Meta's signature header of `raw`, with the app secret (or another, to tamper). */
  signature(raw: string, secret = this.options.appSecret) {
    return `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
  }

  /** Posts `raw` to the site's webhook as Meta does, signed (or with `signature` given). */
  post(siteUrl: string, raw: string, signature = this.signature(raw)): Promise<Response> {
    return fetch(`${siteUrl}/v1/api/whatsapp/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      body: raw,
    });
  }

  /** A status notification's body: the message `id` to `recipient` is now `status` (failed: with Meta's error). */
  statusBody(id: string, recipient: string, status: 'sent' | 'delivered' | 'read' | 'failed', at = new Date()) {
    const timestamp = String(Math.floor(at.getTime() / 1000));
    const failed =
      status === 'failed'
        ? {
            errors: [
              {
                code: 131026,
                title: 'Message undeliverable',
                message: 'Message undeliverable',
                error_data: { details: 'Message Undeliverable.' },
              },
            ],
          }
        : {};
    const billing =
      status === 'failed'
        ? {}
        : {
            conversation: { id: randomBytes(16).toString('hex'), origin: { type: 'utility' } },
            pricing: { billable: true, pricing_model: 'CBP', category: 'utility' },
          };
    return this.#notification({
      statuses: [{ id, status, timestamp, recipient_id: recipient, ...billing, ...failed }],
    });
  }

  /** A family's text message to the school's number. */
  replyBody(from: string, text: string, at = new Date()) {
    return this.#notification({
      contacts: [{ profile: { name: 'Parent' }, wa_id: from }],
      messages: [
        {
          from,
          id: `wamid.${randomBytes(18).toString('base64url')}`,
          timestamp: String(Math.floor(at.getTime() / 1000)),
          type: 'text',
          text: { body: text },
        },
      ],
    });
  }

  stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    return server ? server.stop() : Promise.resolve();
  }
}
