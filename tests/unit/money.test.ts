/** Money: rupees read exactly into paise, figures with Indian grouping, words in the Indian system; the fee schedule; formatters (money and dates) made only when first used. */
import { describe, expect, it, vi } from 'vitest';
import { formatRupees, paiseToRupees, rupeesInWords, rupeesToPaise } from '../../src/lib/money.ts';
import { fees } from '../../src/config/fees.ts';
import { ALL_CLASSES } from '../../src/lib/classes.ts';

describe('money', () => {
  it('reads rupees into whole paise from the text of the number, never by multiplying floats', () => {
    expect([12500, 12500.5, '12500.50', ' 7 ', 1.15, 0.07, 4.35, 0, -1].map(rupeesToPaise)).toEqual([
      1250000, 1250050, 1250050, 700, 115, 7, 435, 0, -100,
    ]);
    // As a clerk types them: commas grouped the Indian or the Western way, a rupee mark.
    expect(
      ['6,000', '₹6,000', '6000.00', '6,000.50', '₹ 1,25,000', 'Rs. 6000', 'rs6,000', 'INR 125,000.5', '-₹500'].map(
        rupeesToPaise,
      ),
    ).toEqual([600000, 600000, 600000, 600050, 12500000, 600000, 600000, 12500050, -50000]);
    for (const bad of [
      1.234,
      '1.234',
      'abc',
      '',
      '1e3',
      1e21,
      '.5',
      '5.',
      NaN,
      Infinity,
      null,
      undefined,
      true,
      [100],
      {},
      '1,2,3',
      '60,00',
      '6,0000',
      ',600',
      '600,',
      '6,000,',
      '₹',
      '₹₹600',
      '$600',
      '6 000',
      '600 rupees',
      '6,000.505',
      '12.500,50',
    ]) {
      expect(rupeesToPaise(bad), String(bad)).toBeUndefined();
    }
    // Beyond what a double counts exactly.
    expect(rupeesToPaise('90071992547409.93')).toBeUndefined();
    expect(paiseToRupees(1250050)).toBe(12500.5);
  });

  it('writes figures with Indian grouping', () => {
    expect(formatRupees(1250000)).toBe('₹12,500.00');
    expect(formatRupees(12500000)).toBe('₹1,25,000.00');
    expect(formatRupees(1234567899)).toBe('₹1,23,45,678.99');
    expect(formatRupees(50)).toBe('₹0.50');
  });

  it('writes words in the Indian system: lakhs, crores and paise', () => {
    expect(rupeesInWords(1250000)).toBe('Twelve Thousand Five Hundred Rupees Only');
    expect(rupeesInWords(10000000)).toBe('One Lakh Rupees Only');
    expect(rupeesInWords(1250050)).toBe('Twelve Thousand Five Hundred Rupees And Fifty Paise Only');
    expect(rupeesInWords(1234567899)).toBe(
      'One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight Rupees And Ninety Nine Paise Only',
    );
    expect(rupeesInWords(100)).toBe('One Rupee Only');
    expect(rupeesInWords(75)).toBe('Seventy Five Paise Only');
    expect(rupeesInWords(-50000)).toBe('Five Hundred Rupees Only');
  });

  it('has an admission fee for every class and a TC fee, each a positive amount in whole paise', () => {
    for (const c of ALL_CLASSES) {
      const paise = rupeesToPaise(fees.admission[c]);
      expect(paise, c).toBeGreaterThan(0);
    }
    expect(rupeesToPaise(fees.transferCertificate)).toBeGreaterThan(0);
  });
});

describe('formatters are made on first use, not when a page loads the module', () => {
  /** Counts the Intl formatters made while `run` runs. */
  async function counting<T>(run: (made: () => number) => Promise<T>): Promise<T> {
    const original = { DateTimeFormat: Intl.DateTimeFormat, NumberFormat: Intl.NumberFormat };
    let made = 0;
    Intl.DateTimeFormat = class extends original.DateTimeFormat {
      constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        super(...args);
        made++;
      }
    } as typeof Intl.DateTimeFormat;
    Intl.NumberFormat = class extends original.NumberFormat {
      constructor(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
        super(...args);
        made++;
      }
    } as typeof Intl.NumberFormat;
    try {
      return await run(() => made);
    } finally {
      Object.assign(Intl, original);
    }
  }

  // Making one loads locale and time-zone data: tens of milliseconds on a cheap phone, in the task that hydrates a form.
  it.each([
    [
      'dates',
      async () => (await import('../../src/lib/dates.ts')).formatDateTime.bind(null, '2026-03-05T09:37:00Z', 'hi'),
    ],
    ['money', async () => (await import('../../src/lib/money.ts')).formatRupees.bind(null, 1250000)],
  ])('%s', async (_, load) => {
    vi.resetModules();
    await counting(async (made) => {
      const format = await load();
      expect(made()).toBe(0);
      const first = format();
      expect(format()).toBe(first);
      expect(made()).toBe(1);
    });
  });
});
