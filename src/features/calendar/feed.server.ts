/**
 * /calendar.ics: the calendar as an iCalendar feed that phones' calendar apps subscribe to
 * (ical-generator writes it). Every event is all-day, its DTEND the day after its last (iCalendar's
 * end is exclusive); its UID is its id at the site's host, so an edit replaces it in a subscribed
 * calendar, and its SEQUENCE counts the edits. The title is as the English (default) site shows it:
 * English when written, else Hindi; a holiday says so in its title's language, and an event written
 * in both languages carries the Hindi title in its description. iCalendar's text takes no control
 * character: the schema refuses them in a title, and a title stored before it did loses them here.
 */
import ical, { ICalEventTransparency } from 'ical-generator';
import { addDays } from '../../lib/dates.ts';
import { withoutControlCharacters } from '../../lib/visible-text.ts';
import { fill } from '../../lib/i18n/index.ts';
import { site } from '../../config/site.ts';
import { schoolName, type SchoolProfile } from '../../lib/school-profile.ts';
import { lastDay, titleIn, type StoredEvent } from './event.ts';
import { monthOf } from './month.ts';

/** How long a subscribed app may wait before it reads the feed again. */
const REFRESH_SECONDS = 6 * 3600;

const midnightUtc = (day: string) => new Date(`${day}T00:00:00Z`);

export function calendarFeed(events: readonly StoredEvent[], school: SchoolProfile): string {
  const host = new URL(site.url).host;
  const calendar = ical({
    name: fill('en', 'calendar.feedName', { school: schoolName(school, 'en') }),
    prodId: { company: host, product: 'calendar', language: 'EN' },
    url: `${site.url}/calendar`,
    ttl: REFRESH_SECONDS,
  });
  for (const event of events) {
    const shown = titleIn(event.title, 'en');
    const title = withoutControlCharacters(shown.text);
    const hindi = shown.lang === 'en' && event.title.hi ? withoutControlCharacters(event.title.hi) : undefined;
    calendar.createEvent({
      id: `${event._id}@${host}`,
      allDay: true,
      start: midnightUtc(event.startsOn),
      end: midnightUtc(addDays(lastDay(event), 1)),
      summary: event.holiday ? fill(shown.lang, 'calendar.holidayTitle', { title }) : title,
      description: hindi ? fill('hi', 'calendar.feedHindi', { title: hindi }) : null,
      url: `${site.url}/calendar/${monthOf(event.startsOn)}`,
      sequence: event.sequence,
      stamp: new Date(event.updatedAt),
      lastModified: new Date(event.updatedAt),
      created: new Date(event.createdAt),
      transparency: ICalEventTransparency.TRANSPARENT,
      categories: event.holiday ? [{ name: 'Holiday' }] : [],
    });
  }
  return calendar.toString();
}
