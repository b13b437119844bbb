/**
 * `npm run cleanup` (the hourly scheduled function's job): unclaimed staged uploads older than 24 h
 * go, row and blob, and claimed ones stay; ended sessions, old rate-limit windows and ended sign-in
 * throttle windows go, live ones stay. On a database of the file's own: the counts are exact.
 */
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  PDF,
  PNG,
  blobsWithSha,
  count,
  db,
  padded,
  pieceBlobs,
  putPiece,
  sha256,
  stage,
  startPieces,
  unique,
} from '../http/forms-fixtures.ts';
import { PIECE_BYTES } from '../../src/lib/forms/files.ts';
import { validAdmission, FILE } from '../unit/forms-cases.ts';
import { runCleanup } from '../support/cleanup.ts';
import { useInProcessSite } from '../support/in-process-site.ts';

// A database and blob store of this file's own: the cleanup sees only this file's rows.
const site = useInProcessSite();

describe('npm run cleanup', () => {
  it('deletes unclaimed uploads older than 24 hours (row and blob) and keeps recent and claimed ones', async () => {
    const oldData = unique(PNG);
    const recentData = unique(PNG);
    const old = await stage(oldData, 'old.png');
    const recent = await stage(recentData, 'recent.png');
    // A claimed upload, just as old: an admission's document is never cleaned up.
    const input: Record<string, string> = validAdmission('pre-primary');
    const photoData = unique(PNG);
    for (const [k, v] of Object.entries(input))
      if (v === FILE) input[k] = await stage(k === 'studentPhoto' ? photoData : PNG, `${k}.png`);
    const body = new FormData();
    for (const [k, v] of Object.entries(input)) body.append(k, v);
    const res = await fetch(new URL('/v1/api/admission', site().url), { method: 'POST', body });
    expect(res.status).toBe(201);
    await db().query(`UPDATE uploads SET created_at = now() - interval '25 hours' WHERE id = ANY($1::uuid[])`, [
      [old, input.studentPhoto],
    ]);
    expect(await blobsWithSha([sha256(oldData)])).toBe(1);

    const stdout = await runCleanup();
    expect(stdout).toMatch(/Deleted [1-9]\d* unclaimed upload/);
    expect(await count('uploads', 'id = $1', [old])).toBe(0);
    expect(await count('uploads', 'id = $1', [recent])).toBe(1);
    expect(await count('uploads', 'id = $1 AND admission_id IS NOT NULL', [input.studentPhoto])).toBe(1);
    expect(await blobsWithSha([sha256(oldData)])).toBe(0);
    expect(await blobsWithSha([sha256(recentData)])).toBe(1);
    expect(await blobsWithSha([sha256(photoData)])).toBe(1);
  }, 120_000);

  it('deletes a document sent in pieces left unfinished over 24 hours, with its pieces; keeps a recent one', async () => {
    const piece = padded(PDF, PIECE_BYTES);
    const started = async () => ((await (await startPieces('scan.pdf', 3 * PIECE_BYTES)).json()) as { id: string }).id;
    const [old, recent] = [await started(), await started()];
    for (const id of [old, recent]) expect((await putPiece(id, 0, piece)).status).toBe(200);
    await db().query(`UPDATE upload_sessions SET created_at = now() - interval '25 hours' WHERE id = $1`, [old]);
    expect((await pieceBlobs(old)).length).toBe(1);

    expect(await runCleanup()).toMatch(/Deleted \d+ unclaimed upload\(s\) older than 24 h, [1-9]\d* orphaned blob/);
    expect(await count('upload_sessions', 'id = $1', [old])).toBe(0);
    expect(await pieceBlobs(old)).toEqual([]);
    expect(await count('upload_sessions', 'id = $1', [recent])).toBe(1);
    expect((await pieceBlobs(recent)).length).toBe(1);
    expect((await putPiece(old, 1, piece)).status).toBe(404);
  }, 120_000);

  it('deletes ended sessions, rate-limit windows over a day old and ended sign-in throttle windows; keeps live ones', async () => {
    const tag = randomUUID();
    const admin = (await db().query(`SELECT id FROM admins LIMIT 1`)).rows[0].id as string;
    const [expired, revoked, live] = [randomUUID(), randomUUID(), randomUUID()];
    await db().query(
      `INSERT INTO sessions (id, admin_id, expires_at, revoked_at) VALUES
         ($1, $4, now() - interval '1 minute', NULL), ($2, $4, now() + interval '1 hour', now()), ($3, $4, now() + interval '1 hour', NULL)`,
      [expired, revoked, live, admin],
    );
    await db().query(
      `INSERT INTO rate_limits (bucket, key, window_start, hits) VALUES
         ('cleanup-test', $1, now() - interval '25 hours', 3), ('cleanup-test', $1, date_trunc('hour', now()), 3)`,
      [tag],
    );
    await db().query(
      `INSERT INTO login_throttle (key, failures, window_start) VALUES ($1, 5, now() - interval '16 minutes'), ($2, 5, now())`,
      [`pair:old ${tag}`, `pair:new ${tag}`],
    );

    expect(await runCleanup()).toMatch(
      /[1-9]\d* ended session\(s\), [1-9]\d* old rate-limit window\(s\) and [1-9]\d* ended sign-in throttle window\(s\)/,
    );
    expect(
      (await db().query(`SELECT id FROM sessions WHERE id = ANY($1::uuid[])`, [[expired, revoked, live]])).rows.map(
        (r) => r.id,
      ),
    ).toEqual([live]);
    expect(await count('rate_limits', 'key = $1', [tag])).toBe(1);
    expect(await count('login_throttle', 'key = ANY($1::text[])', [[`pair:old ${tag}`, `pair:new ${tag}`]])).toBe(1);
    expect(await count('login_throttle', 'key = $1', [`pair:new ${tag}`])).toBe(1);
  }, 120_000);
});
