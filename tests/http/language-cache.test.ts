/**
 * The home `/` is answered by the nf_lang cookie, then Accept-Language (Netlify's Language
 * redirect): the Hindi home's 302 for one family, the English home for another. Every such answer
 * says so to caches between the site and the family (Vary) and keeps shared caches from storing
 * it (Cache-Control: private), so no proxy hands one family's language to the next.
 */
import { describe, expect, inject, it } from 'vitest';

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(new URL(path, inject('baseURL')), { headers, redirect: 'manual' });

function expectLanguageHeaders(res: Response) {
  const vary = (res.headers.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase());
  expect(vary).toEqual(expect.arrayContaining(['cookie', 'accept-language']));
  const cacheControl = (res.headers.get('cache-control') ?? '').split(',').map((v) => v.trim());
  expect(cacheControl).toContain('private');
  expect(cacheControl).not.toContain('public');
}

describe('the language of `/` and caches', () => {
  it("the redirect to the Hindi home, by cookie or by the browser's language, carries Vary and Cache-Control: private", async () => {
    for (const headers of <Record<string, string>[]>[
      { cookie: 'nf_lang=hi' },
      { cookie: 'other=1; nf_lang=hi' },
      { 'accept-language': 'hi-IN,hi;q=0.9' },
    ]) {
      const res = await get('/', headers);
      expect(res.status, JSON.stringify(headers)).toBe(302);
      expect(new URL(res.headers.get('location')!, inject('baseURL')).pathname).toBe('/hi/');
      expectLanguageHeaders(res);
    }
  });

  it('the English home at `/` (no cookie, nf_lang=en, an English browser) carries them too', async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { cookie: 'nf_lang=en' },
      { cookie: 'nf_lang=en', 'accept-language': 'hi-IN,hi;q=0.9' },
      { 'accept-language': 'en-IN,en;q=0.9' },
    ]) {
      const res = await get('/', headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(await res.text()).toContain('<html lang="en');
      expectLanguageHeaders(res);
    }
  });

  it('pages that do not depend on the cookie keep the ordinary caching', async () => {
    for (const path of ['/hi/', '/academy/about/']) {
      const res = await get(path, { cookie: 'nf_lang=hi' });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control') ?? '').not.toContain('private');
    }
  });
});
