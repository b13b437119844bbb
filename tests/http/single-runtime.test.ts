/**
 * One runtime per folder (scripts/local-runtime/folder-lock.ts): a second `npm start`, `npm run dev`
 * or admin script on a folder whose runtime runs is refused at once, before it opens the database;
 * the first keeps serving; after the first is killed (SIGKILL: no clean-up at all) the next start
 * opens the database as it was, with the first administrator made once and the staff's sessions still
 * signed in, on node-postgres to its database gateway. The runtime's files (the documents included)
 * are its owner's only, and an install from before that rule is put right at start. A port in use
 * stops `npm start` with what to do, before any administrator is made.
 */
import { spawn } from 'node:child_process';
import { chmodSync, lstatSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTestRuntime, RAISED_LIMITS, type TestRuntime } from '../support/runtime.ts';
import { ApiClient } from '../support/api.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/global-setup.ts';
import { validEnquiry } from '../unit/forms-cases.ts';
import { PDF, fileForm, padded } from './forms-fixtures.ts';

const repo = resolve(import.meta.dirname, '../..');
const env = { ADMIN_EMAIL, ADMIN_PASSWORD, ...RAISED_LIMITS };
const IN_USE =
  /The local runtime of .+ is already running \(npm start, process \d+\)\. Only one may use a folder at a time/;

/** A script of the repository run in `cwd`, as `npm` would: its exit code, output, and how long it took. */
function run(
  script: string,
  args: string[],
  cwd: string,
  extra: Record<string, string> = {},
): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  return new Promise((ok) => {
    const child = spawn(process.execPath, [join(repo, script), ...args], {
      cwd,
      env: { ...process.env, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.once('exit', (code) => ok({ code, output, ms: Date.now() - started }));
  });
}

/**
 * Every folder and file under `dir` whose group or others have any permission, as "mode path"
 * (links are left out: they have no permissions of their own; what the emulator removes meanwhile too).
 */
function openToOthers(dir: string): string[] {
  const out: string[] = [];
  const visit = (path: string) => {
    try {
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) return;
      if (stat.mode & 0o077) out.push(`${(stat.mode & 0o777).toString(8)} ${path.slice(dir.length)}`);
      if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  };
  visit(dir);
  return out;
}

/** The files under `dir`, by path relative to it. */
const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => lstatSync(join(dir, name)).isFile());

const enquiry = (client: ApiClient, name: string) =>
  client.request('/v1/api/enquiry', { method: 'POST', json: { ...validEnquiry(), studentName: name } });

describe('one runtime per folder', () => {
  let first: TestRuntime | undefined;
  let again: TestRuntime | undefined;
  afterAll(async () => {
    await again?.stop();
    await first?.stop();
    if (first) await rm(first.root, { recursive: true, force: true });
  });

  it("a second start is refused at once and the first keeps serving; after SIGKILL the next start has every record and session, and makes no administrator; the files are the owner's only", async () => {
    first = await startTestRuntime(env, { keepRoot: true });
    const { root } = first;
    expect(first.output()).toMatch(`Created the first administrator: ${ADMIN_EMAIL}`);
    expect(first.output()).toMatch(/^Database driver: node-postgres$/m);
    const visitor = new ApiClient(first.url);
    const signedIn = new ApiClient(first.url);
    await signedIn.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const names = ['Kept Before Kill', 'Kept Also', 'Kept Third'];
    const ids: string[] = [];
    for (const name of names) {
      const res = await enquiry(visitor, name);
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { enquiry: { _id: string } }).enquiry._id);
    }
    // An applicant's document, through the API: it lands in the blob store under .netlify/.
    const uploaded = await visitor.request('/v1/api/uploads', {
      method: 'POST',
      body: fileForm('file', padded(PDF, 50_000, 3), 'birth.pdf', 'application/pdf'),
    });
    expect(uploaded.status).toBe(201);
    const uploadId = ((await uploaded.json()) as { id: string }).id;

    // The runtime's files: every folder 0700, no file readable or writable by group or others.
    const netlify = join(root, '.netlify');
    expect(filesUnder(join(netlify, 'blobs-serve')).length).toBeGreaterThan(0);
    expect(statSync(netlify).mode & 0o777).toBe(0o700);
    expect(openToOthers(netlify)).toEqual([]);

    // The second runtime in the same folder: refused with the message, before its emulator or database start.
    const startedAt = Date.now();
    const refusal = await startTestRuntime(env, { root }).then(
      () => undefined,
      (error: Error) => error.message,
    );
    const refusedMs = Date.now() - startedAt;
    console.log(`second start in the same folder refused after ${refusedMs} ms`);
    expect(refusal).toMatch(/runtime exited \(1\)/);
    expect(refusal).toMatch(IN_USE);
    expect(refusal).not.toMatch(/Database:|Created the first administrator/);
    expect(refusedMs).toBeLessThan(10_000);
    // `npm start`'s check before its build, `npm run dev` and an admin script: refused alike.
    const check = await run('scripts/start.ts', ['--check'], root, { PORT: '0' });
    expect(check.code).toBe(1);
    expect(check.output).toMatch(IN_USE);
    const dev = await run('scripts/prepare-dev.ts', [], root);
    expect(dev.code).toBe(1);
    expect(dev.output).toMatch(IN_USE);

    // The first is still serving, and still writes.
    const during = await enquiry(visitor, 'Kept During');
    expect(during.status).toBe(201);
    ids.push(((await during.json()) as { enquiry: { _id: string } }).enquiry._id);
    names.push('Kept During');

    // Killed with no chance to clean up: the kernel lets go of its lock, runtime.json stays behind.
    process.kill(first.pid, 'SIGKILL');
    await first.stop();
    // An install from before the owner-only rule: a document and its folder readable by everyone.
    const documentPath = join(netlify, 'blobs-serve', filesUnder(join(netlify, 'blobs-serve'))[0]!);
    chmodSync(documentPath, 0o644);
    chmodSync(join(documentPath, '..'), 0o755);
    chmodSync(netlify, 0o755);

    again = await startTestRuntime({ ...env, ADMIN_EMAIL: 'other@school.test' }, { root, keepRoot: true });
    expect(again.output()).not.toMatch('Created the first administrator');
    // The session signed in before the kill is still good.
    const stillSignedIn = new ApiClient(again.url);
    for (const [k, v] of signedIn.cookies) stillSignedIn.cookies.set(k, v);
    expect((await stillSignedIn.request('/v1/api/auth')).status).toBe(200);
    const office = new ApiClient(again.url);
    await office.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const [i, id] of ids.entries()) {
      const res = await office.request(`/v1/api/enquiry/${id}`);
      expect(res.status).toBe(200);
      expect(JSON.stringify(await res.json())).toContain(names[i]);
    }
    const db = new pg.Client({ connectionString: again.databaseUrl });
    await db.connect();
    try {
      expect((await db.query('SELECT size FROM uploads WHERE id = $1', [uploadId])).rows).toEqual([{ size: 50_000 }]);
    } finally {
      await db.end();
    }
    expect(statSync(documentPath).mode & 0o777).toBe(0o600);
    expect(openToOthers(netlify)).toEqual([]);
  }, 300_000);
});

