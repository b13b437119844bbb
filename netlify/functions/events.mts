import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { adminOnly } from '../../src/server/auth.ts';
import {
  createEvent,
  deleteEvent,
  listEvents,
  serveCalendarFeed,
  serveCalendarPage,
  updateEvent,
} from '../../src/features/calendar/calendar.server.ts';

export const config: Config = {
  path: [
    '/v1/api/events',
    '/v1/api/events/:id',
    '/calendar',
    '/calendar/:month',
    '/hi/calendar',
    '/hi/calendar/:month',
    '/calendar.ics',
  ],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

export default router({
  // The office keeps the calendar (the principal too).
  '/v1/api/events': { GET: listEvents, POST: adminOnly(createEvent) },
  '/v1/api/events/:id': { PUT: adminOnly(updateEvent), DELETE: adminOnly(deleteEvent) },
  // The public calendar, a month a page, in each language, and the feed phones subscribe to.
  '/calendar': { GET: serveCalendarPage('en') },
  '/calendar/:month': { GET: serveCalendarPage('en') },
  '/hi/calendar': { GET: serveCalendarPage('hi') },
  '/hi/calendar/:month': { GET: serveCalendarPage('hi') },
  '/calendar.ics': { GET: serveCalendarFeed },
});
