/**
 * Route table of the built site on the real local runtime:
 * every content route answers 200 with one h1, a unique title and description, canonical and
 * Open Graph tags; unknown paths give the 404 page of their language with status 404; the staff's
 * pages are English only and noindex; every link in the navigation,
 * footer and page bodies resolves; the magazine PDFs parse; content pages ship no framework JS.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it, beforeAll } from 'vitest';
import { baseURL } from '../support/api.ts';
import { checkPdf } from '../../src/lib/tiny-pdf.ts';
import { DATABASE_PAGES } from '../../src/config/database-pages.ts';
import {
  CONTENT_ROUTES,
  OTHER_PUBLIC_ROUTES,
  MAGAZINE_PDFS,
  h1s,
  meta,
  title,
  internalLinks,
  decode,
  brokenLinks,
} from './content-routes.ts';

const pages = new Map<string, string>();
async function get(path: string): Promise<Response> {
  return fetch(new URL(path, baseURL()), { redirect: 'manual' });
}

beforeAll(async () => {
  await Promise.all(
    Object.keys(CONTENT_ROUTES).map(async (path) => {
      const res = await get(path);
      pages.set(path, res.status === 200 ? await res.text() : `STATUS ${res.status}`);
    }),
  );
});

describe('route table', () => {
  it.each(Object.entries(CONTENT_ROUTES))(
    '%s answers 200 with its one h1, a title and a description',
    (path, heading) => {
      const html = pages.get(path)!;
      expect(html).not.toMatch(/^STATUS/);
      expect(h1s(html)).toEqual([heading]);
      expect(title(html)).toMatch(/RMCP School/);
      expect(meta(html, 'name', 'description')!.length).toBeGreaterThan(50);
      expect(html).toMatch(/<html lang="en-IN">/);
      expect(html).toContain('<a class="skip-link" href="#main">Skip to content</a>');
      expect(html).toMatch(/<main id="main"/);
    },
  );

  it('titles and descriptions are unique', () => {
    const titles = [...pages.values()].map(title);
    const descriptions = [...pages.values()].map((html) => meta(html, 'name', 'description'));
    expect(new Set(titles).size).toBe(titles.length);
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });

  it('every page has a canonical URL on the configured site and Open Graph tags', () => {
    for (const [path, html] of pages) {
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      expect(canonical, path).toBe(`https://www.rmcpschool.in${path === '/' ? '/' : `${path}/`}`);
      expect(meta(html, 'property', 'og:title'), path).toBe(title(html));
      expect(meta(html, 'property', 'og:description'), path).toBe(meta(html, 'name', 'description'));
      expect(meta(html, 'property', 'og:url'), path).toBe(canonical);
      expect(meta(html, 'property', 'og:image'), path).toBe('https://www.rmcpschool.in/og-image.png');
    }
  });

  it.each(OTHER_PUBLIC_ROUTES)('%s (page owned by other work) answers 200 with one h1', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(h1s(await res.text())).toHaveLength(1);
  });

  it('an unknown path answers 404 with the not-found page of its language; its language switch opens the other one', async () => {
    const pages = {
      en: {
        paths: ['/no-such-page', '/academy/nope', '/press/coverage/1', '/hindi/x'],
        h1: 'Page not found',
        home: '/',
        html: 'en-IN',
        other: '/hi/404/',
        otherH1: 'पृष्ठ नहीं मिला',
      },
      hi: {
        paths: ['/hi/no-such-page', '/hi/academy/nope', '/hi/admin/enquiry/panel', '/hi/login'],
        h1: 'पृष्ठ नहीं मिला',
        home: '/hi/',
        html: 'hi-IN',
        other: '/404.html',
        otherH1: 'Page not found',
      },
    };
    for (const { paths, h1, home, html: lang, other, otherH1 } of Object.values(pages)) {
      for (const path of paths) {
        const res = await get(path);
        expect(res.status, path).toBe(404);
        const html = await res.text();
        expect(html, path).toContain(`<html lang="${lang}"`);
        expect(h1s(html), path).toEqual([h1]);
        expect(html).toMatch(new RegExp(`<a class="button" href="${home}">`));
        expect(html).toContain('<meta name="robots" content="noindex">');
        expect(/<a class="language-switch" href="([^"]*)"/.exec(html)?.[1], path).toBe(other);
      }
      const switched = await get(other);
      expect(switched.status, other).toBe(200);
      expect(h1s(await switched.text())).toEqual([otherH1]);
    }
  });

  it('the staff area and its sign-in are in English only and not for search engines: no language switch, no hreflang alternates, noindex', async () => {
    for (const path of ['/login', '/logout', '/admin', '/admin/enquiry/panel', '/admin/enquiry/details/x']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain('<meta name="robots" content="noindex">');
      expect(html, path).not.toContain('class="language-switch"');
      expect(html, path).not.toContain('hreflang=');
    }
  });
});

describe('home page', () => {
  it('has the hero buttons, statistics, about cards, mission, accreditation card and the enquiry mount', () => {
    const html = pages.get('/')!;
    expect(html).toMatch(/<a class="button button-accent" href="\/admissions\/apply\/primary">Apply Now<\/a>/);
    expect(html).toMatch(/<a class="button button-light" href="\/infrastructure\/overview">Virtual Tour<\/a>/);
    const years = new Date().getFullYear() - 2012;
    expect(html).toContain(`<span data-years-since="2012">${years}</span>+`);
    for (const text of [
      '98%',
      '15:1',
      '20+',
      'Years of excellence',
      'Admission acceptance',
      'Student-teacher ratio',
      'Extracurricular activities',
      '10-acre campus',
      '50+ faculty',
      'CBSE',
    ])
      expect(html).toContain(text);
    for (const href of [
      '/infrastructure/learning-centre',
      '/infrastructure/auditorium',
      '/academics/technology',
      '/academics/holistic-development',
    ])
      expect(html).toContain(`class="card-link" href="${href}"`);
    expect(html).toContain('Rooted in values, reaching for excellence.');
    expect(html).toContain('Full recognition as a Senior Secondary School');
  });

  it('has JSON-LD for the school with its address and social links, and no phone or e-mail before the school saves one', async () => {
    const { site } = await import('../../src/config/site.ts');
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(pages.get('/')!)?.[1];
    const data = JSON.parse(json!);
    expect(data['@type']).toEqual(['School', 'HighSchool']);
    expect(data.address.streetAddress).toBe(site.contact.address);
    expect(data).not.toHaveProperty('telephone');
    expect(data).not.toHaveProperty('email');
    expect(data.sameAs).toEqual(site.starting.socialLinks.map((link) => link.url));
    expect(data.name).toBe(site.contact.name);
  });
});

describe('links and files', () => {
  it('every link on every content page (navigation, footer, body) resolves to a built page or file', async () => {
    expect(new Set([...pages.values()].flatMap(internalLinks)).size).toBeGreaterThan(50);
    expect(await brokenLinks(pages.values(), get)).toEqual([]);
  });

  it('the footer shows the contact record, social links, the map placeholder and the copyright year', async () => {
    const { site } = await import('../../src/config/site.ts');
    const html = pages.get('/academy/about')!;
    const footer = /<footer class="site-footer"[^>]*>([\s\S]*?)<\/footer>/.exec(html)![1]!;
    for (const text of [site.contact.name.replace('&', '&amp;'), site.contact.address]) expect(footer).toContain(text);
    // No phone or e-mail saved yet: their lines are there, hidden, with nothing in them.
    expect(footer).toMatch(
      /<p class="with-icon" data-school-line hidden><svg[\s\S]*?<\/svg> <span data-school="phones"><\/span><\/p>/,
    );
    expect(footer).not.toMatch(/tel:|mailto:[^"]|9876543210|info@/);
    for (const social of site.starting.socialLinks)
      expect(footer).toMatch(
        new RegExp(
          `<li data-social="${social.icon}"><a href="${social.url.replace(/[.?]/g, '\\$&')}"[^>]*>\\s*<svg[\\s\\S]*?<span>`,
        ),
      );
    // An unset network keeps its place as a placeholder anchor: no href, target or rel.
    expect(footer).toMatch(/<li data-social="whatsapp" hidden><a>/);
    expect(footer).toContain('data-map-load="https://www.openstreetmap.org/export/embed.html');
    expect(footer).toContain(`<span data-current-year>${new Date().getFullYear()}</span>`);
    expect(footer).toContain('href="/academy/mandatory-disclosure"');
  });

  it('the magazine page links six PDFs, each opened in a new tab by View and Download, and each parses as a PDF', async () => {
    const html = pages.get('/press/magazine')!;
    for (const pdf of MAGAZINE_PDFS) {
      const anchors = html.match(new RegExp(`<a [^>]*href="${pdf}"[^>]*>`, 'g')) ?? [];
      expect(anchors, pdf).toHaveLength(2);
      for (const a of anchors) expect(a).toContain('target="_blank"');
      const res = await get(pdf);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/pdf');
      expect(checkPdf(new Uint8Array(await res.arrayBuffer()))).toMatchObject({ ok: true });
    }
    expect(html).toContain('Ask the school library for printed copies of earlier issues.');
  });

  it('the press page shows its articles with source, title, date and thumbnail (six samples came with the site; other tests remove two at most and may add)', () => {
    const html = pages.get('/press/coverage')!;
    const cards = html.match(/<li class="card press-card">[\s\S]*?<\/li>/g) ?? [];
    expect(cards.length).toBeGreaterThanOrEqual(4);
    for (const card of cards) {
      expect(card).toMatch(/<time datetime="\d{4}-\d{2}-\d{2}">/);
      expect(card).toMatch(/<h2( lang="[a-z-A-Z]+")?>[^<]+<\/h2>/);
      expect(card).toMatch(/<img src="[^"]+" alt="[^"]+" width="\d+" height="\d+"/);
    }
  });

  it('the mandatory disclosure page (served from the database) has sections A to E and says "not yet published", never "Placeholder"', () => {
    const html = pages.get('/academy/mandatory-disclosure')!;
    for (const heading of [
      'A. General information',
      'B. Documents and information',
      'C. Results and academics',
      'D. Staff (teaching)',
      'E. School infrastructure',
    ])
      expect(html).toContain(heading);
    expect(html).toContain('Not yet published');
    expect(html).not.toMatch(/Placeholder|21XXXXX/);
  });

  it('sitemap and robots.txt are served; /sitemap.xml answers the index too', async () => {
    const index = await (await get('/sitemap-index.xml')).text();
    expect(index).toContain('https://www.rmcpschool.in/sitemap-0.xml');
    expect(index).toContain('https://www.rmcpschool.in/notices/sitemap.xml');
    expect(index).toContain('https://www.rmcpschool.in/sitemap-pages.xml');
    const atRoot = await get('/sitemap.xml');
    expect(atRoot.status).toBe(200);
    expect(await atRoot.text()).toBe(index);
    // The built pages' sitemap and the content pages' (drawn by their function, so a hidden page leaves it at once).
    const sitemap = (await (await get('/sitemap-0.xml')).text()) + (await (await get('/sitemap-pages.xml')).text());
    for (const path of Object.keys(CONTENT_ROUTES))
      expect(sitemap).toContain(`<loc>https://www.rmcpschool.in${path === '/' ? '/' : `${path}/`}</loc>`);
    expect(sitemap).not.toContain('/admin/');
    expect(sitemap).not.toContain('/404');
    expect(sitemap).not.toMatch(/\/(login|logout|page-shells)\//);
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain('Sitemap: https://www.rmcpschool.in/sitemap-index.xml');
  });
});

describe('JavaScript and image budget', () => {
  it("the home page has no island: the enquiry pop-up is a page script that loads its form's island when the form is first used (tests/e2e/home-javascript.test.ts)", () => {
    const home = pages.get('/')!;
    expect(home).not.toMatch(/<astro-island|client:/i);
    expect(home).toMatch(/<script type="module" src="\/_astro\/EnquiryPopup\.astro[^"]*\.js"><\/script>/);
  });

  it("the home page draws the pop-up on the server: the dialog with its fields, the consent box and Submit (a submit before the island is held by the page's script)", () => {
    const home = pages.get('/')!;
    expect(home).toMatch(
      /<div data-enquiry-popup data-props="[^"]*"><section class="Toastify"[^>]*><\/section><dialog class="ff-dialog"/,
    );
    const form = /<form class="ff-form" noValidate="">([\s\S]*?)<\/form>/.exec(home)?.[1] ?? '';
    expect(form.match(/<(input|select|textarea)\b/g)).toHaveLength(16); // 14 fields, the consent box, the honeypot
    expect(form).toContain('<label for="_enquiryR_');
    expect(form).toMatch(/<button type="submit" class="ff-button" aria-busy="false">Submit<\/button>/);
  });

  it('content pages load no framework JS, only the navigation script (<= 3 KB gzipped)', async () => {
    for (const [path, html] of pages) {
      if (path === '/') continue; // the home page's pop-up script (tests/e2e/home-javascript.test.ts)
      expect(html, path).not.toMatch(/<astro-island|react|client:/i);
      const external = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
      const inline = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      let bytes = 0;
      for (const src of external) bytes += gzipSync(Buffer.from(await (await get(src)).arrayBuffer())).length;
      for (const code of inline) bytes += gzipSync(code).length;
      expect(bytes, path).toBeGreaterThan(0);
      expect(bytes, path).toBeLessThanOrEqual(3 * 1024);
    }
  });

  it("every picture has width, height and alt, a content page's a srcset through the Image CDN; below-the-fold pictures are lazy", () => {
    for (const [path, html] of pages) {
      const imgs = html.match(/<img\b[^>]*>/g) ?? [];
      imgs.forEach((img, i) => {
        // A content page draws its pictures through Netlify's Image CDN at the widths a phone needs (src/features/pictures/).
        if (!DATABASE_PAGES.includes(path)) {
          expect(img, path).toMatch(/ src="\/\.netlify\/images\?url=[^"]+&amp;w=\d+"/);
          expect(img, path).toMatch(/ srcset="[^"]*\/\.netlify\/images\?url=[^" ]+ \d+w[,"]/);
        }
        // A page drawn from the database shows the pictures the staff uploaded (made small in the admin's browser), as they are.
        expect(img, path).toMatch(/ width="\d+" height="\d+"/);
        expect(img, path).toMatch(/ alt="[^"]+"/);
        if (i > 0) expect(img, path).toContain('loading="lazy"');
      });
    }
    expect(gunzipSync(gzipSync('ok')).toString()).toBe('ok');
    expect(decode('a &amp; b')).toBe('a & b');
  });
});
