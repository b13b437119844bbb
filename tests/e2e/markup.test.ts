/**
 * Valid HTML and WCAG 2 AA by the checkers outside auditors use: the Nu Html Checker (vnu-jar) finds
 * no error on any built page (the admin's shells included) nor on any page the functions draw
 * (every content page and the home page, notices, a notice, a month's archive, the calendar, the
 * disclosure, fees, press, opt-out; their 404s; English and Hindi); HTML_CodeSniffer, the engine pa11y runs, finds no WCAG2AA error on the
 * pages families use and on the sign-in page, in Chromium after their islands have drawn (English
 * and Hindi).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ApiClient, adminClient } from '../support/api.ts';
import { launchBrowser } from '../support/browser.ts';
import { site } from '../support/site.ts';
import { optOutLink, freshMobile } from '../support/opt-out.ts';
import { openPage } from './content-browser.ts';
import { dateInIndia } from '../../src/lib/dates.ts';
import { STARTING_PAGES } from '../../src/features/pages/starting-pages.ts';

const VNU_JAR = fileURLToPath(import.meta.resolve('vnu-jar/build/dist/vnu.jar'));
const HTMLCS_PATH = fileURLToPath(import.meta.resolve('@pa11y/html_codesniffer/build/HTMLCS.js'));

let browser: Browser;
let principal: ApiClient;
let dir = '';
const made: string[] = [];
const today = dateInIndia();
const month = today.slice(0, 7);
// The event's month: one no other file uses (their calendars count what theirs hold).
const eventMonth = `2095-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}`;
let noticeUrl = '';

async function created(path: string, json: unknown): Promise<Record<string, string>> {
  const res = await principal.request(path, { method: 'POST', json });
  expect(res.status, await res.clone().text()).toBe(201);
  const body = (await res.json()) as Record<string, string>;
  made.push(`${path}/${body._id}`);
  return body;
}

beforeAll(async () => {
  browser = await launchBrowser();
  principal = await adminClient();
  dir = await mkdtemp(join(tmpdir(), 'markup-'));
  // Something on the drawn lists, so their items' markup is checked too.
  const notice = await created('/v1/api/notices', {
    title: { en: 'Annual day rehearsal', hi: 'वार्षिकोत्सव का पूर्वाभ्यास' },
    body: {
      en: 'Rehearsals run **after school**.\n\n- Classes 1-5\n- Classes 6-12',
      hi: 'पूर्वाभ्यास छुट्टी के **बाद** होगा।',
    },
    publishOn: today,
  });
  noticeUrl = notice.url!;
  await created('/v1/api/events', {
    title: { en: 'Annual day', hi: 'वार्षिकोत्सव' },
    startsOn: `${eventMonth}-10`,
    endsOn: `${eventMonth}-11`,
    holiday: false,
  });
  await created('/v1/api/events', {
    title: { en: 'Diwali', hi: 'दीपावली' },
    startsOn: `${eventMonth}-20`,
    endsOn: `${eventMonth}-22`,
    holiday: true,
  });
});
afterAll(async () => {
  for (const path of made) await principal?.request(path, { method: 'DELETE' });
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  extract?: string;
}

/** One Java process for every file: `java` must be on the machine (Debian's default-jre-headless). */
function vnu(files: string[]): Promise<VnuMessage[]> {
  // C1 only: a short run needs no slow optimiser (a third of the CPU); C1's deeper stacks need the room.
  const args = [
    '-Xss4m',
    '-XX:TieredStopAtLevel=1',
    '-jar',
    VNU_JAR,
    '--errors-only',
    '--no-langdetect',
    '--format',
    'json',
    ...files,
  ];
  return new Promise((resolve, reject) => {
    // vnu exits 1 when it finds errors, and writes its report to stderr.
    execFile('java', args, { maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => {
      try {
        resolve((JSON.parse(stderr) as { messages: VnuMessage[] }).messages);
      } catch {
        reject(new Error(`vnu did not report: ${error?.message ?? ''} ${stderr.slice(0, 2000)}`));
      }
    });
  });
}

/** The pages the functions draw, in both languages. */
async function drawnPaths(): Promise<string[]> {
  const english = [
    ...STARTING_PAGES.keys(),
    '/academy/no-such-page',
    '/notices',
    noticeUrl,
    `/notices/archive/${month}`,
    '/notices/no-such-notice',
    '/calendar',
    `/calendar/${eventMonth}`,
    '/calendar/1900-01',
    '/academy/mandatory-disclosure',
    '/admissions/fees',
    '/press/coverage',
    '/press/magazine',
    '/opt-out',
  ];
  const paths = english.flatMap((path) => [path, path === '/' ? '/hi/' : `/hi${path}`]);
  for (const language of ['en', 'hi'] as const) {
    const link = await optOutLink(freshMobile(), language);
    paths.push(`${link.pathname}${link.search}`);
  }
  return paths;
}

describe('the Nu Html Checker', () => {
  it('finds no error on any built page nor on any page a function draws', async () => {
    const built = join(site('runtimeRoot'), 'dist');
    const files = (await readdir(built, { recursive: true }))
      .filter((f) => f.endsWith('.html'))
      .map((f) => join(built, f));
    // The forms, the admin's shells, the sign-in and not-found pages (the content pages are drawn).
    expect(files.length).toBeGreaterThan(40);
    const names = new Map<string, string>();
    for (const [i, path] of (await drawnPaths()).entries()) {
      const res = await fetch(new URL(path, site('baseURL')));
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      const file = join(dir, `drawn-${i}.html`);
      await writeFile(file, await res.text());
      names.set(file, path);
      files.push(file);
    }
    const errors = (await vnu(files)).filter((m) => m.type === 'error' || m.type === 'non-document-error');
    const where = (url: string) => {
      const file = fileURLToPath(url);
      return names.get(file) ?? file.slice(built.length);
    };
    expect(errors.map((m) => `${where(m.url)}: ${m.message} | ${m.extract ?? ''}`)).toEqual([]);
  }, 300_000);
});

interface HtmlcsMessage {
  code: string;
  msg: string;
  element: string;
}

describe('HTML_CodeSniffer (pa11y) at WCAG2AA', () => {
  const pages = [
    '/',
    '/admissions/apply/primary',
    '/admissions/tc-request',
    '/admissions/status',
    '/admissions/tc-request/status',
    '/notices',
    `/calendar/${eventMonth}`,
    '/admissions/fees',
    '/tc-verification',
  ];

  it.each([
    ['en', [...pages, '/login']],
    ['hi', pages.map((path) => `/hi${path}`)],
  ])(
    'finds no error on the families’ pages and the sign-in page (%s)',
    async (_language, paths) => {
      const { context, page } = await openPage(browser, { width: 1280, height: 800 });
      const failures: string[] = [];
      try {
        for (const path of paths) {
          await page.goto(path, { waitUntil: 'networkidle' });
          // The home page's enquiry opens by itself (its form is in the page from the start).
          if (path === '/' || path === '/hi/') await page.locator('dialog[open]').waitFor();
          await page.addScriptTag({ path: HTMLCS_PATH });
          const errors = await page.evaluate(
            () =>
              new Promise<HtmlcsMessage[]>((resolve) => {
                const htmlcs = (
                  window as unknown as {
                    HTMLCS: {
                      process: (s: string, d: Document, done: () => void) => void;
                      getMessages: () => { type: number; code: string; msg: string; element: Element }[];
                      ERROR: number;
                    };
                  }
                ).HTMLCS;
                htmlcs.process('WCAG2AA', document, () =>
                  resolve(
                    htmlcs
                      .getMessages()
                      .filter((m) => m.type === htmlcs.ERROR)
                      .map((m) => ({
                        code: m.code,
                        msg: m.msg,
                        element: (m.element.outerHTML ?? String(m.element)).slice(0, 200),
                      })),
                  ),
                );
              }),
          );
          failures.push(...errors.map((e) => `${path}: ${e.code} ${e.msg} | ${e.element}`));
        }
      } finally {
        await context.close();
      }
      expect(failures).toEqual([]);
    },
    240_000,
  );
});
