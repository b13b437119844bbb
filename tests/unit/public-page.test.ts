/**
 * The safe-HTML template, breadcrumbs and shell filling of the database pages
 * (src/server/public-page.ts): a title or text holding a replacement pattern ($', $`, $&, $1) goes
 * into the page's head as the letters it is.
 */
import { describe, expect, it } from 'vitest';
import {
  SHELL_DESCRIPTION,
  SHELL_PATH,
  SHELL_SLOT,
  SHELL_TITLE,
  fillShell,
  html,
  langAttribute,
  raw,
  type PublicPage,
} from '../../src/server/public-page.ts';
import { breadcrumbs } from '../../src/features/site/breadcrumbs.ts';
import { escapeHtml } from '../../src/server/escape-html.ts';

describe('html', () => {
  it.each([
    ['text', html`<p>${'<script>alert(1)</script>'}</p>`, '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    ['an attribute', html`<a href="${'" onmouseover="x'}">a</a>`, '<a href="&quot; onmouseover=&quot;x">a</a>'],
    ['a quote and an ampersand', html`<p title='${"it's & more"}'></p>`, "<p title='it&#39;s &amp; more'></p>"],
    ['a number', html`<td>${42}</td>`, '<td>42</td>'],
    ['nothing', html`<p>${null}${undefined}${false}</p>`, '<p></p>'],
    [
      'nested html',
      html`<ul>${['a<b', 'c'].map((x) => html`<li>${x}</li>`)}</ul>`,
      '<ul><li>a&lt;b</li><li>c</li></ul>',
    ],
    [
      'raw, made safe by its caller',
      html`<div>${raw('<strong>bold</strong>')}</div>`,
      '<div><strong>bold</strong></div>',
    ],
  ])('escapes %s', (_what, made, expected) => expect(made.value).toBe(expected));
});

describe('langAttribute', () => {
  it('marks words in the other language only', () => {
    expect(langAttribute('en', 'hi').value).toBe(' lang="en-IN"');
    expect(langAttribute('hi', 'hi').toString()).toBe('');
  });
});

describe('breadcrumbs', () => {
  it('draws the navigation trail in the page language, with the current page last', () => {
    const crumbs = breadcrumbs('hi', '/admissions', 'एक सूचना').value;
    expect(crumbs).toMatch(/^<nav class="breadcrumbs" aria-label="[^"]+" lang="hi-IN"><ol><li><a href="\/hi\/">/);
    expect(crumbs).toContain('<li><a href="/hi/admissions">प्रवेश</a></li>');
    expect(crumbs).toMatch(/<li><span aria-current="page">एक सूचना<\/span><\/li><\/ol><\/nav>$/);
  });

  it('is empty for a path the navigation does not know', () => {
    expect(breadcrumbs('en', '/no/such/page').value).toBe('');
  });
});

describe('fillShell', () => {
  // The parts of the built shell (src/pages/page-shells/page.astro) that fillShell fills.
  const SHELL =
    `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><title>${SHELL_TITLE} | RMCP School</title>` +
    `<meta name="description" content="${SHELL_DESCRIPTION}"><link rel="canonical" href="https://www.rmcpschool.in${SHELL_PATH}">` +
    `<link rel="alternate" hreflang="hi-IN" href="https://www.rmcpschool.in/hi${SHELL_PATH}"><meta property="og:type" content="website">` +
    `<meta property="og:title" content="${SHELL_TITLE} | RMCP School"><meta property="og:description" content="${SHELL_DESCRIPTION}"></head>` +
    `<body><a class="language-switch" href="/hi${SHELL_PATH}">हिन्दी</a><main>${SHELL_SLOT}</main></body></html>`;

  /** The page as it must read: each piece put in by split and join, which reads no pattern. */
  const expected = (title: string, description: string, body: string, head: string, search: string) =>
    SHELL.split(`/hi${SHELL_PATH}`)
      .join('/hi/notices/x/')
      .split(SHELL_PATH)
      .join('/notices/x/')
      .split(SHELL_TITLE)
      .join(escapeHtml(title))
      .split(SHELL_DESCRIPTION)
      .join(escapeHtml(description))
      .split(SHELL_SLOT)
      .join(body)
      .split('content="website"')
      .join('content="article"')
      .split('</head>')
      .join(`${head}</head>`)
      .split('class="language-switch" href="/hi/notices/x/"')
      .join(`class="language-switch" href="/hi/notices/x/${escapeHtml(search)}"`);

  it.each([
    ["$' (the text after the match)", "Fees due $' today"],
    ['$` (the text before the match)', 'Fees due $` today'],
    ['$& (the match itself)', 'Fees due $& today'],
    ['$1 (a group)', 'Fees due $1 today'],
    ['$$ and $<name>', 'Fees $$ and $<name> today'],
    ['all of them and markup', '<b>$\'$`$&$1$$</b> & "quotes"'],
  ])('a title and text with %s go into the head as written', (_, words) => {
    const page: PublicPage = {
      lang: 'en',
      path: '/notices/x',
      title: words,
      description: `About ${words}`,
      ogType: 'article',
      body: html`<h1>${words}</h1>`,
      head: html`<link rel="alternate" title="${words}" href="/notices/feed.xml">`,
      tags: [],
    };
    const search = "?page=$'2";
    const filled = fillShell(SHELL, page, search);
    expect(filled).toBe(expected(words, `About ${words}`, page.body.value, page.head!.value, search));
    const head = filled.slice(0, filled.indexOf('</head>'));
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).toContain(`<title>${escapeHtml(words)} | RMCP School</title>`);
    expect(head).toContain(`<meta property="og:title" content="${escapeHtml(words)} | RMCP School">`);
    expect(filled).not.toContain('__PAGE_');
  });
});
