/**
 * The local Netlify Database is one PGlite instance behind a Postgres wire gateway, and PGlite
 * has a single session: every connection shares it, so two functions' transactions would
 * interleave (one's ROLLBACK undoing the other's insert, advisory locks granted to both).
 * Real PostgreSQL and Neon isolate sessions. To make the local runtime behave like them, this
 * gives one connection at a time the session, from its first message until the session is idle
 * again (ReadyForQuery 'I'): transactions and extended-protocol sequences run whole and in turn.
 *
 * The emulator's gateway lets anyone in (`trust`, no option to change it) and names no password in
 * its URL. This one asks for a password (SCRAM-SHA-256, as PostgreSQL does), new each run, and
 * the URL the emulator hands the functions (NETLIFY_DB_URL, from NetlifyDB's start()) carries it.
 */
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import * as databaseDev from '@netlify/database-dev';
import { createScramSha256Data, type ScramSha256Data } from 'pg-gateway';
import * as pgGateway from 'pg-gateway/node';
import { expectFunctions, type PatchedPackage } from './patch-check.ts';

interface PGliteLike {
  execProtocol(data: Uint8Array, options: { throwOnError: boolean }): Promise<{ data: Uint8Array }>;
  exec(sql: string): Promise<unknown>;
}

/** A FIFO lock. A waiter that gives up after `timeoutMs` proceeds anyway and says so (a stuck client must not hang the runtime). */
class SessionLock {
  #held = false;
  #queue: (() => void)[] = [];

  async acquire(timeoutMs: number): Promise<() => void> {
    if (this.#held) {
      const granted = await new Promise<boolean>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          this.#queue = this.#queue.filter((w) => w !== wake);
          resolve(false);
        }, timeoutMs);
        this.#queue.push(wake);
      });
      if (!granted) {
        console.warn('[local database] a connection waited over 15 s for the session; running it without isolation');
        return () => undefined;
      }
    }
    this.#held = true;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#queue.shift();
      if (next) next();
      else this.#held = false;
    };
  }
}

/** The transaction status of the last ReadyForQuery message in a response ('I' idle, 'T' in a transaction, 'E' failed), if any. */
export function readyForQueryStatus(response: Uint8Array): string | undefined {
  const n = response.length;
  if (n < 6) return undefined;
  const isRfq =
    response[n - 6] === 0x5a &&
    response[n - 5] === 0 &&
    response[n - 4] === 0 &&
    response[n - 3] === 0 &&
    response[n - 2] === 5;
  return isRfq ? String.fromCharCode(response[n - 1]!) : undefined;
}

/** Extended-protocol messages that PostgreSQL answers only at the next Sync or Flush: Parse, Bind, Describe, Execute, Close. */
const DEFERRED = new Set([0x50, 0x42, 0x44, 0x45, 0x43]);

/**
 * The gateway hands over one message at a time, and each answer was its own PGlite call and its
 * own socket write: five of each for one parameterised query. PostgreSQL itself answers these
 * messages when the client's Sync (or Flush) arrives, so they are held until then and run as one
 * call with one write. Most of a local query's time was those writes.
 */
class ProtocolBatch {
  #held: Uint8Array[] = [];

  /** Keeps a deferred message (copied: the gateway reuses its buffer); false for any other. */
  hold(message: Uint8Array): boolean {
    if (!DEFERRED.has(message[0]!)) return false;
    this.#held.push(message.slice());
    return true;
  }

