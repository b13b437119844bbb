/** The safe-HTML template and breadcrumbs of the database pages (src/server/public-page.ts). */
import { describe, expect, it } from 'vitest';
import { breadcrumbs, html, langAttribute, raw } from '../../src/server/public-page.ts';

describe('html', () => {
  it.each([
    ['text', html`<p>${'<script>alert(1)</script>'}</p>`, '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    ['an attribute', html`<a href="${'" onmouseover="x'}">a</a>`, '<a href="&quot; onmouseover=&quot;x">a</a>'],
    ["a quote and an ampersand", html`<p title='${"it's & more"}'></p>`, "<p title='it&#39;s &amp; more'></p>"],
    ['a number', html`<td>${42}</td>`, '<td>42</td>'],
    ['nothing', html`<p>${null}${undefined}${false}</p>`, '<p></p>'],
    ['nested html', html`<ul>${['a<b', 'c'].map((x) => html`<li>${x}</li>`)}</ul>`, '<ul><li>a&lt;b</li><li>c</li></ul>'],
    ['raw, made safe by its caller', html`<div>${raw('<strong>bold</strong>')}</div>`, '<div><strong>bold</strong></div>'],
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
