/**
 * Round trips to the database per request, held to their figures: far from its database (a Netlify
 * region away from the Neon one) every round trip costs 100-250 ms, so a request that grows one
 * more is slower for every family. Production's driver (@neondatabase/serverless) reaches the
 * file's own database through a proxy of the file's own (scripts/ws-proxy.ts), which counts the
 * turns of the conversation; the same cases are timed at a distance by `npm run bench -- distance`.
 * A figure may go down when a request is made to ask less; it goes up only with a reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffClient } from '../support/api.ts';
import { startInProcessSite, type InProcessSite } from '../support/in-process-site.ts';
import { roundTripCases, settledRoundTrips, type RoundTripCase } from '../support/round-trips.ts';
import { startWsProxy, type WsProxy } from '../../scripts/ws-proxy.ts';
import { closePool, onStatement } from '../../src/server/db.ts';
import { readProfile, remember } from '../../src/server/school-profile.ts';

/**
 * The most round trips each case may make, warm (its instance's connections open). Round trips on
 * connections of their own at the same time (a try taken back while the answer is read) count each;
 * the bench's times show what a family waits.
 */
const FIGURES: Record<string, number> = {
  'visitor: home page': 3,
  'visitor: a content page': 2,
  'visitor: fees page': 4,
  'visitor: notices page': 3,
  'visitor: gallery page': 3,
  'visitor: calendar page': 3,
  'visitor: vacancies': 1,
  "visitor: the school's facts": 1,
  'family: enquiry sent': 1,
  'family: one document uploaded': 2,
  'family: admission sent (documents uploaded first)': 5,
  'family: admission status check': 6,
  'family: acknowledgment PDF': 3,
  'family: fee receipt PDF': 3,
  'family: TC request sent': 9,
  'family: TC status check': 5,
  'office: dashboard': 2,
  'office: admissions list': 2,
  'office: admission search': 3,
  'office: admission details': 8,
  'office: admissions CSV': 5,
  'office: enquiries list': 2,
  'office: enquiry details': 3,
  'office: TC requests list': 2,
  'office: TC request details': 8,
  'office: register': 2,
};

let site: InProcessSite;
let proxy: WsProxy;
let cases: RoundTripCase[];
const saved = { driver: process.env.DATABASE_DRIVER, proxy: process.env.DATABASE_WS_PROXY };

beforeAll(async () => {
  site = await startInProcessSite();
  const { hostname, port } = new URL(site.databaseUrl);
  proxy = await startWsProxy({ host: hostname, port: Number(port) });
  // From here the site's functions reach the database as in production, through this file's proxy.
  process.env.DATABASE_DRIVER = 'neon';
  process.env.DATABASE_WS_PROXY = proxy.address;
  await closePool();
  const principal = (await staffClient('principal', 'Round Trip Principal', site.url)).client;
  cases = await roundTripCases(site.url, principal);
}, 120_000);

afterAll(async () => {
  await closePool();
  process.env.DATABASE_DRIVER = saved.driver;
  process.env.DATABASE_WS_PROXY = saved.proxy;
  if (saved.driver === undefined) delete process.env.DATABASE_DRIVER;
  if (saved.proxy === undefined) delete process.env.DATABASE_WS_PROXY;
  await proxy?.close();
  await site?.stop();
});

/**
 * The round trips of one request of `one`, sent after a first one that opened what it needs, and its
 * statements. On two busy cores a write the previous request left for after its answer can land in
 * the counted window (it is no statement of this request): a count over the figure is taken again,
 * up to three times, and the fewest kept. A request that asks more does so every time.
 */
async function tripsOf(one: RoundTripCase, most: number): Promise<{ trips: number; statements: string[] }> {
  let fewest: { trips: number; statements: string[] } | undefined;
  for (let run = 0; run <= 3; run++) {
    const send = await one.prepare();
    // The school's profile is read at most every 5 s per instance, not per request: fresh here, so a
    // lapse mid-request does not count as the request's.
    remember(await readProfile());
    const before = await settledRoundTrips(proxy, 100);
    const statements: string[] = [];
    const stop = onStatement((text) => statements.push(text.replace(/\s+/g, ' ').slice(0, 160)));
    try {
      const res = await send();
      await res.arrayBuffer();
      expect(res.status, one.name).toBeLessThan(400);
      const trips = (await settledRoundTrips(proxy, 100)) - before;
      if (run > 0 && (!fewest || trips < fewest.trips)) fewest = { trips, statements };
      if (fewest && fewest.trips <= most) break;
    } finally {
      stop();
    }
  }
  return fewest!;
}

describe('round trips to the database per request', () => {
  it('every case has a figure, and every figure a case', () => {
    expect(cases.map((one) => one.name).sort()).toEqual(Object.keys(FIGURES).sort());
  });

  it.each(Object.entries(FIGURES))('%s: at most %i', async (name, most) => {
    const one = cases.find((c) => c.name === name)!;
    const { trips, statements } = await tripsOf(one, most);
    expect(trips, `${trips} round trips, these statements:\n${statements.join('\n')}`).toBeLessThanOrEqual(most);
  });
});
