/**
 * The classes a school offers, without a database: each wing's range as its label names it (in
 * English and as UP schools write classes in Hindi), the menu and a drawn page's cards following
 * them (a wing with none leaves, the others name their range), the profile's list kept in the
 * school's order, the home page's enquiry pop-up drawn with them (the very HTML its island draws),
 * and the fees' schemas refusing a class not offered while showing a saved structure without it.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ALL_CLASSES, wingRange, withWingRange } from '../../src/lib/classes.ts';
import { wingTexts, withOfferedWings } from '../../src/features/admission/wings.ts';
import { findNav, navForClasses } from '../../src/features/site/navigation.ts';
import { validateProfile } from '../../src/features/school/profile-schema.ts';
import { defaultProfile } from '../../src/lib/school-profile.ts';
import { FEE_TEXTS, validateFees } from '../../src/features/fees/fees.ts';
import { STRUCTURE_TEXTS, offeredStructure, validateStructure } from '../../src/features/fees/structure.ts';
import EnquiryPopup, { type EnquiryPopupProps } from '../../src/features/enquiry/EnquiryPopup.tsx';
import { enquiryTexts } from '../../src/features/enquiry/enquiry-texts.ts';
import { POPUP_ID_PREFIX } from '../../src/features/enquiry/popup-visit.ts';
import { withOfferedEnquiry } from '../../src/features/enquiry/popup-classes.ts';
import { escapeHtml } from '../../src/server/escape-html.ts';

/** P.N.C to Class 10: the second school's classes. */
const TO_TEN = ALL_CLASSES.slice(0, ALL_CLASSES.indexOf('10') + 1);
/** No early years, Classes 1-8. */
const NO_EARLY_YEARS = ['1', '2', '3', '4', '5', '6', '7', '8'];

describe("a wing's range", () => {
  it.each([
    ['senior', ALL_CLASSES, '6-12', 'VI-XII'],
    ['senior', TO_TEN, '6-10', 'VI-X'],
    ['middle', TO_TEN, '1-5', 'I-V'],
    ['pre-primary', TO_TEN, 'P.N.C–K.G', 'P.N.C–K.G'],
    ['pre-primary', ['N.C', 'K.G', '1'], 'N.C–K.G', 'N.C–K.G'],
    ['senior', ['6'], '6', 'VI'],
    ['pre-primary', NO_EARLY_YEARS, undefined, undefined],
  ] as const)('%s of %j: %s, in Hindi %s', (band, offered, en, hi) => {
    expect(wingRange(band, offered, 'en')).toBe(en);
    expect(wingRange(band, offered, 'hi')).toBe(hi);
  });

  it("is what the label, the heading and the tab's title name, in both languages", () => {
    expect(wingTexts('en', 'senior', TO_TEN)).toMatchObject({
      label: 'Senior (Classes 6-10)',
      heading: 'Admission form: Senior (Classes 6-10)',
    });
    expect(wingTexts('hi', 'senior', TO_TEN)).toMatchObject({
      label: 'वरिष्ठ (कक्षा VI-X)',
      summary: 'कक्षा VI-X में प्रवेश के लिए आवेदन फ़ॉर्म।',
    });
    // The site script's change of a built page: the range inside the brackets, nothing else.
    expect(withWingRange('Admission form: Senior (Classes 6-12) | Sunrise (Etah)', '6-10')).toBe(
      'Admission form: Senior (Classes 6-10) | Sunrise (Etah)',
    );
    expect(withWingRange('वरिष्ठ (कक्षा VI-XII)', 'VI-X')).toBe('वरिष्ठ (कक्षा VI-X)');
    expect(withWingRange('Pre-primary (P.N.C–K.G)', 'N.C–K.G')).toBe('Pre-primary (N.C–K.G)');
    // A wing the school has none of is named by all its classes (its page says it has none of them).
    expect(wingTexts('en', 'pre-primary', NO_EARLY_YEARS).label).toBe('Pre-primary (P.N.C–K.G)');
  });
});

