/** The school profile's one schema and its defaults: no placeholder is ever a fact, bad values are named by field. */
import { describe, expect, it } from 'vitest';
import { site } from '../../src/config/site.ts';
import {
  defaultProfile,
  footerFacts,
  isPlaceholderValue,
  phonesOf,
  schoolShortName,
  schoolStructuredData,
  type SchoolProfile,
} from '../../src/lib/school-profile.ts';
import { validateProfile } from '../../src/features/school/profile-schema.ts';
import type { Json } from '../support/api.ts';

const body = (profile: SchoolProfile = defaultProfile()) => {
  const { updatedAt: _, ...rest } = profile;
  return structuredClone(rest) as Json;
};

describe('defaultProfile', () => {
  it('takes the starting facts, which give no phone, e-mail or affiliation number to print', () => {
    const profile = defaultProfile();
    expect(profile.affiliationNumber).toBeNull();
    expect(profile.schoolCode).toBeNull();
    expect(profile.principalName).toBeNull();
    expect(profile.name).toEqual(site.starting.name);
    expect(profile).toMatchObject({
      shortName: site.starting.shortName.en,
      shortNameHi: site.starting.shortName.hi,
      phones: [],
      phonesE164: [],
      email: null,
    });
    expect(JSON.stringify(profile)).not.toMatch(/XXX|placeholder|9876543210|9123456780|info@|wa\.me/i);
  });
  it.each([
    ['21XXXXX', true],
    ['7XXXX', true],
    ['Placeholder name', true],
    ['2130123', false],
    ['Dr. A. Sharma', false],
  ])('%s is a placeholder: %s', (value, is) => {
    expect(isPlaceholderValue(value)).toBe(is);
  });
});

describe('validateProfile', () => {
  it('takes the defaults back as they are, and trims, keeps phones as typed and empties unset facts', () => {
    expect(validateProfile(body())).toEqual({ ok: true, data: body() });
    const typed = {
      ...body(),
      affiliationNumber: ' 2130123 ',
      schoolCode: '',
      shortNameHi: ' ',
      phones: ['+91 98111 22233', '0-9811122244'],
      email: '',
    };
    expect(validateProfile(typed)).toMatchObject({
      ok: true,
      data: {
        affiliationNumber: '2130123',
        schoolCode: null,
        shortNameHi: null,
        phones: ['+91 98111 22233', '0-9811122244'],
        phonesE164: ['+919811122233', '+919811122244'],
        email: null,
      },
    });
    // An older client that sends no Hindi short name and no phones is still understood.
    const { shortNameHi: _, phones: __, phonesE164: ___, ...older } = body();
    expect(validateProfile(older)).toMatchObject({ ok: true, data: { shortNameHi: null, phones: [], phonesE164: [] } });
  });
  it.each([
    [{ affiliationNumber: '21XXXXX' }, 'affiliationNumber'],
    [{ schoolCode: '7XXXX' }, 'schoolCode'],
    [{ name: { en: 'RMCP', hi: '' } }, 'name.hi'],
    [{ address: { en: '', hi: 'पता' } }, 'address.en'],
    [{ phones: ['9811122233', '9811122234', '9811122235', '9811122236', '9811122237'] }, 'phones'],
    [{ phones: ['12345'] }, 'phones.0'],
    [{ phones: [9811122233] }, 'phones.0'],
    [{ shortNameHi: 'x'.repeat(61) }, 'shortNameHi'],
    [{ email: 'not an address' }, 'email'],
    [{ socialLinks: [{ icon: 'facebook', url: 'javascript:alert(1)' }] }, 'socialLinks.0.url'],
    [{ socialLinks: [{ icon: 'myspace', url: 'https://example.com' }] }, 'socialLinks.0.icon'],
    [{ map: { latitude: 128, longitude: 77, zoom: 15 } }, 'map.latitude'],
    [{ map: { latitude: 28, longitude: 77, zoom: 1.5 } }, 'map.zoom'],
    [{ principalName: 42 }, 'principalName'],
    [{ shortName: 'x'.repeat(61) }, 'shortName'],
  ])('%o is refused naming %s', (change, field) => {
    const result = validateProfile({ ...body(), ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fields)).toContain(field);
  });
  it('keeps script typed in text as text (pages escape it)', () => {
    expect(validateProfile({ ...body(), principalName: '<script>alert(1)</script>' })).toMatchObject({
      ok: true,
      data: { principalName: '<script>alert(1)</script>' },
    });
  });
});

describe('footerFacts', () => {
  it("names the school in the page's language and points the map at the profile's position", () => {
    const profile = { ...defaultProfile(), ...phonesOf(['05735-222345']) };
    const facts = footerFacts(profile, 'hi');
    expect(facts.name).toBe(site.starting.name.hi);
    expect(facts.shortName).toBe(site.starting.shortName.hi);
    expect(facts.phones).toEqual([{ number: '05735-222345', href: 'tel:+915735222345' }]);
    expect(facts.map?.link).toContain(`mlat=${site.starting.map!.latitude}`);
    expect(footerFacts({ ...defaultProfile(), map: null, email: null }, 'en')).toMatchObject({
      map: null,
      email: null,
      phones: [],
    });
  });
  it('keeps a place for every network, its link or null', () => {
    const facts = footerFacts(
      { ...defaultProfile(), socialLinks: [{ icon: 'linkedin', url: 'https://example.org/in' }] },
      'en',
    );
    expect(facts.social).toEqual([
      { icon: 'whatsapp', name: 'WhatsApp', url: null },
      { icon: 'facebook', name: 'Facebook', url: null },
      { icon: 'instagram', name: 'Instagram', url: null },
      { icon: 'linkedin', name: 'LinkedIn', url: 'https://example.org/in' },
    ]);
  });
});

describe('the short name and structured data', () => {
  it('show the Hindi short name on Hindi pages once set, else the English one', () => {
    const profile = { ...defaultProfile(), shortName: 'Sunrise School', shortNameHi: 'सनराइज़ स्कूल' };
    expect(schoolShortName(profile, 'hi')).toBe('सनराइज़ स्कूल');
    expect(schoolShortName(profile, 'en')).toBe('Sunrise School');
    expect(schoolShortName({ ...profile, shortNameHi: null }, 'hi')).toBe('Sunrise School');
  });
  it('give phones in E.164, the social links as sameAs, and leave out what is unset', () => {
    const data = schoolStructuredData(
      { ...defaultProfile(), ...phonesOf(['05735-222345']), email: 'office@school.example' },
      'hi',
    );
    expect(data).toMatchObject({
      alternateName: site.starting.shortName.hi,
      telephone: ['+915735222345'],
      email: 'office@school.example',
      sameAs: site.starting.socialLinks.map((l) => l.url),
    });
    const bare = schoolStructuredData({ ...defaultProfile(), socialLinks: [] }, 'en');
    expect(bare).not.toHaveProperty('telephone');
    expect(bare).not.toHaveProperty('email');
    expect(bare.sameAs).toEqual([]);
  });
});
