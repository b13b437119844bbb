/**
 * Notices: the Markdown the office types becomes only allowed HTML (script, javascript: links and
 * event attributes never survive; typed HTML shows as text), and the form's one schema refuses what
 * the API must refuse (no language, a title without text, dates out of order, over-long text,
 * control characters). The Atom feed, read back by a feed reader's parser (feedparser), carries
 * titles and summaries as the text they are and content as the page's sanitised HTML, the language
 * of the feed and of each entry, and attachments as enclosures; the Hindi feed is in Hindi.
 */
import { describe, expect, it } from 'vitest';
import { excerpt, noticeText, renderNotice, sanitizeNoticeHtml } from '../../src/features/notices/markdown.server.ts';
import {
  NOTICE_LIMITS,
  NOTICE_TEXTS,
  noticeSlug,
  previewInput,
  validateNotice,
  textsFor,
  type Notice,
} from '../../src/features/notices/notice.ts';
import { noticesFeed } from '../../src/features/notices/feed.server.ts';
import { CONTROL_CODE, CONTROL_TEXT, withoutControlCharacters } from '../../src/lib/visible-text.ts';
import { parseFeed, type FeedText } from '../support/feed-parser.ts';
import { site } from '../../src/config/site.ts';

/** Every tag the output has, with its attributes as written. */
const tags = (html: string) =>
  [...html.matchAll(/<([a-z0-9]+)([^>]*)>/gi)].map(([, name, attrs]) => ({
    name: name!.toLowerCase(),
    attrs: attrs!.trim(),
  }));
const ALLOWED = new Set(['p', 'br', 'ul', 'ol', 'li', 'strong', 'em', 'a']);