describe('a port in use', () => {
  let busy: Server | undefined;
  let folder: string | undefined;
  afterAll(async () => {
    await new Promise((ok) => (busy ? busy.close(ok) : ok(undefined)));
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('stops `npm start` within seconds with the port and how to choose another, before any administrator is made', async () => {
    busy = createServer();
    await new Promise<void>((ok) => busy!.listen(0, '127.0.0.1', ok));
    const port = String((busy.address() as { port: number }).port);
    const message = new RegExp(
      `Port ${port} is already in use on 127\\.0\\.0\\.1 .*choose another port, e\\.g\\. PORT=8889 npm start`,
    );

    const startedAt = Date.now();
    const refusal = await startTestRuntime({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '', PORT: port }).then(
      () => undefined,
      (error: Error) => error.message,
    );
    const refusedMs = Date.now() - startedAt;
    console.log(`start on a port in use refused after ${refusedMs} ms`);
    expect(refusal).toMatch(/runtime exited \(1\)/);
    expect(refusal).toMatch(message);
    expect(refusal).not.toMatch(/Created the first administrator|password/);
    expect(refusedMs).toBeLessThan(15_000);

    // `npm start`'s check before its build says the same, in a folder of its own.
    folder = await mkdtemp(join(tmpdir(), 'rmcp-port-'));
    const check = await run('scripts/start.ts', ['--check'], folder, { PORT: port });
    expect(check.code).toBe(1);
    expect(check.output).toMatch(message);
    // And with the port free again it passes.
    await new Promise((ok) => busy!.close(ok));
    busy = undefined;
    expect((await run('scripts/start.ts', ['--check'], folder, { PORT: port })).code).toBe(0);
  }, 120_000);
});
