/**
 * The notice pages' pure renderers: words escaped, the sanitised text kept, a notice in one
 * language marked with its lang on the other site, dates and months in the page's language.
 */
import { describe, expect, it } from 'vitest';
import {
  longDate,
  monthName,
  noticeArchiveBody,
  noticeBody,
  noticeHead,
  noticesIndexBody,
} from '../../src/features/notices/notice-pages.server.ts';
import type { Notice } from '../../src/features/notices/notice.ts';

function notice(overrides: Partial<Notice> = {}): Notice {
  return {
    _id: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f',
    slug: '2026-11-26-winter-holidays',
    url: '/notices/2026-11-26-winter-holidays',
    title: { en: 'Winter holidays', hi: 'शीतकालीन अवकाश' },
    body: { en: 'School **closed**.', hi: 'विद्यालय **बंद** रहेगा।' },
    publishOn: '2026-11-26',
    expiresOn: null,
    pinned: false,
    attachment: null,
    createdAt: '2026-11-26T05:00:00.000Z',
    updatedAt: '2026-11-26T05:00:00.000Z',
    ...overrides,
  };
}

describe('noticeBody', () => {
  it('draws the notice in the page language with its sanitised text, date and the way back', () => {
    const en = noticeBody('en', notice(), '2026-11-27').value;
    expect(en).toContain('<h1>Winter holidays</h1>');
    expect(en).toContain('<div class="notice-body prose"><p>School <strong>closed</strong>.</p></div>');
    expect(en).toContain('<time datetime="2026-11-26">Published on 26 November 2026</time>');
    expect(en).toContain('href="/notices">All notices</a>');
    const hi = noticeBody('hi', notice(), '2026-11-27').value;
    expect(hi).toContain('<h1>शीतकालीन अवकाश</h1>');
    expect(hi).toContain('26 नवंबर 2026 को जारी');
    expect(hi).toContain('href="/hi/notices">सभी सूचनाएँ</a>');
    expect(hi).toContain('href="https://wa.me/?text=');
  });

  it("escapes the title everywhere and keeps only the sanitiser's HTML from the text", () => {
    const html = noticeBody(
      'en',
      notice({ title: { en: '<img src=x onerror=alert(1)>' }, body: { en: '<script>alert(1)</script>' } }),
      '2026-11-27',
    ).value;
    expect(html).not.toMatch(/<img src=x|<script>/);
    expect(html).toContain('<h1>&lt;img src=x onerror=alert(1)&gt;</h1>');
  });

  it('a notice in Hindi only, on the English site: Hindi words marked lang="hi-IN", a line in English saying so', () => {
    const html = noticeBody('en', notice({ title: { hi: 'अवकाश' }, body: { hi: 'बंद' } }), '2026-11-27').value;
    expect(html).toContain('<h1 lang="hi-IN">अवकाश</h1>');
    expect(html).toContain('<p class="notice-note">This notice was issued in Hindi only.</p>');
    expect(html).toContain('<div class="notice-body prose" lang="hi-IN"><p>बंद</p></div>');
    expect(noticeHead(notice({ title: { hi: 'अवकाश' }, body: { hi: 'विद्यालय **बंद**' } }), 'en')).toEqual({
      title: 'अवकाश',
      description: 'विद्यालय बंद',
    });
  });

  it('says when a notice was valid until, and shows a PDF or a picture attachment', () => {
    const expired = noticeBody('en', notice({ expiresOn: '2026-11-26' }), '2026-11-27').value;
    expect(expired).toContain('This notice was valid until 26 November 2026.');
    const pdf = noticeBody(
      'en',
      notice({ attachment: { id: 'a', type: 'pdf', size: 150_000, name: 'c.pdf', url: '/v1/files/a' } }),
      '2026-11-27',
    ).value;
    expect(pdf).toContain('<a href="/v1/files/a" type="application/pdf">Open the attached PDF (146 KB)</a>');
    const picture = noticeBody(
      'hi',
      notice({ attachment: { id: 'b', type: 'jpeg', size: 2048, name: 'p.jpg', url: '/v1/files/b' } }),
      '2026-11-27',
    ).value;
    expect(picture).toContain('<img src="/v1/files/b" alt="" loading="lazy" decoding="async">');
    expect(picture).toContain('संलग्न चित्र खोलें (2 KB)');
  });
});

describe('lists', () => {
  it('the index: pinned marked, each linking its page in the page language, the months, the feed', () => {
    const html = noticesIndexBody(
      'hi',
      [notice({ pinned: true })],
      [{ month: '2026-11', count: 3 }],
      '2026-11-27',
    ).value;
    expect(html).toContain(
      '<li class="notice-item notice-item--pinned"><h3><a href="/hi/notices/2026-11-26-winter-holidays">शीतकालीन अवकाश</a></h3>',
    );
    expect(html).toContain('<span class="notice-badge">महत्वपूर्ण</span>');
    expect(html).toContain('<a href="/hi/notices/archive/2026-11">नवंबर 2026</a> (3)');
    expect(html).toContain('href="/hi/notices/feed.xml"');
    expect(noticesIndexBody('en', [], [], '2026-11-27').value).toContain('There are no notices at the moment.');
  });

  it('a month: its name in the page language, or that it had none', () => {
    expect(noticeArchiveBody('en', '2026-11', [notice()], '2026-11-27').value).toContain(
      '<h1>Notices of November 2026</h1>',
    );
    expect(noticeArchiveBody('hi', '2026-10', [], '2026-11-27').value).toContain('अक्टूबर 2026 में कोई सूचना जारी नहीं हुई।');
    expect(longDate('hi', '2027-01-05')).toBe('5 जनवरी 2027');
    expect(monthName('en', '2027-01')).toBe('January 2027');
  });
});