describe('renderNotice', () => {
  it('renders paragraphs, lists, bold, italics and links (with rel="noopener")', () => {
    const html = renderNotice(
      'School stays **closed** on *Monday*.\n\n- Class 1\n- Class 2\n\n1. First\n2. Second\n\nSee [the calendar](https://www.rmcpschool.in/calendar) or call [the office](tel:+915734000000).',
    );
    expect(html).toContain('<p>School stays <strong>closed</strong> on <em>Monday</em>.</p>');
    expect(html).toMatch(/<ul>\s*<li>Class 1<\/li>\s*<li>Class 2<\/li>\s*<\/ul>/);
    expect(html).toMatch(/<ol>\s*<li>First<\/li>/);
    expect(html).toContain('<a href="https://www.rmcpschool.in/calendar" rel="noopener">the calendar</a>');
    expect(html).toContain('<a href="tel:+915734000000" rel="noopener">the office</a>');
    expect(tags(html).every((t) => ALLOWED.has(t.name))).toBe(true);
  });

  it('keeps a line break where the office typed one, and a heading as a bold line', () => {
    expect(renderNotice('Line one\nLine two')).toBe('<p>Line one<br />Line two</p>');
    expect(renderNotice('# Winter holidays')).toBe('<p><strong>Winter holidays</strong></p>');
  });

  it.each([
    ['<script>alert(1)</script>', /<script/i],
    ['Hello <script src="https://evil.example/x.js"></script>', /<script/i],
    ['<img src=x onerror=alert(1)>', /<img/i],
    ['<a href="javascript:alert(1)">click</a>', /<a /i],
    ['<iframe src="https://evil.example"></iframe>', /<iframe/i],
    ['<p onclick="alert(1)">hi</p>', /<p onclick/i],
    ['<style>body{display:none}</style>', /<style/i],
  ])('shows typed HTML as inert text: %s', (typed, element) => {
    const html = renderNotice(typed);
    expect(html).not.toMatch(element);
    expect(html).toContain('&lt;');
    expect(tags(html).every((t) => ALLOWED.has(t.name))).toBe(true);
    expect(tags(html).some((t) => /\bon\w+=/i.test(t.attrs))).toBe(false);
  });

  it.each([
    '[click](javascript:alert(1))',
    '[click](JaVaScRiPt:alert(1))',
    '[click](java&#x09;script:alert(1))',
    '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[click](vbscript:msgbox(1))',
    '[click](//evil.example/x)',
    '<javascript:alert(1)>',
  ])('drops a link to anything but http, https, mailto or tel: %s', (typed) => {
    const html = renderNotice(typed);
    for (const tag of tags(html).filter((t) => t.name === 'a'))
      expect(tag.attrs).not.toMatch(/href="(?!https?:|mailto:|tel:)/i);
    expect(html).not.toMatch(/href="[^"]*(javascript|vbscript|data):/i);
    expect(html).not.toMatch(/href="\/\//);
  });

  it('drops images and anything else outside the allow-list, keeping the words', () => {
    const html = renderNotice(
      '![poster](https://evil.example/x.png)\n\n> quoted words\n\n| a | b |\n|---|---|\n| c | d |',
    );
    expect(html).not.toMatch(/<(img|blockquote|table|td)/i);
    expect(html).toContain('quoted words');
  });
});

describe('sanitizeNoticeHtml (the second wall, should marked ever pass HTML through)', () => {
  it.each([
    ['<p onclick="alert(1)">hi</p>', '<p>hi</p>'],
    ['<img src="x" onerror="alert(1)">after', 'after'],
    ['<a href="javascript:alert(1)" onmouseover="x()">click</a>', '<a rel="noopener">click</a>'],
    [
      '<a href="https://x.example" target="_blank" rel="opener">x</a>',
      '<a href="https://x.example" rel="noopener">x</a>',
    ],
    ['<script>alert(1)</script><p>kept</p>', '<p>kept</p>'],
    ['<svg onload="alert(1)"><text>t</text></svg>', 't'],
    ['<b>bold</b> <i>it</i>', '<strong>bold</strong> <em>it</em>'],
  ])('%s -> %s', (dirty, clean) => {
    expect(sanitizeNoticeHtml(dirty)).toBe(clean);
  });
});

describe('noticeText and excerpt', () => {
  it('gives the words without markup, typed HTML as the text it is', () => {
    expect(noticeText('**Fees** due by [10 Dec](https://x.example).\n\n- one\n- two')).toBe(
      'Fees due by 10 Dec. one two',
    );
    expect(noticeText('a <b> & "c"')).toBe('a <b> & "c"');
  });

  it('cuts at a word with an ellipsis', () => {
    expect(excerpt('word '.repeat(100), 50)).toMatch(/^(word ){8,}?word…$/);
    expect(excerpt('short', 50)).toBe('short');
  });
});

describe('validateNotice', () => {
  const valid = { title: { en: 'Winter holidays' }, body: { en: 'School closed.' }, publishOn: '2026-12-20' };

  it('cleans a valid notice: trimmed, empty languages left out, defaults', () => {
    const result = validateNotice({
      ...valid,
      title: { en: '  Winter holidays ', hi: '  ' },
      body: { en: 'School closed.\r\nBack on 2 Jan.', hi: '' },
    });
    expect(result).toEqual({
      ok: true,
      data: {
        title: { en: 'Winter holidays' },
        body: { en: 'School closed.\nBack on 2 Jan.' },
        publishOn: '2026-12-20',
        expiresOn: null,
        pinned: false,
        attachmentUploadId: undefined,
      },
    });
    expect(
      validateNotice({
        title: { hi: 'शीतकालीन अवकाश' },
        body: { hi: 'विद्यालय बंद रहेगा।' },
        publishOn: '2026-12-20',
        expiresOn: '2026-12-20',
        pinned: true,
      }).ok,
    ).toBe(true);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['no language at all', { ...valid, title: {}, body: {} }, 'title', NOTICE_TEXTS.title],
    ['no title or body fields', { publishOn: '2026-12-20' }, 'title', NOTICE_TEXTS.title],
    ['a title without text', { ...valid, title: { en: 'x', hi: 'शीर्षक' } }, 'body.hi', NOTICE_TEXTS.titleWithoutBody],
    ['text without a title', { ...valid, body: { en: 'x', hi: 'विवरण' } }, 'title.hi', NOTICE_TEXTS.bodyWithoutTitle],
    ['expiry before publish', { ...valid, expiresOn: '2026-12-19' }, 'expiresOn', NOTICE_TEXTS.expiresBeforePublish],
    ['no publish date', { ...valid, publishOn: undefined }, 'publishOn', NOTICE_TEXTS.publishOn],
    ['a date that is not one', { ...valid, publishOn: '2026-02-30' }, 'publishOn', NOTICE_TEXTS.publishOn],
    ['an expiry that is not a date', { ...valid, expiresOn: 'soon' }, 'expiresOn', NOTICE_TEXTS.expiresOn],
    [
      'a title over the limit',
      { ...valid, title: { en: 't'.repeat(NOTICE_LIMITS.title + 1) } },
      'title.en',
      NOTICE_TEXTS.titleTooLong,
    ],
    [
      'text over the limit',
      { ...valid, body: { en: 'b'.repeat(NOTICE_LIMITS.body + 1) } },
      'body.en',
      NOTICE_TEXTS.bodyTooLong,
    ],
    ['pinned not a boolean', { ...valid, pinned: 'yes' }, 'pinned', NOTICE_TEXTS.pinned],
    [
      'an attachment id that is not one',
      { ...valid, attachmentUploadId: '../x' },
      'attachmentUploadId',
      NOTICE_TEXTS.attachment,
    ],
    ['a title of the wrong type', { ...valid, title: 'Winter' }, 'title', NOTICE_TEXTS.title],
  ])('refuses %s', (_, input, field, message) => {
    const result = validateNotice(input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fields[field]).toBe(message);
    expect(result.codes[field]).toMatch(/^notice\.\w+$/);
    expect(result.code).toMatch(/^notice\.\w+$/);
  });
});

describe('control characters in a notice', () => {
  const valid = { title: { en: 'Winter holidays' }, body: { en: 'School closed.' }, publishOn: '2026-12-20' };

  it.each<[string, Record<string, unknown>, string]>([
    ['BEL in a title', { ...valid, title: { en: 'Winter\u0007 holidays' } }, 'title.en'],
    [
      'ESC in a Hindi title',
      { ...valid, title: { en: 'x', hi: 'अवकाश\u001b[31m' }, body: { en: 'x', hi: 'बंद' } },
      'title.hi',
    ],
    ['a tab inside a title', { ...valid, title: { en: 'Winter\tholidays' } }, 'title.en'],
    ['a line break inside a title', { ...valid, title: { en: 'Winter\nholidays' } }, 'title.en'],
    ['C1 next line in a title', { ...valid, title: { en: 'Winter\u0085holidays' } }, 'title.en'],
    ['a noncharacter in a title', { ...valid, title: { en: 'Winter\uffff' } }, 'title.en'],
    ['half a surrogate pair in a title', { ...valid, title: { en: 'Winter \ud800' } }, 'title.en'],
    ['backspace in the text', { ...valid, body: { en: 'School\b closed.' } }, 'body.en'],
    ['vertical tab in the text', { ...valid, body: { en: 'School\u000bclosed.' } }, 'body.en'],
    ['C1 in the text', { ...valid, body: { en: 'School \u009b closed.' } }, 'body.en'],
    ['DEL in the text', { ...valid, body: { en: 'School\u007f closed.' } }, 'body.en'],
  ])('refuses %s, naming the field, with the code the i18n tables carry', (_, input, field) => {
    const result = validateNotice(input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fields).toEqual({ [field]: CONTROL_TEXT });
    expect(result.codes).toEqual({ [field]: CONTROL_CODE });
    expect(result).toMatchObject({ error: CONTROL_TEXT, code: CONTROL_CODE });
  });

  it('keeps tabs and line breaks in the text', () => {
    const result = validateNotice({ ...valid, body: { en: 'Timetable:\r\n\tClass 1\n\tClass 2' } });
    expect(result.ok && result.data.body.en).toBe('Timetable:\n\tClass 1\n\tClass 2');
  });

  it('a title or text of invisible characters alone is none (U+034F among them)', () => {
    const title = validateNotice({ ...valid, title: { en: '\u034f\u200b' } });
    expect(!title.ok && title.fields).toEqual({ 'title.en': NOTICE_TEXTS.bodyWithoutTitle });
    const body = validateNotice({ ...valid, body: { en: ' \u034f ' } });
    expect(!body.ok && body.fields).toEqual({ 'body.en': NOTICE_TEXTS.titleWithoutBody });
  });

  it('the preview refuses them too', () => {
    expect(previewInput({ body: { en: 'a\u0007b' } })).toEqual({ error: 'control' });
    expect(previewInput({ body: { en: 'a\tb\nc' } })).toEqual({ body: { en: 'a\tb\nc' } });
  });
});

describe('the Atom feed, as a feed reader parses it', () => {
  const ALLOWED_CONTENT = new Set(['p', 'br', 'ul', 'ol', 'li', 'strong', 'em', 'a']);
  const notice = (n: number, title: string, body: string): Notice => ({
    _id: `id-${n}`,
    slug: `2026-01-0${n}-n`,
    url: `/notices/2026-01-0${n}-n`,
    title: { en: title },
    body: { en: body },
    publishOn: `2026-01-0${n}`,
    expiresOn: null,
    pinned: false,
    attachment: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: `2026-01-0${n}T00:00:00.000Z`,
  });
  // The review's reproductions first, then what could end the CDATA, then what a stored row may
  // hold from before the control-character rule (XML cannot carry it).
  const notices = [
    notice(1, '<script>alert(1)</script>', '<script>alert(1)</script>'),
    notice(
      2,
      'Fees & "dues" <b>bold</b> ]]> $\' $` $& $1 ]]>',
      'Text ]]> with ]]> twice, <img src=x onerror=alert(3)> and [a link](https://a.example/]]>) [bad](javascript:alert(4))',
    ),
    notice(3, 'Exam\u0001 day\u001b \u0085 \ufffe\ud800', 'Paper\u0007 one\u000b,\ttwo\u009b.'),
    notice(4, 'शीतकालीन अवकाश', 'विद्यालय **बंद** रहेगा।'),
  ];

  /** What a reader shows of a text it got: no element at all, only `words` (feedparser trims them). */
  const plain = (text: FeedText | null, words: string) => {
    expect(text).not.toBeNull();
    expect(text!.elements).toEqual([]);
    expect(text!.text).toBe(words.trim());
  };

  it('is well-formed, and each title and summary is the text as typed; the content only the allowed elements', () => {
    const parsed = parseFeed(noticesFeed(notices, 'en'));
    expect(parsed.problem).toBeNull();
    expect(parsed.bozo).toBe(false);
    expect(parsed.entries).toHaveLength(notices.length);
    for (const [i, entry] of parsed.entries.entries()) {
      const { title, body } = { title: notices[i]!.title.en!, body: notices[i]!.body.en! };
      expect(entry.link).toBe(`https://www.rmcpschool.in${notices[i]!.url}`);
      plain(entry.title, withoutControlCharacters(title));
      plain(entry.summary, withoutControlCharacters(excerpt(noticeText(body), 200)));
      const content = entry.content!;
      expect(content.type).toBe('text/html');
      for (const element of content.elements) {
        expect(ALLOWED_CONTENT.has(element.name), element.name).toBe(true);
        for (const [name, value] of element.attrs) {
          expect(name).not.toMatch(/^on/i);
          if (name === 'href') expect(value).toMatch(/^(https?:|mailto:|tel:)/);
        }
      }
    }
    expect(parsed.entries[0]!.content!.text).toBe('<script>alert(1)</script>');
    expect(parsed.entries[1]!.content!.elements.map((e) => e.name)).toEqual(['p', 'a', 'a']);
    expect(parsed.entries[2]!.content!.text).toBe('Paper one,\ttwo.');
  });

  it('marks the feed and each entry with its language (a notice in Hindi only is hi-IN in the English feed)', () => {
    const hindiOnly: Notice = {
      ...notice(9, '', ''),
      title: { hi: 'शीतकालीन अवकाश' },
      body: { hi: 'विद्यालय **बंद** रहेगा।' },
    };
    const parsed = parseFeed(noticesFeed([notices[0]!, hindiOnly], 'en'));
    expect(parsed.language).toBe('en-IN');
    expect(parsed.entries.map((e) => [e.title.text, e.language])).toEqual([
      ['<script>alert(1)</script>', 'en-IN'],
      ['शीतकालीन अवकाश', 'hi-IN'],
    ]);
  });

  it("the Hindi feed has the Hindi title, each notice's Hindi words where it has them and links to the Hindi pages", () => {
    const both: Notice = {
      ...notice(5, 'Winter holidays', 'Closed.'),
      title: { en: 'Winter holidays', hi: 'शीतकालीन अवकाश' },
      body: { en: 'Closed.', hi: 'विद्यालय बंद रहेगा।' },
    };
    const english = notice(6, 'Sports day', 'On the ground.');
    const xml = noticesFeed([both, english], 'hi');
    expect(xml).toMatch(/<feed xmlns="http:\/\/www.w3.org\/2005\/Atom" xml:lang="hi-IN">/);
    const parsed = parseFeed(xml);
    expect(parsed.problem).toBeNull();
    // The school's short name in Hindi (the starting one: no profile saved in this test).
    expect(parsed.title).toBe(`${site.contact.hindiShortName}: सूचनाएँ एवं परिपत्र`);
    expect(parsed.language).toBe('hi-IN');
    expect(parsed.entries.map((e) => [e.title.text, e.language, e.link])).toEqual([
      ['शीतकालीन अवकाश', 'hi-IN', 'https://www.rmcpschool.in/hi/notices/2026-01-05-n'],
      ['Sports day', 'en-IN', 'https://www.rmcpschool.in/hi/notices/2026-01-06-n'],
    ]);
    expect(parsed.entries[0]!.content!.text).toBe('विद्यालय बंद रहेगा।');
  });

  it('text shaped like an entity reference reaches the reader as typed (no undefined entity breaks the feed)', () => {
    const typed = notice(1, 'Fees &amp; dues &nbsp; &copy; &#169; & more', 'Pay &nbsp; by Friday &lt;b&gt;');
    const parsed = parseFeed(noticesFeed([typed], 'en'));
    expect(parsed.problem).toBeNull();
    plain(parsed.entries[0]!.title, 'Fees &amp; dues &nbsp; &copy; &#169; & more');
    plain(parsed.entries[0]!.summary, excerpt(noticeText(typed.body.en!), 200));
  });

  it("a notice's attachment is its entry's enclosure: the file's address, type and size", () => {
    const id = '0b7e2f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
    const withFile: Notice = {
      ...notice(7, 'Date sheet', 'Attached.'),
      attachment: { id, type: 'pdf', size: 48213, name: 'date sheet "final".pdf', url: `/v1/files/${id}` },
    };
    const picture: Notice = {
      ...notice(8, 'Prize list', 'Attached.'),
      attachment: { id, type: 'webp', size: 900, name: 'list.webp', url: `/v1/files/${id}` },
    };
    const parsed = parseFeed(noticesFeed([withFile, picture, notices[0]!], 'en'));
    expect(parsed.problem).toBeNull();
    expect(parsed.entries.map((e) => e.enclosures)).toEqual([
      [{ href: `https://www.rmcpschool.in/v1/files/${id}`, type: 'application/pdf', length: '48213' }],
      [{ href: `https://www.rmcpschool.in/v1/files/${id}`, type: 'image/webp', length: '900' }],
      [],
    ]);
  });
});

describe('slugs and languages', () => {
  it('makes a readable address from the date and the English title', () => {
    expect(noticeSlug('2026-11-26', { en: 'Winter Holidays: 25 Dec – 5 Jan!' })).toBe(
      '2026-11-26-winter-holidays-25-dec-5-jan',
    );
    expect(noticeSlug('2026-11-26', { hi: 'शीतकालीन अवकाश' })).toBe('2026-11-26-notice');
  });

  it('shows a notice in the page language when it has it, else in the one it was written in', () => {
    const both = { title: { en: 'Holiday', hi: 'अवकाश' }, body: { en: 'Closed', hi: 'बंद' } };
    expect(textsFor(both, 'hi')).toEqual({ language: 'hi', title: 'अवकाश', body: 'बंद' });
    expect(textsFor({ title: { hi: 'अवकाश' }, body: { hi: 'बंद' } }, 'en')).toEqual({
      language: 'hi',
      title: 'अवकाश',
      body: 'बंद',
    });
    expect(textsFor({ title: { en: 'Holiday' }, body: { en: 'Closed' } }, 'hi').language).toBe('en');
  });
});
