/**
 * A family's own stop to WhatsApp and SMS messages, from the link each message ends with
 * (src/server/family-mobile.ts signs it for its number), and the office's list of who stopped.
 *
 *   GET  /opt-out?n=<mobile>&t=<token>, /hi/opt-out?…   a small page in the link's language: the
 *        number's last four digits and one button (a link preview or a scanner opening the link
 *        changes nothing). A link that is not the school's: the page says so, 400.
 *   POST the same, form fields n, t, action=stop|start: records the choice, answers the page saying
 *        it is done, with the button that undoes it. 400 with the page for a bad link.
 *   GET  /v1/api/opt-outs?page=&limit= (staff) { data: [{ mobile, optedOut, source, changedAt }],
 *        total, currentPage, totalPages, senders: { whatsapp, sms } }, latest first; `senders` says
 *        which providers send by themselves now (the messages screen offers sending by hand only
 *        when WhatsApp does not).
 */
import type { Language } from '../../lib/i18n/index.ts';
import { fill } from '../../lib/i18n/index.ts';
import { languageOfPath } from '../../lib/language-paths.ts';
import { parentMessage } from '../../lib/contact.ts';
import { html, publicPage } from '../../server/public-page.ts';
import { readLimited, json } from '../../server/http.ts';
import { JSON_BODY_BYTES } from '../../server/body-limits.ts';
import { query } from '../../server/db.ts';
import { paging, pageCount } from '../../server/lists.ts';
import { toIso } from '../../lib/dates.ts';
import { isOptOutToken, smsConfigured, whatsappConfigured } from '../../server/family-mobile.ts';
import { schoolProfile } from '../school/profile.server.ts';
import { setOptOut } from './webhooks.server.ts';

interface Link {
  mobile: string;
  token: string;
}

const valid = (link: Partial<Link>): link is Link => /^[6-9]\d{9}$/.test(link.mobile ?? '') && isOptOutToken(link.mobile!, link.token ?? '');

async function page(req: Request, lang: Language, state: 'ask' | 'stopped' | 'started' | 'invalid', link?: Link): Promise<Response> {
  await schoolProfile();
  const last4 = link?.mobile.slice(-4) ?? '';
  const words = (code: Parameters<typeof fill>[1]) => parentMessage(lang, code, { last4 });
  const button = (action: 'stop' | 'start') =>
    html`<form method="post" class="opt-out-form">
      <input type="hidden" name="n" value="${link!.mobile}"><input type="hidden" name="t" value="${link!.token}"><input type="hidden" name="action" value="${action}">
      <button type="submit" class="${action === 'stop' ? 'button' : 'button button-light'}">${words(action === 'stop' ? 'optOut.stop' : 'optOut.start')}</button>
    </form>`;
  const text = { ask: 'optOut.ask', stopped: 'optOut.stopped', started: 'optOut.started', invalid: 'optOut.invalid' } as const;
  const body = html`<section class="section"><div class="container" style="max-width:40rem">
    <h1>${words('optOut.title')}</h1>
    ${state === 'ask' ? html`<p>${words(text[state])}</p>` : html`<p role="status">${words(text[state])}</p>`}
    ${state === 'ask' ? button('stop') : state === 'stopped' ? button('start') : state === 'started' ? button('stop') : ''}
  </div></section>`;
  const response = await publicPage(req, { lang, path: '/opt-out', title: words('optOut.title'), description: words('optOut.title'), body, tags: [], status: state === 'invalid' ? 400 : 200 });
  // One family's page: never kept by a cache.
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', 'no-store');
  headers.delete('Netlify-CDN-Cache-Control');
  headers.set('X-Robots-Tag', 'noindex');
  return new Response(response.body, { status: response.status, headers });
}

const languageOf = (req: Request): Language => languageOfPath(new URL(req.url).pathname);

export async function optOutPage(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const link = { mobile: url.searchParams.get('n') ?? '', token: url.searchParams.get('t') ?? '' };
  return valid(link) ? page(req, languageOf(req), 'ask', link) : page(req, languageOf(req), 'invalid');
}

export async function optOutChoice(req: Request): Promise<Response> {
  const form = new URLSearchParams(Buffer.from(await readLimited(req, JSON_BODY_BYTES)).toString('utf8'));
  const link = { mobile: form.get('n') ?? '', token: form.get('t') ?? '' };
  const action = form.get('action');
  if (!valid(link) || (action !== 'stop' && action !== 'start')) return page(req, languageOf(req), 'invalid');
  await setOptOut(link.mobile, action === 'stop', 'link');
  return page(req, languageOf(req), action === 'stop' ? 'stopped' : 'started', link);
}

export async function listOptOuts(req: Request): Promise<Response> {
  const { page: current, limit, offset } = paging(new URL(req.url));
  const rows = await query<{ mobile: string; opted_out: boolean; source: string; changed_at: Date; total: string }>(
    `SELECT mobile, opted_out, source, changed_at, count(*) OVER ()::text AS total FROM message_opt_outs ORDER BY changed_at DESC, mobile LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  const total = Number(rows[0]?.total ?? (await query<{ n: string }>(`SELECT count(*)::text AS n FROM message_opt_outs`))[0]!.n);
  return json({
    data: rows.map((r) => ({ mobile: r.mobile, optedOut: r.opted_out, source: r.source, changedAt: toIso(r.changed_at) })),
    total,
    currentPage: current,
    totalPages: pageCount(total, limit),
    senders: { whatsapp: whatsappConfigured(), sms: smsConfigured() },
  });
}