describe('the menu', () => {
  const wings = (offered: readonly string[]) =>
    findNav('/admissions/apply', navForClasses(offered))!.children!.map((c) => [c.label, c.hi.label]);

  it('names every class until the school says otherwise', () => {
    expect(wings(ALL_CLASSES)).toEqual([
      ['Pre-primary (P.N.C–K.G)', 'पूर्व-प्राथमिक (P.N.C–K.G)'],
      ['Middle (Classes 1-5)', 'मध्य (कक्षा I-V)'],
      ['Senior (Classes 6-12)', 'वरिष्ठ (कक्षा VI-XII)'],
    ]);
  });

  it('follows the classes offered: ranges named, a wing with none gone, the rest of the tree as it was', () => {
    expect(wings(TO_TEN).at(-1)).toEqual(['Senior (Classes 6-10)', 'वरिष्ठ (कक्षा VI-X)']);
    expect(wings(NO_EARLY_YEARS)).toEqual([
      ['Middle (Classes 1-5)', 'मध्य (कक्षा I-V)'],
      ['Senior (Classes 6-8)', 'वरिष्ठ (कक्षा VI-VIII)'],
    ]);
    expect(findNav('/admissions/fees', navForClasses(NO_EARLY_YEARS))).toEqual(findNav('/admissions/fees'));
  });
});

describe('a page a function draws', () => {
  // A shell's menu entries (an entry with a list of its own, and the wings') and a landing's cards, as they are drawn.
  const page = (lang: 'en' | 'hi') => {
    const prefix = lang === 'hi' ? '/hi' : '';
    const [p, m, s] = (['pre-primary', 'middle', 'senior'] as const).map((band) => wingTexts(lang, band));
    return (
      `<ul><li class="menu-item has-sub"><a class="menu-link" href="${prefix}/admissions/apply">Admission</a><ul class="submenu">` +
      `<li class="menu-item"><a class="menu-link" href="${prefix}/admissions/apply/primary">${p!.label}</a></li>` +
      `<li class="menu-item"><a class="menu-link" href="${prefix}/admissions/apply/middle">${m!.label}</a></li>` +
      `<li class="menu-item"><a class="menu-link" href="${prefix}/admissions/apply/senior">${s!.label}</a></li></ul></li>` +
      `<li class="menu-item"><a class="menu-link" href="${prefix}/admissions/fees">Fees</a></li></ul>` +
      `<ul class="card-list"><li class="card"><h3><a class="card-link" href="${prefix}/admissions/apply/primary">${p!.label}</a></h3><p>${p!.summary}</p></li>` +
      `<li class="card"><h3><a class="card-link" href="${prefix}/admissions/apply/senior">${s!.label}</a></h3><p>${s!.summary}</p></li></ul>` +
      `<p class="meta">${p!.label} · ${m!.label} · ${s!.label}</p>`
    );
  };

  it('is as drawn while every class is offered', () => {
    expect(withOfferedWings(page('en'), ALL_CLASSES, 'en')).toBe(page('en'));
  });

  it("loses a wing with no class offered (its menu entry, its card, its name in a list) and names the others' range", () => {
    const hi = withOfferedWings(page('hi'), ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'], 'hi');
    expect(hi).not.toContain('/hi/admissions/apply/primary');
    expect(hi).not.toContain('पूर्व-प्राथमिक');
    expect(hi).toContain(
      '<li class="menu-item"><a class="menu-link" href="/hi/admissions/apply/senior">वरिष्ठ (कक्षा VI-X)</a></li>',
    );
    expect(hi).toContain('<p>कक्षा VI-X में प्रवेश के लिए आवेदन फ़ॉर्म।</p>');
    expect(hi).toContain('<p class="meta">मध्य (कक्षा I-V) · वरिष्ठ (कक्षा VI-X)</p>');
    // The entry holding the wings and the others stay whole.
    expect(hi).toContain(
      '<li class="menu-item has-sub"><a class="menu-link" href="/hi/admissions/apply">Admission</a><ul class="submenu"><li class="menu-item"><a class="menu-link" href="/hi/admissions/apply/middle">',
    );
    expect(hi).toContain('<a class="menu-link" href="/hi/admissions/fees">Fees</a></li></ul>');
    expect(withOfferedWings(page('en'), ['P.N.C', 'N.C', 'K.G'], 'en')).not.toMatch(
      /apply\/(middle|senior)|Middle|Senior/,
    );
  });
});

describe("the home page's enquiry pop-up", () => {
  // As EnquiryPopup.astro draws it in the home page's shell: every class.
  const drawn = (props: EnquiryPopupProps) =>
    `<div data-enquiry-popup data-props="${escapeHtml(JSON.stringify(props))}">${renderToString(createElement(EnquiryPopup, props), { identifierPrefix: POPUP_ID_PREFIX })}</div>`;

  it.each(['en', 'hi'] as const)('offers the classes offered, as the island would draw them with them (%s)', (lang) => {
    const props: EnquiryPopupProps = { lang, text: enquiryTexts(lang) };
    const page = withOfferedEnquiry(drawn(props), TO_TEN);
    expect(page).toBe(drawn({ ...props, classes: [...TO_TEN] }));
    const choices = [
      .../<select\b[^>]*name="admissionClass"[^>]*>([\s\S]*?)<\/select>/.exec(page)![1]!.matchAll(/value="([^"]*)"/g),
    ].map((m) => m[1]);
    expect(choices).toEqual(['', ...TO_TEN]);
    expect(withOfferedEnquiry(drawn(props), ALL_CLASSES)).toBe(drawn(props));
  });
});

