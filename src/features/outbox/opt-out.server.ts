/**
 * A family's own stop to WhatsApp and SMS messages, from the link each message ends with
 * (src/server/family-mobile.ts signs it for its number), and the office's list of who stopped.
 *
 *   GET  /opt-out?n=<mobile>&t=<token>, /hi/opt-out?…   a small page in the link's language: the
 *        number's last four digits and one button, to stop the messages or (once stopped) to start
 *        them again; a link preview or a scanner opening the link changes nothing. After the
 *        button (`&done=stop|start`) it says the choice is made. A link that is not the school's:
 *        the page says so, 400.
 *   POST /v1/api/opt-out, the page's form (n, t, lang, action=stop|start): records the choice and
 *        answers 303 to the page (so a reload sends nothing again); 400 JSON for a link that is not
 *        the school's, and nothing stored.
 *   GET  /v1/api/opt-outs?page=&limit= (staff) { data: [{ mobile, optedOut, source, changedAt }],
 *        total, currentPage, totalPages, senders: { whatsapp, sms } }, latest first; `senders` says
 *        which providers send by themselves now (the messages screen's note says how messages go).
 */
import type { Language } from '../../lib/i18n/index.ts';
import { fill } from '../../lib/i18n/index.ts';
import { languageOfPath, pathIn } from '../../lib/language-paths.ts';
import { badRequest, unsupportedType } from '../../server/errors.ts';
import { parentMessage } from '../../lib/contact.ts';
import { html } from '../../server/public-page.ts';
import { publicPage } from '../site/public-page.server.ts';
import { readLimited, json } from '../../server/http.ts';
import { JSON_BODY_BYTES } from '../body-limits.ts';
import { query } from '../../server/db.ts';
import { paging, pageCount } from '../../server/lists.ts';
import { toIso } from '../../lib/dates.ts';
import { isOptOutToken, smsConfigured, whatsappConfigured } from '../../server/family-mobile.ts';
import { schoolProfile } from '../../server/school-profile.ts';
import { setOptOut } from './webhooks.server.ts';

export const OPT_OUT_ERRORS = {
  type: 'Send the opt-out page’s form (application/x-www-form-urlencoded).',
  link: 'This opt-out link is not the school’s.',
  action: 'Choose stop or start.',
} as const;

interface Link {
  mobile: string;
  token: string;
}

const valid = (link: Partial<Link>): link is Link =>
  /^[6-9]\d{9}$/.test(link.mobile ?? '') && isOptOutToken(link.mobile!, link.token ?? '');

type State = 'ask' | 'stopped' | 'started' | 'invalid';

async function page(req: Request, lang: Language, state: State, link?: Link, done = false): Promise<Response> {
  await schoolProfile();
  const last4 = link?.mobile.slice(-4) ?? '';
  const texts = (code: Parameters<typeof fill>[1]) => parentMessage(lang, code, { last4 });
  const button = (action: 'stop' | 'start') =>
    html`<form method="post" action="/v1/api/opt-out">
      <input type="hidden" name="n" value="${link!.mobile}"><input type="hidden" name="t" value="${link!.token}"><input type="hidden" name="lang" value="${lang}"><input type="hidden" name="action" value="${action}">
      <button type="submit" class="${action === 'stop' ? 'button' : 'button button-light'}">${texts(action === 'stop' ? 'optOut.stop' : 'optOut.start')}</button>
    </form>`;
  const text = {
    ask: 'optOut.ask',
    stopped: 'optOut.stopped',
    started: 'optOut.started',
    invalid: 'optOut.invalid',
  } as const;
  const body = html`<section class="section"><div class="container" style="max-width:40rem">
    <h1>${texts('optOut.title')}</h1>
    ${done || state === 'invalid' ? html`<p role="status">${texts(text[state])}</p>` : html`<p>${texts(text[state])}</p>`}
    ${state === 'stopped' ? button('start') : state === 'invalid' ? '' : button('stop')}
  </div></section>`;
  const response = await publicPage(req, {
    lang,
    path: '/opt-out',
    title: texts('optOut.title'),
    description: texts('optOut.title'),
    body,
    tags: [],
    status: state === 'invalid' ? 400 : 200,
  });
  // One family's page: never kept by a cache.
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', 'no-store');
  headers.delete('Netlify-CDN-Cache-Control');
  headers.set('X-Robots-Tag', 'noindex');
  return new Response(response.body, { status: response.status, headers });
}

export async function optOutPage(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const lang = languageOfPath(url.pathname);
  const link = { mobile: url.searchParams.get('n') ?? '', token: url.searchParams.get('t') ?? '' };
  if (!valid(link)) return page(req, lang, 'invalid');
  const row = await query<{ opted_out: boolean }>(`SELECT opted_out FROM message_opt_outs WHERE mobile = $1`, [
    link.mobile,
  ]);
  const stopped = row[0]?.opted_out === true;
  const done = url.searchParams.get('done');
  return page(req, lang, stopped ? 'stopped' : done === 'start' ? 'started' : 'ask', link, Boolean(done));
}

export async function optOutChoice(req: Request): Promise<Response> {
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(req.headers.get('content-type') ?? ''))
    throw unsupportedType(OPT_OUT_ERRORS.type);
  const form = new URLSearchParams(Buffer.from(await readLimited(req, JSON_BODY_BYTES)).toString('utf8'));
  const link = { mobile: form.get('n') ?? '', token: form.get('t') ?? '' };
  const action = form.get('action');
  if (!valid(link)) throw badRequest(OPT_OUT_ERRORS.link).withCode('link');
  if (action !== 'stop' && action !== 'start')
    throw badRequest(OPT_OUT_ERRORS.action, { action: OPT_OUT_ERRORS.action });
  await setOptOut(link.mobile, action === 'stop', 'link');
  const lang: Language = form.get('lang') === 'hi' ? 'hi' : 'en';
  const back = `${pathIn(lang, '/opt-out')}?${new URLSearchParams({ n: link.mobile, t: link.token, done: action })}`;
  return new Response(null, { status: 303, headers: { Location: back } });
}

export async function listOptOuts(req: Request): Promise<Response> {
  const { page: current, limit, offset } = paging(new URL(req.url));
  const rows = await query<{ mobile: string; opted_out: boolean; source: string; changed_at: Date; total: string }>(
    `SELECT mobile, opted_out, source, changed_at, count(*) OVER ()::text AS total FROM message_opt_outs ORDER BY changed_at DESC, mobile LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  const total = Number(
    rows[0]?.total ?? (await query<{ n: string }>(`SELECT count(*)::text AS n FROM message_opt_outs`))[0]!.n,
  );
  return json({
    data: rows.map((r) => ({
      mobile: r.mobile,
      optedOut: r.opted_out,
      source: r.source,
      changedAt: toIso(r.changed_at),
    })),
    total,
    currentPage: current,
    totalPages: pageCount(total, limit),
    senders: { whatsapp: whatsappConfigured(), sms: smsConfigured() },
  });
}
