/** The calendar's rules in process: months and their grid, an event's form (dates out of order, no title, markup, control characters), titles across languages, the feed. */
import { defaultProfile } from '../../src/lib/school-profile.ts';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  dayName,
  eventsInMonth,
  isMonth,
  isOn,
  isSchoolMonth,
  lastDayOf,
  monthGrid,
  monthName,
  nearestSchoolMonth,
  schoolMonths,
  weekdayNames,
} from '../../src/features/calendar/month.ts';
import { renderCalendarPage } from '../../src/features/calendar/calendar-page.server.ts';
import { EVENT_TEXTS, titleIn, validateEvent, type StoredEvent } from '../../src/features/calendar/event.ts';
import { calendarFeed } from '../../src/features/calendar/feed.server.ts';
import { CONTROL_CODE } from '../../src/lib/visible-text.ts';

describe('months', () => {
  it("steps across years both ways and knows each month's last day, leap years included", () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(addMonths('2026-05', -17)).toBe('2024-12');
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
    expect(lastDayOf('2027-02')).toBe('2027-02-28');
    expect(lastDayOf('2026-12')).toBe('2026-12-31');
  });

  it("takes a month written YYYY-MM within the calendar's years, nothing else", () => {
    for (const good of ['2026-12', '2000-01', '2100-12']) expect(isMonth(good), good).toBe(true);
    for (const bad of ['2026-13', '2026-00', '2026-1', '26-12', '1999-12', '2101-01', '2026-12-01', 'x'])
      expect(isMonth(bad), bad).toBe(false);
  });

  it('lays a month out in weeks of seven days, Sunday first, with blanks around it', () => {
    // 1 December 2026 is a Tuesday; the 31st a Thursday.
    const grid = monthGrid('2026-12');
    expect(grid).toHaveLength(5);
    expect(grid[0]).toEqual([null, null, '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']);
    expect(grid[4]).toEqual(['2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null]);
    expect(grid.flat().filter(Boolean)).toHaveLength(31);
    // February 2026 starts on a Sunday and fills four weeks exactly.
    expect(monthGrid('2026-02')).toHaveLength(4);
    expect(monthGrid('2026-02')[0]![0]).toBe('2026-02-01');
  });

  it('names months and days in English and Hindi', () => {
    expect(monthName('2026-12', 'en')).toBe('December 2026');
    expect(monthName('2026-12', 'hi')).toBe('दिसंबर 2026');
    expect(dayName('2026-12-25', 'en', true)).toMatch(/Fri.*25 Dec.*2026/);
    expect(weekdayNames('en')[0]!.long).toBe('Sunday');
    expect(weekdayNames('hi')[0]!.long).toBe('रविवार');
  });

  it('finds the events with a day in a month, a range across months included, in order', () => {
    const events = [
      { id: 'b', startsOn: '2026-12-24', endsOn: '2027-01-02' },
      { id: 'a', startsOn: '2026-12-05', endsOn: null },
      { id: 'c', startsOn: '2027-01-26', endsOn: null },
      { id: 'd', startsOn: '2026-11-30', endsOn: '2026-12-01' },
    ];
    expect(eventsInMonth(events, '2026-12').map((e) => e.id)).toEqual(['d', 'a', 'b']);
    expect(eventsInMonth(events, '2027-01').map((e) => e.id)).toEqual(['b', 'c']);
    expect(isOn(events[0]!, '2026-12-31')).toBe(true);
    expect(isOn(events[0]!, '2027-01-03')).toBe(false);
  });
});

describe("the school's months (what is linked and indexed)", () => {
  it('are the session (April to March) and a year either side, widened around each run of months with events, merged where they touch', () => {
    // 15 May 2026: the session 2026-27.
    expect(schoolMonths('2026-05-15', [])).toEqual([['2025-04', '2028-03']]);
    // In March the session is the one ending.
    expect(schoolMonths('2027-03-31', [])).toEqual([['2025-04', '2028-03']]);
    expect(
      schoolMonths('2026-05-15', [
        ['2026-12', '2027-01'],
        ['2029-01', '2029-02'],
      ]),
    ).toEqual([['2025-04', '2030-02']]);
    // An event far away is its own run, a gap between; the calendar's own ends bound both.
    expect(
      schoolMonths('2026-05-15', [
        ['2096-03', '2096-03'],
        ['2000-05', '2000-05'],
      ]),
    ).toEqual([
      ['2000-01', '2001-05'],
      ['2025-04', '2028-03'],
      ['2095-03', '2097-03'],
    ]);
    expect(schoolMonths('2100-06-01', [])).toEqual([['2099-04', '2100-12']]);
  });

  it('the previous and next months keep to them, across a gap to the next run, none past the ends', () => {
    const spans = schoolMonths('2026-05-15', [['2096-03', '2096-03']]);
    expect(nearestSchoolMonth(spans, '2026-05', 1)).toBe('2026-06');
    expect(nearestSchoolMonth(spans, '2028-03', 1)).toBe('2095-03');
    expect(nearestSchoolMonth(spans, '2095-03', -1)).toBe('2028-03');
    expect(nearestSchoolMonth(spans, '2025-04', -1)).toBeUndefined();
    expect(nearestSchoolMonth(spans, '2097-03', 1)).toBeUndefined();
    // From a month outside them (an address typed): the nearest school month each way.
    expect(nearestSchoolMonth(spans, '2050-01', -1)).toBe('2028-03');
    expect(nearestSchoolMonth(spans, '2050-01', 1)).toBe('2095-03');
    expect(nearestSchoolMonth(spans, '2000-01', -1)).toBeUndefined();
    expect([isSchoolMonth(spans, '2027-07'), isSchoolMonth(spans, '2050-01')]).toEqual([true, false]);
  });

  it("a month's page links only school months and is noindex outside them", () => {
    const spans = schoolMonths('2026-05-15', []);
    const page = (month: string) =>
      renderCalendarPage({
        lang: 'en',
        month,
        events: [],
        today: '2026-05-15',
        path: `/calendar/${month}`,
        schoolMonths: spans,
      });
    const links = (month: string) =>
      [...page(month).body.value.matchAll(/class="cal-(prev|next)" rel="\w+" href="([^"]+)"/g)].map(
        (m) => `${m[1]} ${m[2]}`,
      );
    expect(links('2026-05')).toEqual(['prev /calendar/2026-04', 'next /calendar/2026-06']);
    expect(links('2025-04')).toEqual(['next /calendar/2025-05']);
    expect(links('2028-03')).toEqual(['prev /calendar/2028-02']);
    expect(links('2040-01')).toEqual(['prev /calendar/2028-03']);
    expect(page('2026-05').noindex).toBe(false);
    expect(page('2040-01').noindex).toBe(true);
    expect(page('2025-03').noindex).toBe(true);
  });
});

