/**
 * The one rule for a reason or note the office writes for others to read, used by the server's
 * bodyText and the admin forms alike: spaces, control characters and invisible characters alone
 * are no text; a real text keeps its own characters (a Hindi conjunct's joiner too).
 */
import { describe, expect, it } from 'vitest';
import { hasVisibleText, visibleText } from '../../src/lib/visible-text.ts';

describe('visibleText', () => {
  it.each([
    ['spaces and line breaks', ' \t\r\n '],
    ['control characters', '\u0000\u0007\u001b\u007f\u0085'],
    ['zero-width space, joiners, word joiner, BOM', '\u200b\u200c\u200d\u2060\ufeff'],
    ['direction marks and overrides', '\u200e\u200f\u202a\u202e\u2066'],
    ['no-break and ideographic spaces', '\u00a0\u2007\u3000'],
    ['blank filler letters', '\u3164\u115f\u2800\uffa0'],
  ])('%s alone are empty', (_, text) => {
    expect(hasVisibleText(text)).toBe(false);
    expect(visibleText(text)).toBe('');
  });

  it('a real reason is kept as written, trimmed', () => {
    expect(visibleText('  Refunded to the parent \n')).toBe('Refunded to the parent');
    expect(visibleText('\u200bDues pending')).toBe('\u200bDues pending');
    expect(visibleText('क्‍षमा करें')).toBe('क्‍षमा करें');
    expect(visibleText('.')).toBe('.');
  });
});
