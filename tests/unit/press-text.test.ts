/**
 * The words of press articles and magazine issues: a control character in a title, newspaper,
 * summary, description or picture description is refused naming its field (a summary or
 * description keeps its tabs and line breaks), with the code the i18n tables carry; words that
 * show nothing (U+034F, zero-width spaces) are no words.
 */
import { describe, expect, it } from 'vitest';
import { PRESS_TEXTS, validateArticle, validateIssue } from '../../src/features/press/press.ts';
import { CONTROL_CODE } from '../../src/lib/visible-text.ts';

const article = {
  source: 'Dainik Jagran',
  title: { en: 'Science fair' },
  summary: { en: 'Students showed models.' },
  publishedOn: '2026-01-05',
  coverAlt: { en: 'Students at the fair' },
};
const issue = { title: { en: 'RMCP Chronicle' }, description: { en: 'The winter issue.' }, month: '2026-01' };

const refused = (field: string) => ({
  ok: false,
  kind: 'rule',
  error: PRESS_TEXTS.control,
  code: CONTROL_CODE,
  fields: { [field]: PRESS_TEXTS.control },
  codes: { [field]: CONTROL_CODE },
});

describe('control characters in press words', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['BEL in a title', { title: { en: 'Science\u0007 fair' } }, 'title'],
    ['a line break in a Hindi title', { title: { en: 'Science fair', hi: 'विज्ञान\nमेला' } }, 'title'],
    ['ESC in the newspaper', { source: 'Dainik\u001b Jagran' }, 'source'],
    ['a tab in the newspaper', { source: 'Dainik\tJagran' }, 'source'],
    ['C1 in the summary', { summary: { en: 'Students\u0085 showed models.' } }, 'summary'],
    ['a vertical tab in the summary', { summary: { hi: 'मॉडल\u000bदिखाए' } }, 'summary'],
    ['a noncharacter in the picture description', { coverAlt: { en: 'Students\uffff' } }, 'coverAlt'],
    ['a line break in the picture description', { coverAlt: { en: 'Students\nat the fair' } }, 'coverAlt'],
  ])('an article with %s', (_, change, field) => {
    expect(validateArticle({ ...article, ...change }, false)).toEqual(refused(field));
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['DEL in a title', { title: { en: 'RMCP\u007f Chronicle' } }, 'title'],
    ['half a surrogate pair in a title', { title: { hi: 'पत्रिका \ud800' } }, 'title'],
    ['backspace in the description', { description: { en: 'The winter\b issue.' } }, 'description'],
  ])('an issue with %s', (_, change, field) => {
    expect(validateIssue({ ...issue, ...change }, false)).toEqual(refused(field));
  });

  it('a summary or description keeps its tabs and line breaks', () => {
    const a = validateArticle({ ...article, summary: { en: 'Line one\n\tLine two\r\nLine three' } }, false);
    expect(a.ok && a.data.summary.en).toBe('Line one\n\tLine two\r\nLine three');
    const i = validateIssue({ ...issue, description: { hi: 'पहली पंक्ति\nदूसरी' } }, false);
    expect(i.ok && i.data.description.hi).toBe('पहली पंक्ति\nदूसरी');
  });

  it('words that show nothing are none: no title, no newspaper, no picture description', () => {
    expect(validateArticle({ ...article, title: { en: '\u034f', hi: '\u200b' } }, false)).toMatchObject({
      ok: false,
      fields: { title: PRESS_TEXTS.title },
    });
    expect(validateArticle({ ...article, source: '\u034f\u2060' }, false)).toMatchObject({
      ok: false,
      fields: { source: PRESS_TEXTS.source },
    });
    expect(validateArticle({ ...article, coverAlt: { en: '\u00ad' } }, false)).toMatchObject({
      ok: false,
      fields: { coverAlt: PRESS_TEXTS.coverAlt },
    });
    expect(validateIssue({ ...issue, title: { en: ' \u034f ' } }, false)).toMatchObject({
      ok: false,
      fields: { title: PRESS_TEXTS.title },
    });
  });
});
