/**
 * TC verification cannot be walked, on the API in this process with a database of its own and the
 * real figures: TC numbers run in a series and dates of issue span weeks, so many addresses trying
 * number after number and date after date would find every issued TC (the review found 3 in 224
 * tries from 8 addresses in 1.9 s, each with the child's name and a scan link). Wrong tries of the
 * whole site are counted together (limits.tcVerifyWrongTriesSiteWide): past them everyone waits a
 * few minutes, the right pair too, so the 429 tells a walker nothing, and a real school is told how
 * long and given the office's phone. Right tries never use the count up.
 */
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminClient, requestFrom, type ApiClient, type Json } from '../support/api.ts';
import { startInProcessSite, type InProcessSite } from '../support/in-process-site.ts';
import { createTcRequest, jpeg, stagedFile } from '../http/admin-fixtures.ts';
import { limits } from '../../src/config/limits.ts';
import { fees } from '../../src/config/fees.ts';
import { addDays, dateInIndia } from '../../src/lib/dates.ts';
import { fill } from '../../src/lib/i18n/index.ts';
import { withDefaultUser } from '../../src/server/db.ts';

const SITE_WIDE = limits.tcVerifyWrongTriesSiteWide;
const TODAY = dateInIndia();
const SERIES = `TC/${Date.now() % 100000}`;

let runtime: InProcessSite;
let db: pg.Pool;
let principal: ApiClient;
/** The issued TCs, numbered in a series, as a school numbers them. */
const issued: { tcNumber: string; issuedOn: string; studentName: string }[] = [];

