/**
 * A second school from the same repository, with no code change: a fresh copy whose starting content
 * is the blank one (tests/fixtures/blank-school/ in place of starting-content/), built and started as
 * `npm start` would, then set up through the admin alone as "Sunrise Public School, Etah" (classes
 * P.N.C to X, its own fees, Hindi name, number prefix SPS, one page rewritten, one notice). Families
 * then use it (an enquiry, an admission paid at the desk, a TC request), and every public page
 * (crawled from both home pages and the sitemaps), feed, sitemap, PDF, letter and CSV is searched for
 * any trace of the repository's own school: its names in both scripts, its town and district, its
 * domain, the phones and e-mail it once printed. No form takes, and no fee row names, Classes XI-XII.
 */
import { execFile } from 'node:child_process';
import { cp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ApiClient, type Json } from '../support/api.ts';
import { PHONE, launchBrowser, screenshot } from '../support/browser.ts';
import { RAISED_LIMITS, startTestRuntime, type TestRuntime } from '../support/runtime.ts';
import { admissionForm, createAdmission, createEnquiry, createTcRequest } from '../http/admin-fixtures.ts';
import { readPdf } from '../support/pdf.ts';

const run = promisify(execFile);
const REPO = resolve(import.meta.dirname, '../..');
const ADMIN_EMAIL = 'principal@sunrise.test';
const ADMIN_PASSWORD = 'a second school in Etah';

/** The repository's own school, in every form it was ever printed. */
const FIRST_SCHOOL: [string, RegExp][] = [
  // Word bounds: a hashed asset name such as "AdmissionForm.CpiqtVR2.js" spells "rm.Cp".
  ['its initials', /\bR\.?\s?M\.?\s?C\.?\s?P\b/i],
  ['its Hindi initials', /आर\.?\s?एम\.?\s?सी\.?\s?पी/],
  ['its town', /Sikandrabad|सिकंदराबाद|सिकन्दराबाद/i],
  ['its district', /Bulandshahr|बुलंदशहर|बुलन्दशहर/i],
  ['its domain', /rmcpschool/i],
  ['its built-in mobile', /98765\s?43210/],
  ['its landline', /222\s?345/],
];

