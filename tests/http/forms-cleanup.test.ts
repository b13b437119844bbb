/** `npm run cleanup` (the scheduled function's job): unclaimed staged uploads older than 24 h go, row and blob; claimed ones stay. */
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join, resolve } from 'node:path';
import { PNG, blobsWithSha, closeDb, count, db, sha256, stage, unique } from './forms-fixtures.ts';
import { validAdmission, FILE } from '../unit/forms-cases.ts';

const run = promisify(execFile);
afterAll(closeDb);

describe('npm run cleanup', () => {
  it('deletes unclaimed uploads older than 24 hours (row and blob) and keeps recent and claimed ones', async () => {
    const oldData = unique(PNG);
    const recentData = unique(PNG);
    const old = await stage(oldData, 'old.png');
    const recent = await stage(recentData, 'recent.png');
    // A claimed upload, just as old: an admission's document is never cleaned up.
    const input: Record<string, string> = validAdmission('primary');
    const photoData = unique(PNG);
    for (const [k, v] of Object.entries(input)) if (v === FILE) input[k] = await stage(k === 'studentPhoto' ? photoData : PNG, `${k}.png`);
    const body = new FormData();
    for (const [k, v] of Object.entries(input)) body.append(k, v);
    const res = await fetch(new URL('/v1/api/admission', inject('baseURL')), { method: 'POST', body });
    expect(res.status).toBe(201);
    await db().query(`UPDATE uploads SET created_at = now() - interval '25 hours' WHERE id = ANY($1::uuid[])`, [[old, input.studentPhoto]]);
    expect(await blobsWithSha([sha256(oldData)])).toBe(1);

    const repo = resolve(import.meta.dirname, '../..');
    const { stdout } = await run(process.execPath, [join(repo, 'scripts/cleanup.ts')], {
      cwd: inject('runtimeRoot'),
      env: { ...process.env, DATABASE_URL: inject('databaseURL') },
      timeout: 60_000,
    });
    expect(stdout).toMatch(/Deleted [1-9]\d* unclaimed upload/);
    expect(await count('uploads', 'id = $1', [old])).toBe(0);
    expect(await count('uploads', 'id = $1', [recent])).toBe(1);
    expect(await count('uploads', 'id = $1 AND admission_id IS NOT NULL', [input.studentPhoto])).toBe(1);
    expect(await blobsWithSha([sha256(oldData)])).toBe(0);
    expect(await blobsWithSha([sha256(recentData)])).toBe(1);
    expect(await blobsWithSha([sha256(photoData)])).toBe(1);
  }, 120_000);
});
