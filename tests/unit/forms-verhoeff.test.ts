import { describe, expect, it } from 'vitest';
import { isValidAadhaar, verhoeffCheckDigit, verhoeffValid } from '../../src/lib/forms/verhoeff.ts';
import { checkChosenFile, safeFileName, MAX_FILE_BYTES } from '../../src/lib/forms/files.ts';

describe('Verhoeff', () => {
  it('knows the textbook example 236 -> check digit 3', () => {
    expect(verhoeffCheckDigit('236')).toBe('3');
    expect(verhoeffValid('2363')).toBe(true);
    expect(verhoeffValid('2364')).toBe(false);
  });

  it('catches every single-digit error and every adjacent swap of a valid Aadhaar', () => {
    const base = '49876543210';
    const valid = base + verhoeffCheckDigit(base);
    expect(isValidAadhaar(valid)).toBe(true);
    for (let i = 0; i < 12; i++) {
      for (let d = 0; d < 10; d++) {
        if (String(d) === valid[i]) continue;
        const changed = valid.slice(0, i) + d + valid.slice(i + 1);
        expect(verhoeffValid(changed)).toBe(false);
      }
      if (i < 11 && valid[i] !== valid[i + 1]) {
        const swapped = valid.slice(0, i) + valid[i + 1] + valid[i] + valid.slice(i + 2);
        expect(verhoeffValid(swapped)).toBe(false);
      }
    }
  });

  it('the generated check digit always validates, and exactly one digit does', () => {
    for (let n = 0; n < 500; n++) {
      const base = String(2 + (n % 8)) + String(Math.floor(Math.random() * 1e10)).padStart(10, '0');
      const check = verhoeffCheckDigit(base);
      expect(verhoeffValid(base + check)).toBe(true);
      expect([...'0123456789'].filter((d) => verhoeffValid(base + d))).toEqual([check]);
    }
  });

  it('accepts spaces and dashes, refuses letters, 0 or 1 first, wrong lengths', () => {
    const base = '23456789012';
    const valid = base + verhoeffCheckDigit(base);
    expect(isValidAadhaar(`${valid.slice(0, 4)} ${valid.slice(4, 8)} ${valid.slice(8)}`)).toBe(true);
    expect(isValidAadhaar(`${valid.slice(0, 4)}-${valid.slice(4, 8)}-${valid.slice(8)}`)).toBe(true);
    expect(isValidAadhaar(valid.slice(0, 11))).toBe(false);
    expect(isValidAadhaar('0' + valid.slice(1))).toBe(false);
    expect(isValidAadhaar(valid.slice(0, 11) + 'a')).toBe(false);
  });
});

describe('chosen file rules', () => {
  it('refuses over 10 MB, accepts exactly 10 MB', () => {
    expect(checkChosenFile({ name: 'a.pdf', size: MAX_FILE_BYTES + 1, type: 'application/pdf' })).toBe('fileTooLarge');
    expect(checkChosenFile({ name: 'a.pdf', size: MAX_FILE_BYTES, type: 'application/pdf' })).toBeUndefined();
  });
  it('accepts pdf, jpg, jpeg, png by name or type; refuses others', () => {
    for (const name of ['a.PDF', 'b.jpg', 'c.jpeg', 'd.png'])
      expect(checkChosenFile({ name, size: 1, type: '' })).toBeUndefined();
    expect(checkChosenFile({ name: 'scan', size: 1, type: 'image/jpeg' })).toBeUndefined();
    expect(checkChosenFile({ name: 'x.html', size: 1, type: 'text/html' })).toBe('fileType');
  });
  it('keeps file names safe', () => {
    expect(safeFileName('C:\\Users\\me\\..\\photo.jpg')).toBe('photo.jpg');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('')).toBe('document');
  });
});
