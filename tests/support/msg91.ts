/**
 * A local server that speaks MSG91's Flow API (send SMS via template, v5) as documented, for a
 * runtime given its MSG91_API_URL: `POST /api/v5/flow` with header `authkey`, { template_id,
 * short_url, sender?, recipients: [{ mobiles: "91…", var1, … }] }. It answers as MSG91 does:
 * { type: "success", message: "<request id>" }; { type: "error", message } for a wrong auth key
 * (401), an unknown template or a malformed body (400); and, when told, 500.
 *
 * It also posts MSG91's delivery report to the site as MSG91 pushes it: a form field `data` holding
 * [{ senderId, requestId, report: [{ date, number, status, desc }], userId }] (webhook version 2), or
 * one report as JSON (version 3); status 1 delivered, 2 failed, …; to the report URL set in MSG91's
 * panel (ours carries our token).
 */
import { randomBytes } from 'node:crypto';
import { startJsonServer, type JsonServer } from './json-server.ts';
import type { Json } from './api.ts';

export interface SentSms {
  templateId: string;
  mobiles: string;
  sender?: string;
  vars: string[];
  requestId: string;
}

export class Msg91Server {
  readonly sent: SentSms[] = [];
  failNext = 0;
  #server: JsonServer | undefined;

  readonly options: { authKey: string; templates: readonly string[] };
  constructor(options: { authKey: string; templates: readonly string[] }) {
    this.options = options;
  }

  async start(): Promise<string> {
    this.#server = await startJsonServer((req) => {
      return this.#answer(req.method, req.url, req.headers.authkey, req.body);
    });
    return this.#server.url;
  }

  #answer(
    method: string,
    url: string,
    authkey: string | string[] | undefined,
    raw: string,
  ): readonly [number, unknown] {
    if (method !== 'POST' || url.replace(/\/$/, '') !== '/api/v5/flow')
      return [404, { type: 'error', message: 'Not found' }];
    if (authkey !== this.options.authKey)
      return [401, { type: 'error', message: 'Authentication failure', code: '401' }];
    let body: Json;
    try {
      body = JSON.parse(raw);
    } catch {
      return [400, { type: 'error', message: 'Invalid JSON' }];
    }
    const recipient = body?.recipients?.[0];
    if (
      typeof body?.template_id !== 'string' ||
      typeof recipient?.mobiles !== 'string' ||
      !/^91[6-9]\d{9}$/.test(recipient.mobiles)
    )
      return [400, { type: 'error', message: 'Invalid request' }];
    if (!this.options.templates.includes(body.template_id))
      return [400, { type: 'error', message: 'Template ID Missing or Invalid Template' }];
    if (this.failNext > 0) {
      this.failNext--;
      return [500, { type: 'error', message: 'Internal server error' }];
    }
    const vars = Object.keys(recipient)
      .filter((k) => /^var\d+$/.test(k))
      .sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)))
      .map((k) => String(recipient[k]));
    const requestId = randomBytes(12).toString('hex');
    this.sent.push({ templateId: body.template_id, mobiles: recipient.mobiles, sender: body.sender, vars, requestId });
    return [200, { type: 'success', message: requestId }];
  }

  /**
   * Posts MSG91's delivery report of `requestId` to `reportUrl` (status 1 delivered, 2 failed) as the
   * panel's webhook `version` sends it: v2 a form field `data` holding the request with its reports,
   * v3 one report as a JSON body.
   */
  report(
    reportUrl: string,
    requestId: string,
    mobiles: string,
    status: '1' | '2',
    desc = status === '1' ? 'DELIVERED' : 'FAILED',
    version: 'v2' | 'v3' = 'v2',
  ): Promise<Response> {
    const date = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    if (version === 'v3') {
      const body = JSON.stringify({
        date,
        number: mobiles,
        senderId: 'RMCPSC',
        amount: '0.20',
        requestId,
        credit: '1',
        userId: '123456',
        campaignName: 'API',
        status,
        desc,
      });
      return fetch(reportUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    }
    const data = JSON.stringify([
      {
        senderId: 'RMCPSC',
        requestId,
        report: [{ date, number: mobiles, status, desc }],
        userId: '123456',
        campaignName: 'API',
      },
    ]);
    return fetch(reportUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ data }).toString(),
    });
  }

  stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    return server ? server.stop() : Promise.resolve();
  }
}