async function ok(method: 'POST' | 'PATCH', path: string, json: unknown): Promise<Json> {
  const res = await principal.request(path, { method, json });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

beforeAll(async () => {
  // The real figure of the site-wide limit (the runtime suite raises it); the address limits are real already.
  runtime = await startInProcessSite({ RATE_LIMIT_TC_VERIFY_WRONG: '' });
  db = new pg.Pool({ connectionString: withDefaultUser(runtime.databaseUrl), max: 2 });
  principal = await adminClient(runtime.url);
  for (const [n, daysAgo] of [
    [41, 20],
    [42, 12],
    [43, 5],
  ] as const) {
    const request = await createTcRequest({}, runtime.url);
    await ok('POST', `/v1/api/tc-request/${request._id}/payments`, {
      amount: fees.transferCertificate,
      mode: 'cash',
      reference: '',
      paidOn: TODAY,
    });
    const tc = {
      tcNumber: `${SERIES}/${n}`,
      issuedOn: addDays(TODAY, -daysAgo),
      studentName: request.studentName as string,
    };
    await ok('PATCH', `/v1/api/tc-request/${request._id}`, {
      status: 'issued',
      tcNumber: tc.tcNumber,
      tcIssueDate: tc.issuedOn,
    });
    await ok('POST', `/v1/api/tc-request/${request._id}/certificate`, {
      uploadId: await stagedFile(principal, jpeg(), 'scan.jpg', 'image/jpeg'),
    });
    issued.push(tc);
  }
}, 180_000);
afterAll(async () => {
  await db?.end();
  await runtime?.stop();
});

// Each test starts with an empty site-wide window (the per-address ones are each test's own addresses).
beforeEach(async () => {
  await db.query(`DELETE FROM rate_limits WHERE bucket = 'tc_verify_wrong'`);
});

let lastAddress = 0;
const freshAddress = () => `127.0.${70 + Math.floor(lastAddress / 250)}.${(lastAddress++ % 250) + 1}`;

type Answer = { status: number; body: string; headers: Record<string, unknown>; json: Json };
async function verify(pair: { tcNumber: string; issuedOn: string }, from = freshAddress()): Promise<Answer> {
  const res = await requestFrom(runtime.url, from, 'POST', '/v1/api/tc-verification', pair);
  return { ...res, json: JSON.parse(res.body) as Json };
}

/** The wrong tries the site-wide window holds now. */
const counted = async () =>
  Number(
    (await db.query(`SELECT coalesce(sum(hits), 0)::int AS n FROM rate_limits WHERE bucket = 'tc_verify_wrong'`))
      .rows[0].n,
  );

/** The site-wide pause: its code, words, the wait (at most the window) and no school phone (none saved). */
function expectPaused(answer: Answer) {
  expect(answer.status, answer.body).toBe(429);
  expect(answer.json).toMatchObject({ code: 'request.tcVerifyPaused', phone: '' });
  const minutes = answer.json.retryAfterMinutes as number;
  expect(minutes).toBeGreaterThanOrEqual(1);
  expect(minutes).toBeLessThanOrEqual(SITE_WIDE.seconds / 60);
  expect(answer.json.error).toBe(fill('en', 'request.tcVerifyPaused', { minutes: String(minutes), phone: '' }));
  expect(Math.ceil(Number(answer.headers['retry-after']) / 60)).toBe(minutes);
  return Number(answer.headers['retry-after']);
}

/**
 * The review's walk: numbers around the series (40 to 44) and the dates of the last four weeks,
 * oldest first, 8 addresses taking turns, 8 at a time.
 */
async function walk(): Promise<Answer[]> {
  const addresses = Array.from({ length: 8 }, freshAddress);
  const pairs = Array.from({ length: 28 }, (_, d) => addDays(TODAY, d - 27)).flatMap((issuedOn) =>
    [40, 41, 42, 43, 44].map((n) => ({ tcNumber: `${SERIES}/${n}`, issuedOn })),
  );
  const answers: Answer[] = [];
  for (let i = 0; i < pairs.length; i += 8) {
    answers.push(...(await Promise.all(pairs.slice(i, i + 8).map((pair, j) => verify(pair, addresses[j]!)))));
  }
  return answers;
}

describe('a walk of the issued TCs from many addresses', () => {
  it('is stopped after the site-wide wrong tries: it finds none of the 3 TCs in 140 tries, and the right pairs it reaches get the same 429', async () => {
    expect(SITE_WIDE).toEqual({ max: 3, seconds: 15 * 60 });
    const answers = await walk();
    expect(answers).toHaveLength(140);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 404)).toHaveLength(SITE_WIDE.max);
    expect(statuses.filter((s) => s === 200)).toHaveLength(0);
    expect(statuses.filter((s) => s === 429)).toHaveLength(140 - SITE_WIDE.max);
    // The walk reached every issued TC's pair: each was refused with the body every wrong pair got.
    const paused = answers.filter((a) => a.status === 429);
    for (const answer of paused) expect(answer.json.code).toBe('request.tcVerifyPaused');
    expect(answers.some((a) => a.body.includes('studentName') || a.body.includes('scanUrl'))).toBe(false);
    expect(await counted()).toBe(SITE_WIDE.max);
  }, 120_000);

  it('a real school checking during the walk is refused only until the oldest wrong tries leave the window, then sees the TC', async () => {
    await walk();
    const tc = issued[1]!;
    const school = freshAddress();
    const wait = expectPaused(await verify(tc, school));
    // The wait it was told passes (the counted tries grow as old as that): the same check now succeeds.
    await db.query(
      `UPDATE rate_limits SET window_start = window_start - make_interval(secs => $1) WHERE bucket = 'tc_verify_wrong'`,
      [wait],
    );
    const found = await verify(tc, school);
    expect(found.status, found.body).toBe(200);
    // Only what a receiving school needs: the name, the number and date, and the short-lived scan link.
    expect(found.json).toEqual({
      studentName: tc.studentName,
      tcNumber: tc.tcNumber,
      issuedOn: tc.issuedOn,
      scanUrl: expect.stringMatching(/^\/v1\/api\/tc-verification\/scan\?token=/),
      scanMinutes: 15,
      signed: true,
    });
  }, 120_000);

  it(`lets a walk go on at ${SITE_WIDE.max} wrong tries in 15 minutes only: a year's series takes days`, async () => {
    const first = await walk();
    expect(first.filter((a) => a.status === 404)).toHaveLength(SITE_WIDE.max);
    // 15 minutes later the walk gets the next few, and no more.
    await db.query(
      `UPDATE rate_limits SET window_start = window_start - make_interval(secs => $1) WHERE bucket = 'tc_verify_wrong'`,
      [SITE_WIDE.seconds],
    );
    const next = await walk();
    expect(next.filter((a) => a.status === 404)).toHaveLength(SITE_WIDE.max);
    expect(next.filter((a) => a.status === 429)).toHaveLength(140 - SITE_WIDE.max);
    // SECURITY.md's figures: 150 TCs a year, each searched over 21 dates (half of them on average
    // before the hit), at 12 wrong tries an hour take 5.5 days, 11 for the whole space; the review's
    // 224 tries take 18 hours instead of 2 seconds.
    const perHour = SITE_WIDE.max * (3600 / SITE_WIDE.seconds);
    expect(perHour).toBe(12);
    expect((150 * 21) / 2 / perHour / 24).toBeGreaterThanOrEqual(5.4);
    expect((150 * 21) / perHour / 24).toBeGreaterThanOrEqual(10.9);
    expect(221 / perHour).toBeGreaterThanOrEqual(18);
  }, 120_000);

  it(`counts wrong tries sent all at once exactly: 20 addresses at the same instant get ${SITE_WIDE.max} answers`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => verify({ tcNumber: `${SERIES}/9${i}`, issuedOn: TODAY })),
    );
    expect(answers.filter((a) => a.status === 404)).toHaveLength(SITE_WIDE.max);
    for (const answer of answers.filter((a) => a.status !== 404)) expectPaused(answer);
    expect(await counted()).toBe(SITE_WIDE.max);
  });
});

describe('what does not use the site-wide count up', () => {
  it('right tries: schools checking the TCs many times leave the count at 0', async () => {
    for (let round = 0; round < 4; round++) {
      const answers = await Promise.all(issued.map((tc) => verify(tc)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    }
    expect(await counted()).toBe(0);
    for (let i = 0; i < SITE_WIDE.max; i++)
      expect((await verify({ tcNumber: `${SERIES}/8${i}`, issuedOn: TODAY })).status).toBe(404);
    expectPaused(await verify(issued[0]!));
  });

  it("a try the address's own limit refuses: 429 for that address, and nothing counted for the site", async () => {
    const busy = freshAddress();
    // The address already has its wrong tries of the hour (its slices a minute old).
    await db.query(
      `INSERT INTO rate_limits (bucket, key, window_start, hits) VALUES ('status_check_wrong', $1, now() - interval '1 minute', $2)`,
      [busy, limits.statusWrongTriesPerAddress.max],
    );
    const refused = await verify({ tcNumber: `${SERIES}/77`, issuedOn: TODAY }, busy);
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('request.tooManyRequests');
    expect(await counted()).toBe(0);
    // Another address is not held back by it.
    expect((await verify(issued[2]!)).status).toBe(200);
  });
});
