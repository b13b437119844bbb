/**
 * The one Markdown maker (src/server/markdown.ts) under the rules of its two users: notices (a
 * heading is a bold line, no tables, rel="noopener" on every link) and content pages (headings
 * demoted to h2/h3, tables kept in a scrolling box, rel="noopener" on links out of the site only).
 * Typed HTML shows as text and javascript: links lose their address under both; the notices' and
 * pages' own tests (tests/unit/notices.test.ts, tests/db/pages.test.ts) hold each user's output.
 */
import { describe, expect, it } from 'vitest';
import { makeMarkdown } from '../../src/server/markdown.ts';

const notice = makeMarkdown({ headings: 'bold', tables: false, noopener: 'all' });
const page = makeMarkdown({ headings: 'demoted', tables: true, noopener: 'outside' });

const TABLE = '| Event | When |\n| --- | --- |\n| Sports Day | Winter |';
const PAGE_TABLE =
  '<div class="table-wrap"><table>\n<thead>\n<tr>\n<th scope="col">Event</th>\n<th scope="col">When</th>\n</tr>\n</thead>\n<tbody><tr>\n<td>Sports Day</td>\n<td>Winter</td>\n</tr>\n</tbody></table></div>';

describe('makeMarkdown: render', () => {
  it.each([
    [
      'a script, typed',
      '<script>alert(1)</script>',
      '&lt;script&gt;alert(1)&lt;/script&gt;',
      '&lt;script&gt;alert(1)&lt;/script&gt;',
    ],
    [
      'an onerror, typed',
      'Hi <img src=x onerror=alert(1)> there',
      '<p>Hi &lt;img src=x onerror=alert(1)&gt; there</p>',
      '<p>Hi &lt;img src=x onerror=alert(1)&gt; there</p>',
    ],
    [
      'a javascript: link',
      '[click](javascript:alert(1))',
      '<p><a rel="noopener">click</a></p>',
      '<p><a rel="noopener">click</a></p>',
    ],
    [
      'a javascript: link in mixed case',
      '[click](JaVaScRiPt:alert(1))',
      '<p><a rel="noopener">click</a></p>',
      '<p><a rel="noopener">click</a></p>',
    ],
    ['a protocol-relative link', '[x](//evil.example/x)', '<p><a rel="noopener">x</a></p>', '<p><a>x</a></p>'],
    [
      'a link out of the site',
      '[CBSE](https://www.cbse.gov.in/)',
      '<p><a href="https://www.cbse.gov.in/" rel="noopener">CBSE</a></p>',
      '<p><a href="https://www.cbse.gov.in/" rel="noopener">CBSE</a></p>',
    ],
    [
      'a link of the site',
      '[ok](/academy/about)',
      '<p><a href="/academy/about" rel="noopener">ok</a></p>',
      '<p><a href="/academy/about">ok</a></p>',
    ],
    [
      'a phone link',
      '[call](tel:+915734000000)',
      '<p><a href="tel:+915734000000" rel="noopener">call</a></p>',
      '<p><a href="tel:+915734000000" rel="noopener">call</a></p>',
    ],
    [
      'headings of every depth',
      '# One\n## Two\n### Three\n#### Four',
      '<p><strong>One</strong></p>\n<p><strong>Two</strong></p>\n<p><strong>Three</strong></p>\n<p><strong>Four</strong></p>',
      '<h2>One</h2>\n<h2>Two</h2>\n<h3>Three</h3>\n<h3>Four</h3>',
    ],
    ['a table', TABLE, 'Event\nWhen\n\n\n\nSports Day\nWinter', PAGE_TABLE],
    ['an image', '![poster](https://evil.example/x.png) words', '<p> words</p>', '<p> words</p>'],
    ['a line break', 'Line one\nLine two', '<p>Line one<br />Line two</p>', '<p>Line one<br />Line two</p>'],
    [
      'bold, italics and a list',
      '**b** *i*\n\n- one',
      '<p><strong>b</strong> <em>i</em></p>\n<ul>\n<li>one</li>\n</ul>',
      '<p><strong>b</strong> <em>i</em></p>\n<ul>\n<li>one</li>\n</ul>',
    ],
  ])('%s', (_, markdown, asNotice, asPage) => {
    expect(notice.render(markdown)).toBe(asNotice);
    expect(page.render(markdown)).toBe(asPage);
  });

  it('never lets a script, an event attribute or a javascript: address through, under either rules', () => {
    const typed =
      '<script>x()</script>\n\n<p onclick="x()">p</p> <svg onload="x()"></svg>\n\n[a](javascript:x()) <a href="javascript:x()">b</a>\n\n## <img src=x onerror=x()>';
    for (const html of [notice.render(typed), page.render(typed)])
      expect(html).not.toMatch(/<(script|svg|img)\b|<[^>]*(\son\w+=|href="javascript)/i);
  });
});

describe('makeMarkdown: sanitize (the second wall, on HTML marked might pass)', () => {
  it.each([
    ['an event attribute', '<p onclick="alert(1)">hi</p>', '<p>hi</p>', '<p>hi</p>'],
    ['a script', '<script>alert(1)</script><p>kept</p>', '<p>kept</p>', '<p>kept</p>'],
    [
      'a javascript: address',
      '<a href="javascript:alert(1)" onmouseover="x()">click</a>',
      '<a rel="noopener">click</a>',
      '<a rel="noopener">click</a>',
    ],
    ['a heading', '<h2 onclick="x()">t</h2><h4>u</h4>', 'tu', '<h2>t</h2>u'],
    [
      'a table',
      '<table><tr><th>h</th><td>c</td></tr></table>',
      'hc',
      '<table><tr><th scope="col">h</th><td>c</td></tr></table>',
    ],
    [
      'a box with a class of its own',
      '<div class="evil table-wrap" style="x">d</div>',
      'd',
      '<div class="table-wrap">d</div>',
    ],
    [
      'old bold and italics',
      '<b>bold</b> <i>it</i>',
      '<strong>bold</strong> <em>it</em>',
      '<strong>bold</strong> <em>it</em>',
    ],
  ])('%s', (_, html, asNotice, asPage) => {
    expect(notice.sanitize(html)).toBe(asNotice);
    expect(page.sanitize(html)).toBe(asPage);
  });
});

describe('makeMarkdown: text', () => {
  it('gives the words on one line, typed HTML as the text it is, under either rules', () => {
    for (const md of [notice, page]) {
      expect(md.text('## Fees\n\n**Due** by [10 Dec](https://x.example).\n\n- one\n- two')).toBe(
        'Fees Due by 10 Dec. one two',
      );
      expect(md.text('a <b> & "c"')).toBe('a <b> & "c"');
    }
  });
});
