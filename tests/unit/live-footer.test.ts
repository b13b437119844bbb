/** The served pages' footer filled with the live profile: its marked values replaced, escaped, and nothing else touched. */
import { describe, expect, it } from 'vitest';
import { withSchoolFooter } from '../../src/features/school/live-footer.ts';
import { defaultProfile, phonesOf } from '../../src/lib/school-profile.ts';

const BUILT = `<header><span class="brand-name" data-school="short-name">Old short</span></header><main>R.M.C.P. School</main><footer class="site-footer" data-school-version><h2 id="footer-school" class="footer-title" data-school="name">Old name</h2>
<p class="with-icon" data-school-line><svg></svg> <span data-school="address">Old address</span></p>
<p class="with-icon" data-school-line><svg></svg> <span data-school="phones"><a href="tel:+911111111111">1111111111</a></span></p>
<p class="with-icon" data-school-line hidden><svg></svg> <a href="mailto:" data-school="email"></a></p>
<ul class="social" aria-label="Social media" data-school="social"><li data-social="whatsapp"><a href="https://wa.me/911111111111" target="_blank" rel="noopener noreferrer"><svg></svg><span>WhatsApp</span></a></li><li data-social="linkedin" hidden><a><svg></svg><span>LinkedIn</span></a></li></ul>
<p class="copyright">© <span data-current-year>2026</span> <span data-school="name">Old name</span>. All rights reserved.</p></footer>`;

describe('withSchoolFooter', () => {
  it("puts the profile's name, address, phones and e-mail in the marked places, in the page's language", () => {
    const profile = {
      ...defaultProfile(),
      name: { en: 'A & B School', hi: 'ए एवं बी विद्यालय' },
      address: { en: '1 <Main> Road', hi: 'मुख्य मार्ग' },
      ...phonesOf(['05735-222345', '9000000002']),
      email: 'office@ab.in',
      shortName: 'A&B',
      shortNameHi: 'ए-बी',
      socialLinks: [],
    };
    const page = withSchoolFooter(BUILT, profile, 'en');
    expect(page).toContain('<h2 id="footer-school" class="footer-title" data-school="name">A &amp; B School</h2>');
    expect(page).toContain('<span data-school="address">1 &lt;Main&gt; Road</span>');
    expect(page).toContain(
      '<span data-school="phones"><a href="tel:+915735222345">05735-222345</a>, <a href="tel:+919000000002">9000000002</a></span>',
    );
    expect(page).toContain('<span class="brand-name" data-school="short-name">A&amp;B</span>');
    expect(withSchoolFooter(BUILT, profile, 'hi')).toContain(
      '<span class="brand-name" data-school="short-name">ए-बी</span>',
    );
    // A line the build hid (no e-mail then) shows once the school sets it.
    expect(page).toContain(
      '<p class="with-icon" data-school-line><svg></svg> <a href="mailto:office@ab.in" data-school="email">office@ab.in</a></p>',
    );
    expect(page).toContain('<span data-school="name">A &amp; B School</span>. All rights reserved.');
    expect(page).toContain('<main>R.M.C.P. School</main>');
    // The site script leaves a footer of the saved profile as it is.
    expect(withSchoolFooter(BUILT, { ...profile, updatedAt: '2026-11-27T02:00:00.000Z' }, 'en')).toContain(
      '<footer class="site-footer" data-school-version="2026-11-27T02:00:00.000Z">',
    );
    expect(page).not.toMatch(/Old|1111111111|old@school/);
    expect(withSchoolFooter(BUILT, profile, 'hi')).toContain('data-school="name">ए एवं बी विद्यालय</h2>');
  });
  it("shows a social link set since the build and hides one cleared, each in its network's place", () => {
    const page = withSchoolFooter(
      BUILT,
      { ...defaultProfile(), socialLinks: [{ icon: 'linkedin', url: 'https://example.org/a?b=1&c="2"' }] },
      'en',
    );
    // A placeholder anchor: no href, nor the attributes only a link may carry (Lighthouse and the HTML standard).
    expect(page).toContain('<li data-social="whatsapp" hidden><a><svg></svg><span>WhatsApp</span></a></li>');
    expect(page).toContain(
      '<li data-social="linkedin"><a href="https://example.org/a?b=1&amp;c=&quot;2&quot;" target="_blank" rel="noopener noreferrer"><svg></svg><span>LinkedIn</span></a></li>',
    );
    expect(page).toContain('<ul class="social" aria-label="Social media" data-school="social">');
    const none = withSchoolFooter(BUILT, { ...defaultProfile(), socialLinks: [] }, 'en');
    expect(none).toContain('<ul class="social" aria-label="Social media" data-school="social" hidden>');
    expect(none).not.toContain('wa.me');
  });
  it('hides the line of a fact the school no longer has', () => {
    const page = withSchoolFooter(BUILT, { ...defaultProfile(), email: null, phones: [] }, 'en');
    expect(page).toContain(
      '<p class="with-icon" data-school-line hidden><svg></svg> <span data-school="email"></span></p>',
    );
    expect(page).toContain(
      '<p class="with-icon" data-school-line hidden><svg></svg> <span data-school="phones"></span></p>',
    );
    expect(page).not.toMatch(/old@school|1111111111/);
  });
});