  /** The held messages followed by `message`, as one buffer. */
  take(message: Uint8Array): Uint8Array {
    if (!this.#held.length) return message;
    const parts = [...this.#held, message];
    this.#held = [];
    return Buffer.concat(parts);
  }
}

/**
 * What onMessage returns for a held message: a sequence that yields nothing but returns a value,
 * which the gateway takes as handled (no answer of its own) with nothing to write.
 */
const held = (): Iterable<never, true> => ({
  [Symbol.iterator]: () => ({ next: () => ({ done: true, value: true }) }),
});

let patched = false;

/** The gateway's password for this run; only the URL start() answers tells it. */
const password = randomBytes(24).toString('base64url');
/**
 * SCRAM's iterations slow the guessing of a weak password; this one is 192 random bits, so a few
 * do: a new connection (connect, one query, end) took 7-8 ms with 16, 12.5 ms with PostgreSQL's 4096.
 */
const SCRAM_ITERATIONS = 16;
let scram: Promise<ScramSha256Data> | undefined;

interface EmulatorDatabase {
  db?: PGliteLike;
  connections: Set<Socket>;
  logger: (...m: unknown[]) => void;
}

/** Replaces NetlifyDB's connection handler; `database` is @netlify/database-dev as patches.ts checked it. */
export function isolateLocalDatabaseSessions(database: PatchedPackage): void {
  if (patched) return;
  patched = true;
  const lock = new SessionLock();
  const proto = databaseDev.NetlifyDB.prototype as unknown as {
    handleConnection(this: EmulatorDatabase, socket: Socket): void;
    start(this: EmulatorDatabase): Promise<string>;
  };
  const start = proto.start;
  proto.start = async function startWithPassword() {
    const url = new URL(await start.call(this));
    url.username ||= 'postgres';
    url.password = password;
    return url.toString();
  };
  const checked = new WeakSet<object>();
  proto.handleConnection = function handleConnection(socket) {
    const db = this.db;
    if (!db) return;
    if (!checked.has(this)) {
      try {
        expectFunctions(database, 'NetlifyDB instance.db', db, ['execProtocol', 'exec']);
        expectFunctions(database, 'NetlifyDB instance', this, ['logger']);
        expectFunctions(database, 'NetlifyDB instance.connections', this.connections, ['add', 'delete']);
      } catch (error) {
        socket.destroy();
        throw error;
      }
      checked.add(this);
    }
    this.connections.add(socket);
    // The gateway answers an extended-protocol query in several small writes: with Nagle's algorithm
    // each waited for the client's delayed ACK, ~40 ms a parameterised query.
    socket.setNoDelay(true);
    let release: (() => void) | undefined;
    socket.on('close', () => {
      this.connections.delete(socket);
      if (!release) return;
      // The client went away inside a transaction: end it before the next connection gets the session.
      const done = release;
      release = undefined;
      void db
        .exec('ROLLBACK')
        .catch(() => undefined)
        .finally(done);
    });
    const batch = new ProtocolBatch();
    // execProtocol, not execProtocolRaw: the raw call leaves every parsed result message in PGlite's
    // own list (measured: +29 MB of heap per 100,000 rows read), which only execProtocol empties.
    // With throwOnError off an SQL error stays in the bytes, for the client to read as PostgreSQL sends it.
    const run = async (message: Uint8Array) => (await db.execProtocol(message, { throwOnError: false })).data;
    pgGateway
      .fromNodeSocket(socket, {
        serverVersion: '16.3 (NetlifyDB/pglite)',
        auth: {
          method: 'scram-sha-256',
          getScramSha256Data: () => (scram ??= createScramSha256Data(password, SCRAM_ITERATIONS)),
        },
        async onMessage(message, { isAuthenticated }) {
          if (!isAuthenticated) return;
          // Terminate ('X') needs no session; holding the lock for it would keep it past the socket's close.
          if (message[0] === 0x58) return run(message);
          if (batch.hold(message)) return held();
          const data = batch.take(message);
          release ??= await lock.acquire(15_000);
          if (socket.destroyed) {
            // Closed while waiting: nothing to run, and nobody left to release the session later.
            release();
            release = undefined;
            return;
          }
          try {
            const response = await run(data);
            if (readyForQueryStatus(response) === 'I') {
              release();
              release = undefined;
            }
            return response;
          } catch (error) {
            release?.();
            release = undefined;
            throw error;
          }
        },
      })
      .catch((error: unknown) => {
        if (error instanceof Error && error.message.includes('ECONNRESET')) return;
        this.logger('Unexpected connection error:', error);
      });
  };
}