const OFFERED = ['P.N.C', 'N.C', 'K.G', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10'];
const MOBILE = '9458123467';
const ETAH = { address: 'Gali 3, Agra Road, Etah 207001', addressHi: 'गली 3, आगरा रोड, एटा 207001' };

let runtime: TestRuntime;
let browser: Browser | undefined;
let principal: ApiClient;
/** Every text the site gave out, by where it came from. */
const seen = new Map<string, string>();

/** The blank starting content in place of this school's, and the site built from it as a deploy builds it. */
async function blankSchool(root: string): Promise<void> {
  await rm(join(root, 'starting-content'), { recursive: true, force: true });
  await cp(join(REPO, 'tests/fixtures/blank-school'), join(root, 'starting-content'), { recursive: true });
  for (const name of ['astro.config.mjs', 'public', 'scripts'])
    await cp(join(REPO, name), join(root, name), { recursive: true });
  await rm(join(root, 'dist'), { recursive: true, force: true });
  const env = { ...process.env, DATABASE_URL: '', NETLIFY_DATABASE_URL: '' };
  await run(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  await run(process.execPath, [join(root, 'scripts/postbuild.ts')], { cwd: root, env });
}

beforeAll(async () => {
  runtime = await startTestRuntime({ ADMIN_EMAIL, ADMIN_PASSWORD, ...RAISED_LIMITS }, { prepare: blankSchool });
  principal = new ApiClient(runtime.url);
  await principal.login(ADMIN_EMAIL, ADMIN_PASSWORD);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

/** A JSON answer parsed, any other the text: the caller says which its path gives (`T`). */
async function ok<T = Json>(
  client: ApiClient,
  path: string,
  init: Parameters<ApiClient['request']>[1] = {},
): Promise<T> {
  const res = await client.request(path, init);
  const body = await res.text();
  if (res.status >= 300) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${body}`);
  seen.set(`${init.method ?? 'GET'} ${path}`, body);
  return (res.headers.get('content-type')?.includes('json') ? JSON.parse(body) : body) as T;
}

async function text(path: string): Promise<string> {
  const res = await fetch(new URL(path, runtime.url));
  const body = await res.text();
  expect(res.status, path).toBe(200);
  seen.set(path, body);
  return body;
}

async function pdfText(path: string): Promise<string> {
  const res = await fetch(new URL(path, runtime.url));
  expect(res.status, path).toBe(200);
  expect(res.headers.get('content-type'), path).toBe('application/pdf');
  const read = await readPdf(new Uint8Array(await res.arrayBuffer()));
  seen.set(path, `${read.text}\n${read.links.join('\n')}\n${read.qr ?? ''}`);
  return read.text;
}

describe('a second school set up through the admin alone', () => {
  it('sets its profile, classes, prefix, fees, a page and a notice', async () => {
    const { updatedAt: _, ...profile } = await ok(principal, '/v1/api/school');
    await ok(principal, '/v1/api/school', {
      method: 'PUT',
      json: {
        ...profile,
        name: { en: 'Sunrise Public School, Etah', hi: 'सनराइज़ पब्लिक स्कूल, एटा' },
        shortName: 'Sunrise School',
        shortNameHi: 'सनराइज़ स्कूल',
        address: { en: 'Agra Road, Etah, Uttar Pradesh 207001', hi: 'आगरा रोड, एटा, उत्तर प्रदेश 207001' },
        phones: ['05742-234567', '9412345678'],
        email: 'office@sunrise-etah.example',
        affiliationNumber: '2132456',
        principalName: 'Mrs. Kavita Yadav',
        referencePrefix: 'SPS',
        classes: OFFERED,
        socialLinks: [{ icon: 'facebook', url: 'https://www.facebook.com/sunrise.etah' }],
      },
    });

    const fees = await ok(principal, '/v1/api/fees');
    const session = fees.sessions?.[0]?.session ?? fees.session;
    expect(session).toMatch(/^\d{4}-\d{2}$/);
    await ok(principal, '/v1/api/fees', {
      method: 'PUT',
      json: {
        session,
        admission: OFFERED.map((c) => ({ admissionClass: c, amount: c === 'P.N.C' || c === 'N.C' ? 2100 : 3100 })),
        transferCertificate: 350,
      },
    });
    const blank = await ok(principal, `/v1/api/fees/structure?session=${session}`);
    expect(blank.state).toBe('blank');
    await ok(principal, '/v1/api/fees/structure', {
      method: 'PUT',
      json: {
        session,
        heads: [
          { id: 'admission', kind: 'admission', period: 'once', name: { en: 'Admission fee', hi: 'प्रवेश शुल्क' } },
          { id: 'tuition', kind: 'tuition', period: 'month', name: { en: 'Tuition fee', hi: 'शिक्षण शुल्क' } },
        ],
        rows: [
          { classes: ['P.N.C', 'N.C', 'K.G'], amounts: { admission: 2100, tuition: 650 } },
          { classes: ['1', '2', '3', '4', '5'], amounts: { admission: 3100, tuition: 850 } },
          { classes: ['6', '7', '8', '9', '10'], amounts: { admission: 3100, tuition: 1050 } },
        ],
        transferCertificate: 350,
      },
    });

    const about = await ok(principal, `/v1/api/pages?path=${encodeURIComponent('/academy/about')}`);
    await ok(principal, '/v1/api/pages', {
      method: 'PUT',
      json: {
        ...about.content,
        path: '/academy/about',
        hidden: false,
        lead: {
          en: 'Sunrise Public School has taught the children of Etah since 2009.',
          hi: 'सनराइज़ पब्लिक स्कूल 2009 से एटा के बच्चों को पढ़ा रहा है।',
        },
        body: {
          en: '## Our school\n\nA CBSE school on Agra Road, Etah.',
          hi: '## हमारा विद्यालय\n\nएटा के आगरा रोड पर सी.बी.एस.ई. विद्यालय।',
        },
      },
    });

    await ok(principal, '/v1/api/notices', {
      method: 'POST',
      json: {
        title: { en: 'Admissions open', hi: 'प्रवेश प्रारंभ' },
        body: { en: 'Forms for P.N.C to Class X are open.', hi: 'P.N.C से कक्षा 10 तक के फ़ॉर्म खुले हैं।' },
        publishOn: '2026-11-01',
        expiresOn: '2099-12-31',
      },
    });
  }, 120_000);

  it("takes families' forms under its own numbers, its PDFs, receipts and letters naming it", async () => {
    const enquiry = await createEnquiry(
      { fatherMobile: MOBILE, address: ETAH.address, admissionClass: '4' },
      runtime.url,
    );
    expect(enquiry._id).toBeTruthy();
    const admission = await createAdmission({ contactNo: MOBILE, address: ETAH.address }, runtime.url);
    expect(admission.referenceNumber).toMatch(/^SPS-\d{4}-\d{6}$/);
    const tc = await createTcRequest({ contact: MOBILE, reason: 'Family moved to Agra' }, runtime.url);

    const pair = new URLSearchParams({ referenceNumber: admission.referenceNumber, contactNo: MOBILE });
    for (const lang of ['en', 'hi']) {
      const ack = await pdfText(`/v1/api/admission/acknowledgment?${pair}&lang=${lang}`);
      expect(ack).toContain(lang === 'en' ? 'Sunrise Public School, Etah' : 'सनराइज़');
    }

    const { payment } = await ok(principal, `/v1/api/admission/${admission._id}/payments`, {
      method: 'POST',
      json: { amount: 2100, mode: 'cash', reference: '', paidOn: '2026-12-01' },
    });
    expect(payment.receiptNumber).toMatch(/^SPS-R-\d{4}-\d{6}$/);
    for (const lang of ['en', 'hi'])
      await pdfText(`/v1/api/admission/receipt?${pair}&number=${payment.receiptNumber}&lang=${lang}`);

    const letters = await ok(principal, '/v1/api/messages');
    expect(JSON.stringify(letters)).toContain('Sunrise');
    for (const kind of ['admission', 'enquiry', 'tc-request']) {
      const csv = await ok<string>(principal, `/v1/api/${kind}/export.csv`);
      expect(csv.trim().split('\n').length, kind).toBe(2);
    }
    expect(tc._id).toBeTruthy();
  }, 240_000);

  it('takes no form for Classes XI-XII and lists no fee for them', async () => {
    const { form } = await admissionForm(
      { band: 'senior', admissionClass: '11', contactNo: MOBILE, address: ETAH.address },
      { base: runtime.url },
    );
    const refused = await new ApiClient(runtime.url).request('/v1/api/admission', { method: 'POST', body: form });
    expect(refused.status).toBe(400);

    const fees = await (await fetch(new URL('/v1/api/fees', runtime.url))).json();
    expect(JSON.stringify(fees)).not.toMatch(/"admissionClass":"1[12]"|"1[12]"\]/);
    for (const path of ['/admissions/fees', '/hi/admissions/fees']) {
      const page = await text(path);
      expect(page).toContain('650');
      expect(page, path).not.toMatch(/\bXII?\b|Class(es)? 1[12]\b|कक्षा 1[12]\b/);
    }
  }, 120_000);

  it('leaves no trace of the first school on any page, feed, sitemap, PDF, letter or CSV', async () => {
    const queue = [
      '/',
      '/hi/',
      '/privacy',
      '/hi/privacy',
      '/robots.txt',
      '/sitemap.xml',
      '/notices/feed.xml',
      '/hi/notices/feed.xml',
      '/calendar.ics',
    ];
    const done = new Set<string>();
    const visit = async (path: string) => {
      const res = await fetch(new URL(path, runtime.url));
      const type = res.headers.get('content-type') ?? '';
      if (res.status !== 200 || !/html|xml|text|json|calendar/.test(type)) return;
      const body = await res.text();
      seen.set(path, body);
      const links = [...body.matchAll(/(?:href|src)="([^"#]+)"|<loc>([^<]+)<\/loc>/g)].map((m) =>
        (m[1] ?? m[2])!.replaceAll('&amp;', '&'),
      );
      for (const link of links) {
        const url = new URL(link, runtime.url);
        const same = url.origin === new URL(runtime.url).origin || url.hostname === 'www.example.org';
        if (!same || /^\/(admin|login|logout|v1\/api|v1\/pictures|\.netlify|_astro|starting)\b/.test(url.pathname))
          continue;
        if (/\.(png|jpe?g|webp|avif|ico|pdf|js|css|woff2?)$/.test(url.pathname)) continue;
        queue.push(url.pathname + url.search);
      }
    };
    // Four at a time, as a crawler would.
    while (queue.length) {
      const batch = [...new Set(queue.splice(0))].filter((path) => !done.has(path));
      for (let i = 0; i < batch.length; i += 4) {
        const part = batch.slice(i, i + 4);
        for (const path of part) done.add(path);
        await Promise.all(part.map(visit));
      }
    }
    expect(done.size).toBeGreaterThan(60);

    const traces: string[] = [];
    for (const [where, body] of seen) {
      for (const [what, pattern] of FIRST_SCHOOL) {
        const found = pattern.exec(body);
        if (found)
          traces.push(
            `${where}: ${what} "${body.slice(Math.max(0, found.index - 60), found.index + 60).replace(/\s+/g, ' ')}"`,
          );
      }
    }
    console.log(`second school: ${seen.size} answers searched (${done.size} crawled addresses)`);
    expect(traces).toEqual([]);
  }, 600_000);

  it("shows the Hindi visitor on a 360 px phone the school's Hindi name and only its own classes", async () => {
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: PHONE, locale: 'hi-IN' });
    const page = await context.newPage();
    await page.goto(new URL('/hi/', runtime.url).toString());
    await expect.poll(() => page.locator('header').innerText()).toContain('सनराइज़ स्कूल');
    await page.goto(new URL('/hi/admissions/apply/senior', runtime.url).toString());
    await expect.poll(() => page.locator('h1').innerText()).toContain('VI-X');
    const options = page.locator('select[name="admissionClass"] option');
    await expect.poll(async () => (await options.allInnerTexts()).join(' ')).toMatch(/कक्षा X$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'second-school-senior-form-hi-360');
    await context.close();
  });
});