describe("the profile's classes", () => {
  const body = (classes: unknown) => ({ ...defaultProfile(), classes });

  it("are kept in the school's order, each once; absent, the ones it has stay (null)", () => {
    const saved = validateProfile(body(['10', 'K.G', '1', '10', 'P.N.C']));
    expect(saved.ok && saved.data.classes).toEqual(['P.N.C', 'K.G', '1', '10']);
    const { classes: _, ...without } = body([]);
    const kept = validateProfile(without);
    expect(kept.ok && kept.data.classes).toBeNull();
  });

  it.each([[[]], [['13']], [['1', 'XI']], ['1-10'], [[1]]])('refuse %j', (classes) => {
    const refused = validateProfile(body(classes));
    expect(refused.ok).toBe(false);
    expect(Object.keys(refused.ok ? {} : refused.fields).some((field) => field.startsWith('classes'))).toBe(true);
  });

  it('start as the starting content has them: every class', () => {
    expect(defaultProfile().classes).toEqual([...ALL_CLASSES]);
  });
});

describe('fees of the classes offered', () => {
  const admission = (classes: readonly string[]) => ({
    session: '2026-27',
    admission: classes.map((c) => ({ admissionClass: c, amount: 5000 })),
    transferCertificate: 500,
  });

  it('the admission fees: every class offered once, no other', () => {
    const taken = validateFees(admission(TO_TEN), TO_TEN);
    expect(taken.ok && taken.data.admission.map((a) => a.admissionClass)).toEqual(TO_TEN);
    const refused = validateFees(admission(ALL_CLASSES), TO_TEN);
    expect(refused.ok ? {} : refused.fields).toMatchObject({
      'admission.11': FEE_TEXTS.notOffered,
      'admission.12': FEE_TEXTS.notOffered,
    });
    const missing = validateFees(admission(TO_TEN.slice(1)), TO_TEN);
    expect(missing.ok ? {} : missing.fields).toMatchObject({ 'admission.P.N.C': FEE_TEXTS.missing });
  });

  it('the structure: a row naming a class not offered is refused; a saved one shows without it, a row left with none gone', () => {
    const heads = [
      {
        id: 'admission',
        kind: 'admission' as const,
        period: 'once' as const,
        name: { en: 'Admission fee', hi: 'प्रवेश शुल्क' },
      },
    ];
    const rows = [
      { classes: ['6', '7', '8', '9', '10'], amounts: { admission: 1 } },
      { classes: ['11', '12'], amounts: { admission: 1 } },
    ];
    const refused = validateStructure({ session: '2026-27', heads, rows, transferCertificate: 0 }, TO_TEN);
    expect(refused.ok ? {} : refused.fields).toEqual({ 'rows.1.classes': STRUCTURE_TEXTS.notOffered });
    expect(validateStructure({ session: '2026-27', heads, rows, transferCertificate: 0 }).ok).toBe(true);
    expect(
      offeredStructure(
        {
          heads,
          rows: [
            { classes: ['9', '10', '11'], amounts: {} },
            { classes: ['11', '12'], amounts: {} },
          ],
        },
        TO_TEN,
      ).rows,
    ).toEqual([{ classes: ['9', '10'], amounts: {} }]);
  });
});
