/** The school profile's one schema and its defaults: no placeholder is ever a fact, bad values are named by field. */
import { describe, expect, it } from 'vitest';
import { site } from '../../src/config/site.ts';
import { defaultProfile, footerFacts, isPlaceholderValue, validateProfile, type SchoolProfile } from '../../src/features/school/profile.ts';

const body = (profile: SchoolProfile = defaultProfile()) => {
  const { updatedAt: _, ...rest } = profile;
  return structuredClone(rest) as Record<string, any>;
};

describe('defaultProfile', () => {
  it("takes src/config/site.ts's facts but not its placeholders", () => {
    const profile = defaultProfile();
    expect(site.contact.affiliationNumber).toBe('21XXXXX');
    expect(profile.affiliationNumber).toBeNull();
    expect(profile.schoolCode).toBeNull();
    expect(profile.principalName).toBeNull();
    expect(profile.name).toEqual({ en: site.contact.name, hi: site.contact.hindiName });
    expect(profile.phones).toEqual([site.contact.phone, site.contact.secondPhone]);
    expect(JSON.stringify(profile)).not.toMatch(/XXX|placeholder/i);
  });
  it.each([['21XXXXX', true], ['7XXXX', true], ['Placeholder name', true], ['2130123', false], ['Dr. A. Sharma', false]])('%s is a placeholder: %s', (value, is) => {
    expect(isPlaceholderValue(value)).toBe(is);
  });
});

describe('validateProfile', () => {
  it('takes the defaults back as they are, and trims, normalises phones and empties unset facts', () => {
    expect(validateProfile(body())).toEqual({ ok: true, data: body() });
    const typed = { ...body(), affiliationNumber: ' 2130123 ', schoolCode: '', phones: ['+91 98765 43210', '0-9123456780'], email: '' };
    expect(validateProfile(typed)).toMatchObject({ ok: true, data: { affiliationNumber: '2130123', schoolCode: null, phones: ['9876543210', '9123456780'], email: null } });
  });
  it.each([
    [{ affiliationNumber: '21XXXXX' }, 'affiliationNumber'],
    [{ schoolCode: '7XXXX' }, 'schoolCode'],
    [{ name: { en: 'RMCP', hi: '' } }, 'name.hi'],
    [{ address: { en: '', hi: 'पता' } }, 'address.en'],
    [{ phones: [] }, 'phones'],
    [{ phones: ['12345'] }, 'phones.0'],
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
    expect(validateProfile({ ...body(), principalName: '<script>alert(1)</script>' })).toMatchObject({ ok: true, data: { principalName: '<script>alert(1)</script>' } });
  });
});

describe('footerFacts', () => {
  it("names the school in the page's language and points the map at the profile's position", () => {
    const facts = footerFacts(defaultProfile(), 'hi');
    expect(facts.name).toBe(site.contact.hindiName);
    expect(facts.phones[0]).toEqual({ number: site.contact.phone, href: `tel:+91${site.contact.phone}` });
    expect(facts.map?.link).toContain(`mlat=${site.contact.map.latitude}`);
    expect(footerFacts({ ...defaultProfile(), map: null, email: null }, 'en')).toMatchObject({ map: null, email: null });
  });
});
