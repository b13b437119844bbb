/**
 * CSV cells as a spreadsheet must show them (src/server/csv-export.ts), case by case: a cell a
 * spreadsheet would run as a formula gets a leading apostrophe; number-like text is kept as text
 * (="…"); dates stay dates; ordinary words stay as written. tests/http/exports.test.ts checks that
 * the exports use these cells.
 */
import { describe, expect, it } from 'vitest';
import { ddmmyyyy, spreadsheetText } from '../../src/server/csv-export.ts';

describe('spreadsheetText', () => {
  it.each([
    ['=HYPERLINK("http://evil.test","x")', `'=HYPERLINK("http://evil.test","x")`],
    ['+91 98765', `'+91 98765`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tcmd', `'\tcmd`],
    ['\rcmd', `'\rcmd`],
    ['＝1+1', `'＝1+1`],
    ['＋1', `'＋1`],
    ['－1', `'－1`],
    ['＠A1', `'＠A1`],
  ])('prefixes with an apostrophe a cell a spreadsheet would run as a formula: %j', (value, cell) => {
    expect(spreadsheetText(value)).toBe(cell);
  });

  it.each([
    ['433012345678', '="433012345678"'],
    ['9876501234', '="9876501234"'],
    ['004512', '="004512"'],
    ['12/2019', '="12/2019"'],
    ['12 + 3', '="12 + 3"'],
    ['10:30', '="10:30"'],
    ['50%', '="50%"'],
    ['1,000.50', '="1,000.50"'],
  ])('keeps number-like text as text in Excel: %j', (value, cell) => {
    expect(spreadsheetText(value)).toBe(cell);
  });

  it.each(['Ward 5, Barabanki', 'आरव शर्मा', 'Class 5', 'A-12', ''])('leaves ordinary text as written: %j', (value) => {
    expect(spreadsheetText(value)).toBe(value);
  });

  it('leaves a date for the spreadsheet to read as a date', () => {
    expect(spreadsheetText('15-01-2030', true)).toBe('15-01-2030');
    expect(spreadsheetText('15-01-2030')).toBe('="15-01-2030"');
  });
});

describe('ddmmyyyy', () => {
  it('writes YYYY-MM-DD as DD-MM-YYYY and leaves anything else', () => {
    expect(ddmmyyyy('2030-01-15')).toBe('15-01-2030');
    expect(ddmmyyyy('15-01-2030')).toBe('15-01-2030');
    expect(ddmmyyyy('')).toBe('');
  });
});
