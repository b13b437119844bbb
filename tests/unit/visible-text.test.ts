/**
 * The one rule for a reason or note the office writes for others to read, used by the server's
 * bodyText and the admin forms alike: spaces, control characters and every default-ignorable code
 * point alone are no text (U+034F, the combining grapheme joiner, among them); a real text keeps
 * its own characters (a Hindi conjunct's joiner too). And the rule for characters no text should
 * hold (controls, half surrogate pairs, noncharacters), a line taking fewer than a text of lines.
 */
import { describe, expect, it } from 'vitest';
import {
  CONTROL_CODE,
  CONTROL_TEXT,
  hasControlCharacters,
  hasVisibleText,
  visibleText,
  withoutControlCharacters,
} from '../../src/lib/visible-text.ts';
import { fill } from '../../src/lib/i18n/index.ts';

const cp = (...points: number[]) => String.fromCodePoint(...points);

describe('visibleText', () => {
  it.each([
    ['spaces and line breaks', ' \t\r\n '],
    ['control characters', '\u0000\u0007\u001b\u007f\u0085'],
    ['zero-width space, joiners, word joiner, BOM', '\u200b\u200c\u200d\u2060\ufeff'],
    ['direction marks and overrides', '\u200e\u200f\u202a\u202e\u2066'],
    ['no-break and ideographic spaces', '\u00a0\u2007\u3000'],
    ['blank filler letters', '\u3164\u115f\u2800\uffa0'],
    // Default-ignorable code points, one of each block of them (Unicode's DerivedCoreProperties).
    ["U+034F combining grapheme joiner (the review's reason)", cp(0x034f)],
    ['U+00AD soft hyphen', cp(0x00ad)],
    ['U+061C Arabic letter mark', cp(0x061c)],
    ['U+1160 Hangul jungseong filler', cp(0x1160)],
    ['U+17B4 and U+17B5 Khmer inherent vowels', cp(0x17b4, 0x17b5)],
    ['U+180B..U+180F Mongolian variation selectors and vowel separator', cp(0x180b, 0x180c, 0x180d, 0x180e, 0x180f)],
    ['U+2061..U+2064 invisible operators', cp(0x2061, 0x2062, 0x2063, 0x2064)],
    ['U+2065 and U+206F (reserved, default-ignorable)', cp(0x2065, 0x206f)],
    ['U+FE00..U+FE0F variation selectors', cp(0xfe00, 0xfe0f)],
    ['U+FFF0 (reserved, default-ignorable)', cp(0xfff0)],
    ['U+1BCA0..U+1BCA3 shorthand format controls', cp(0x1bca0, 0x1bca3)],
    ['U+1D173..U+1D17A musical format controls', cp(0x1d173, 0x1d17a)],
    ['U+E0001 and U+E0020..U+E007F tags', cp(0xe0001, 0xe0020, 0xe007f)],
    ['U+E0100..U+E01EF variation selectors supplement', cp(0xe0100, 0xe01ef)],
    ['U+E0FFF (the end of the default-ignorable plane range)', cp(0xe0fff)],
    ['a lone half of a surrogate pair', '\ud800'],
    ['all of them, mixed with spaces', ` ${cp(0x034f)}\u200b ${cp(0xe0041)}\u00ad\t`],
  ])('%s alone: empty', (_, text) => {
    expect(hasVisibleText(text)).toBe(false);
    expect(visibleText(text)).toBe('');
  });

  it.each([
    ['a word', '  Refunded to the parent \n', 'Refunded to the parent'],
    ['a word after a zero-width space', '\u200bDues pending', '\u200bDues pending'],
    ['Hindi with a joiner in a conjunct', 'क्‍षमा करें', 'क्‍षमा करें'],
    ['a full stop', '.', '.'],
    ['a letter with a combining grapheme joiner', `a${cp(0x034f)}`, `a${cp(0x034f)}`],
    ['an emoji with its variation selector', '\u2764\ufe0f', '\u2764\ufe0f'],
    ['a combining accent on its own', '\u0301', '\u0301'],
  ])('%s: kept as written, trimmed', (_, text, kept) => {
    expect(hasVisibleText(text)).toBe(true);
    expect(visibleText(text)).toBe(kept);
  });
});

describe('hasControlCharacters', () => {
  it.each([
    ['NUL', '\u0000'],
    ['BEL', '\u0007'],
    ['backspace', '\b'],
    ['vertical tab', '\u000b'],
    ['form feed', '\f'],
    ['escape', '\u001b'],
    ['unit separator', '\u001f'],
    ['DEL', '\u007f'],
    ['C1: padding character', '\u0080'],
    ['C1: next line', '\u0085'],
    ['C1: single shift three', '\u008f'],
    ['C1: application program command', '\u009f'],
    ['half a surrogate pair (high)', '\ud83d'],
    ['half a surrogate pair (low)', '\ude00'],
    ['noncharacter U+FFFE', '\ufffe'],
    ['noncharacter U+FFFF', '\uffff'],
    ['noncharacter U+FDD0', '\ufdd0'],
    ['noncharacter U+10FFFF', cp(0x10ffff)],
  ])('%s: refused in a line and in a text of lines', (_, character) => {
    for (const text of [character, `Exam ${character}day`, `Exam day${character}`]) {
      expect(hasControlCharacters(text)).toBe(true);
      expect(hasControlCharacters(text, true)).toBe(true);
    }
  });

  it.each([
    ['tab', '\t'],
    ['line feed', '\n'],
    ['carriage return', '\r'],
  ])('%s: refused in a line, kept in a text of lines', (_, character) => {
    expect(hasControlCharacters(`Exam${character}day`)).toBe(true);
    expect(hasControlCharacters(`Exam${character}day`, true)).toBe(false);
  });

  it.each([
    ['plain words', 'Winter holidays from 25 December'],
    ['Hindi', 'शीतकालीन अवकाश'],
    ['an emoji (a whole surrogate pair)', 'Annual Day 🎉'],
    ['format characters a text may need', 'क्‍ष \u200b\u200e'],
    ['a dollar pattern', "Fees $' $` $& $1"],
    ['line and paragraph separators', 'a\u2028b\u2029c'],
  ])('%s: no control character', (_, text) => {
    expect(hasControlCharacters(text)).toBe(false);
    expect(hasControlCharacters(text, true)).toBe(false);
  });

  it('withoutControlCharacters drops exactly those characters, keeping line breaks in a text', () => {
    expect(withoutControlCharacters('Ex\u0000am\u0007 \u0085day\ud800\uffff 🎉')).toBe('Exam day 🎉');
    expect(withoutControlCharacters('one\ttwo\nthree\u001b')).toBe('onetwothree');
    expect(withoutControlCharacters('one\ttwo\r\nthree\u001b', true)).toBe('one\ttwo\r\nthree');
  });
});

describe('the refusal of a control character', () => {
  it('is in the English and Hindi tables under its code', () => {
    expect(CONTROL_CODE).toBe('text.control');
    expect(fill('en', CONTROL_CODE)).toBe(CONTROL_TEXT);
    expect(fill('hi', CONTROL_CODE)).toMatch(/^[\u0900-\u097f]/);
    expect(fill('hi', CONTROL_CODE)).not.toBe(CONTROL_TEXT);
  });
});