describe("an event's form", () => {
  const valid = { title: { en: 'Sports day' }, startsOn: '2026-12-05' };

  it('takes a title in either language or both, trimmed, and an end on the start day as one day', () => {
    expect(validateEvent(valid)).toEqual({
      ok: true,
      data: { title: { en: 'Sports day' }, startsOn: '2026-12-05', endsOn: null, holiday: false },
    });
    const both = validateEvent({
      title: { en: '  Winter vacation ', hi: 'शीतकालीन अवकाश' },
      startsOn: '2026-12-24',
      endsOn: '2027-01-02',
      holiday: true,
    });
    expect(both).toEqual({
      ok: true,
      data: {
        title: { en: 'Winter vacation', hi: 'शीतकालीन अवकाश' },
        startsOn: '2026-12-24',
        endsOn: '2027-01-02',
        holiday: true,
      },
    });
    expect(validateEvent({ title: { hi: 'होली' }, startsOn: '2027-03-22', endsOn: '2027-03-22' })).toMatchObject({
      ok: true,
      data: { title: { hi: 'होली' }, endsOn: null },
    });
  });

  it.each([
    ['no title', { ...valid, title: { en: '  ', hi: '' } }, 'title', EVENT_TEXTS.title],
    ['no title at all', { startsOn: '2026-12-05' }, 'title', EVENT_TEXTS.title],
    ['a title too long', { ...valid, title: { hi: 'अ'.repeat(201) } }, 'title', EVENT_TEXTS.titleTooLong],
    [
      'markup in a title',
      { ...valid, title: { en: 'Sports <script>alert(1)</script>' } },
      'title',
      EVENT_TEXTS.titleMarkup,
    ],
    ['no date', { title: { en: 'x' } }, 'startsOn', EVENT_TEXTS.startsOn],
    ['a date that is none', { ...valid, startsOn: '2026-02-30' }, 'startsOn', EVENT_TEXTS.startsOn],
    ['an end that is no date', { ...valid, endsOn: '5/12/2026' }, 'endsOn', EVENT_TEXTS.endsOn],
    ['dates out of order', { ...valid, endsOn: '2026-12-04' }, 'endsOn', EVENT_TEXTS.order],
    ['a range too long', { ...valid, endsOn: '2027-06-01' }, 'endsOn', EVENT_TEXTS.tooLong],
    ['a year outside the calendar', { ...valid, startsOn: '1990-01-01' }, 'startsOn', EVENT_TEXTS.years],
  ])('refuses %s, naming the field with its code', (_, input, field, message) => {
    const result = validateEvent(input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fields[field]).toBe(message);
    expect(result.codes[field]).toMatch(/^calendar\./);
    expect(result.error).toBe(message);
  });

  it.each([
    ['BEL', 'Sports\u0007 day'],
    ['ESC', 'Sports day\u001b[0m'],
    ['a tab', 'Sports\tday'],
    ['a line break', 'Sports\nday'],
    ['C1 next line', 'Sports\u0085day'],
    ['a noncharacter', 'Sports day\ufffe'],
    ['half a surrogate pair', 'Sports day \udc00'],
  ])('refuses a title with %s: the title named, the code the i18n tables carry', (_, title) => {
    for (const input of [
      { ...valid, title: { en: title } },
      { ...valid, title: { en: 'Sports day', hi: `खेल ${title}` } },
    ]) {
      expect(validateEvent(input)).toEqual({
        ok: false,
        kind: 'rule',
        error: EVENT_TEXTS.control,
        code: CONTROL_CODE,
        fields: { title: EVENT_TEXTS.control },
        codes: { title: CONTROL_CODE },
      });
    }
  });

  it('a title of invisible characters alone is no title (U+034F among them)', () => {
    expect(validateEvent({ ...valid, title: { en: '\u034f', hi: '\u200b\u2060' } })).toMatchObject({
      ok: false,
      fields: { title: EVENT_TEXTS.title },
    });
  });

  it('refuses values of the wrong type before the rules', () => {
    for (const input of [
      { ...valid, holiday: 'yes' },
      { ...valid, title: 'Sports day' },
      { ...valid, startsOn: 20261205 },
    ]) {
      expect(validateEvent(input)).toMatchObject({ ok: false, code: 'form.wrongType' });
    }
  });
});

describe('titles across the two sites', () => {
  it('shows a page its own language, else the other marked as such', () => {
    expect(titleIn({ en: 'Sports day', hi: 'खेल दिवस' }, 'hi')).toEqual({ text: 'खेल दिवस', lang: 'hi' });
    expect(titleIn({ hi: 'होली' }, 'en')).toEqual({ text: 'होली', lang: 'hi' });
    expect(titleIn({ en: 'PTM' }, 'hi')).toEqual({ text: 'PTM', lang: 'en' });
  });
});

describe('the feed', () => {
  const stored = (e: Partial<StoredEvent> & Pick<StoredEvent, '_id' | 'title' | 'startsOn'>): StoredEvent => ({
    endsOn: null,
    holiday: false,
    sequence: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    ...e,
  });

  it('parses as iCalendar: all-day events whose end is the day after their last, stable UIDs, titles as the English site shows them', () => {
    const text = calendarFeed(
      [
        stored({
          _id: '11111111-1111-4111-8111-111111111111',
          title: { en: 'Winter vacation', hi: 'शीतकालीन अवकाश' },
          startsOn: '2026-12-24',
          endsOn: '2027-01-02',
          holiday: true,
          sequence: 2,
        }),
        stored({ _id: '22222222-2222-4222-8222-222222222222', title: { hi: 'होली मिलन' }, startsOn: '2027-03-20' }),
      ],
      defaultProfile(),
    );
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    expect(events).toHaveLength(2);
    const [vacation, holi] = events as [ICAL.Event, ICAL.Event];
    expect(vacation.uid).toBe('11111111-1111-4111-8111-111111111111@www.rmcpschool.in');
    expect(vacation.startDate.isDate).toBe(true);
    expect(vacation.startDate.toString()).toBe('2026-12-24');
    expect(vacation.endDate.toString()).toBe('2027-01-03');
    expect(vacation.summary).toBe('Winter vacation (holiday)');
    expect(vacation.description).toBe('हिन्दी में: शीतकालीन अवकाश');
    expect(vacation.sequence).toBe(2);
    expect(holi.summary).toBe('होली मिलन');
    expect(holi.endDate.toString()).toBe('2027-03-21');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toMatch(/academic calendar/);
  });

  it('carries no control character of a title stored before the rule refused them', () => {
    const text = calendarFeed(
      [
        stored({
          _id: '33333333-3333-4333-8333-333333333333',
          title: { en: 'Sports\u0007 day\u001b', hi: 'खेल\u0085 दिवस\u0001' },
          startsOn: '2026-12-05',
          holiday: true,
        }),
      ],
      defaultProfile(),
    );
    // iCalendar's lines end CR LF; nothing else below U+0020 but a tab, no DEL or C1.
    expect(text.replaceAll('\r\n', '')).not.toMatch(/(?!\t)\p{Cc}/u);
    const [event] = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    expect(event!.summary).toBe('Sports day (holiday)');
    expect(event!.description).toBe('हिन्दी में: खेल दिवस');
  });
});
