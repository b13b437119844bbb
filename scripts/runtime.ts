/**
 * The local runtime: Netlify's own emulator (@netlify/dev) serving the built site, the functions,
 * redirects, headers, Blobs and Netlify Database (PGlite) behind one HTTP server.
 * Used by `npm start` and by the test harness.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { resolve } from 'node:path';
import { isIPv4, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { NetlifyDev } from '@netlify/dev';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { loadDotEnv, loadLocalSecrets } from './local-secrets.ts';
import { migrate, pgExecutor } from './migrate.ts';
import { installLocalRuntimePatches } from './local-runtime/patches.ts';
import { nodeRequestHandler, stopWarmFunctions } from './local-runtime/warm-functions.ts';
import { redirectHeaders } from './local-runtime/redirect-headers.ts';
import { rewriteOf } from './local-runtime/rewrite-status.ts';
import { IMAGE_CDN_PATH, ImageCdnCache, imageCdnTarget } from './local-runtime/image-cdn.ts';
import { listenLocallyByDefault } from './local-runtime/loopback.ts';
import {
  refuseMethod,
  refuseOnConnection,
  refuseUnreadBody,
  writeRaw,
  LimitedBody,
  type Refusal,
} from './local-runtime/front.ts';
import { removeRuntimeFile, writeRuntimeFile } from './runtime-file.ts';
import { holdRuntimeFolder, restrictRuntimeFiles } from './local-runtime/folder-lock.ts';
import { listenOn } from './local-runtime/listen.ts';
import { checkSeedPassword, seedFirstAdmin } from './seed-admin.ts';

export interface RuntimeOptions {
  root?: string;
  port?: number;
  host?: string;
  /** Print the first admin's generated password (npm start) or stay quiet (tests). */
  log?: (line: string) => void;
}

export interface Runtime {
  url: string;
  /** The database the functions use: the local PGlite gateway, or DATABASE_URL. */
  databaseUrl: string;
  stop(): Promise<void>;
}

export async function startRuntime(options: RuntimeOptions = {}): Promise<Runtime> {
  const root = resolve(options.root ?? process.cwd());
  const log = options.log ?? ((line: string) => console.log(line));
  loadDotEnv(root);
  // Before anything opens the database: another runtime of this folder refuses this one here.
  const releaseFolder = holdRuntimeFolder(root, 'npm start');
  // The port too, before the database opens and the first administrator is made: a port in use
  // stops the start with what to do, instead of after printing a password, or never.
  const server = http.createServer();
  await listenOn(server, options.port ?? 8888, options.host ?? '127.0.0.1').catch((error: unknown) => {
    releaseFolder();
    throw error;
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  // Requests that come while the runtime starts wait for it.
  const started = Promise.withResolvers<void>();
  server.on(
    'request',
    (req: http.IncomingMessage, res: http.ServerResponse) => void started.promise.then(() => serve(req, res)),
  );
  // An address set in .env (the one the office's browsers use, e.g. behind HOST=0.0.0.0), else this server's own.
  const configuredUrl = process.env.URL;
  await checkSeedPassword();
  loadLocalSecrets(root);
  process.env.NETLIFY_LOCAL = 'true';
  installLocalRuntimePatches();
  listenLocallyByDefault();

  const dev = new NetlifyDev({
    projectRoot: root,
    // Edge functions need a Deno download; geolocation would call out to the network. The Image
    // CDN (/.netlify/images) is emulated with sharp and fetches only this site's own pictures.
    edgeFunctions: { enabled: false },
    images: { enabled: true },
    geolocation: { enabled: false },
    aiGateway: { enabled: false },
    // Against a PostgreSQL server (DATABASE_URL) the local database would be a socket nobody uses.
    database: { enabled: !process.env.DATABASE_URL },
    serverAddress: null,
    skipGitignore: true,
  });
  await dev.start();
  restrictRuntimeFiles(root);

  if (process.env.DATABASE_URL) {
    const executor = pgExecutor(process.env.DATABASE_URL);
    try {
      await migrate(executor, root);
    } finally {
      await executor.close();
    }
  } else {
    if (!dev.db) throw new Error('The local Netlify Database did not start.');
    await migrate(dev.db, root);
  }
  await seedFirstAdmin(log);

  const handle = nodeRequestHandler(dev, root);
  const headersOfPath = redirectHeaders(root);
  const rewriteOfPath = rewriteOf(root);
  const images = new ImageCdnCache();
  // The methods an API route takes, as its function's 405 to OPTIONS names them (for a refusal's Allow).
  // Its body is read to the end: an answer left unread keeps its function instance busy, and a few
  // such refusals would leave the route no instance to answer with.
  const routeMethods = async (path: string) => {
    const answer = await dev
      .handle(new Request(new URL(path, 'http://localhost'), { method: 'OPTIONS' }))
      .catch(() => undefined);
    await answer?.arrayBuffer().catch(() => undefined);
    return answer?.status === 405 ? (answer.headers.get('allow') ?? '') : '';
  };
  /** Every request: refused here when its method or declared body is not served, else through the emulator. */
  const serve = async (req: http.IncomingMessage, res: http.ServerResponse, continued = false) => {
    // The address as the emulator will read it (from the Host header): one it cannot read is the client's error.
    const path = pathOf(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    if (path === undefined) return refuseOnConnection(req, BAD_REQUEST);
    const method = await refuseMethod(req.method ?? '', path, () => routeMethods(path));
    if (method) return refuseOnConnection(req, method);
    const tooLarge = refuseUnreadBody(req.method!, path, req.headers['content-length']);
    if (tooLarge) return refuseOnConnection(req, tooLarge);
    if (continued) res.writeContinue();
    if (path === IMAGE_CDN_PATH) {
      req.url = imageCdnTarget(req.url!, req.headers.accept);
      const kept = images.answer(req);
      if (kept) return void (await sendWebResponse(kept, res, req));
    }
    // A body sent without a length is cut where the route's limit is passed.
    const limited = new LimitedBody(req, path);
    try {
      const headers: Record<string, string> = {};
      const options = {
        headersCollector: (key: string, value: string) => {
          headers[key] = value;
        },
        // Where the Image CDN fetches a picture's source from: this server itself.
        serverAddress: url,
      };
      const result = await handle(req, clientAddress(req.socket), options, () => limited.stream());
      if (limited.refusal) {
        if (!res.headersSent) refuseOnConnection(req, limited.refusal);
        return;
      }
      if (result?.type === 'redirect' && result.response.status >= 300 && result.response.status < 400) {
        await headersOfPath(new URL(req.url ?? '/', 'http://localhost').href, options.headersCollector);
      }
      if (result) {
        let { response } = result;
        if (result.type === 'image') response = await images.keep(req, response);
        // A rewrite as Netlify answers it (rewrite-status.ts): a file at the address with its own headers, else the rule's status.
        if (result.type === 'redirect' && response.status === 200) {
          const rewrite = rewriteOfPath(path);
          if (rewrite.fileAtAddress) {
            const own = new Headers(response.headers);
            for (const key of Object.keys(headers)) {
              own.delete(key);
              delete headers[key];
            }
            await headersOfPath(new URL(req.url ?? '/', 'http://localhost').href, (key, value) => own.set(key, value));
            response = new Response(response.body, { status: response.status, headers: own });
          } else if (rewrite.status) {
            response = new Response(response.body, { status: rewrite.status, headers: response.headers });
          }
        }
        for (const [key, value] of Object.entries(headers)) res.setHeader(key, value);
        await sendWebResponse(response, res, req);
        return;
      }
      // Like Netlify's CDN: an unknown path gets the site's 404 page, with its headers, as a 404.
      const notFound = await dev.handle(new Request(new URL('/404.html', `http://${req.headers.host}`)), {
        headersCollector: (key, value) => {
          headers[key] = value;
        },
      });
      for (const [key, value] of Object.entries(headers)) res.setHeader(key, value);
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(notFound ? Buffer.from(await notFound.arrayBuffer()) : 'Not found');
    } catch (error) {
      if (limited.refusal && !res.headersSent) return refuseOnConnection(req, limited.refusal);
      // A client that went away (a download dropped midway) is nobody's fault and needs no answer.
      if (res.destroyed || req.socket.destroyed) return;
      console.error(error);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    }
  };
  // Expect: 100-continue: the client waits for the go-ahead before its body, so a refusal spares it the upload.
  server.on('checkContinue', (req, res) => void serve(req, res, true));
  // CONNECT (a proxy's tunnel) would otherwise drop the connection unanswered.
  server.on('connect', (_req: http.IncomingMessage, socket: Duplex) => {
    void refuseMethod('CONNECT', '', async () => '').then((refusal) => writeRaw(socket, refusal!));
  });
  // A request Node's parser refuses (a method it does not know, a malformed line): answered here, then closed.
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    void clientErrorRefusal(error, routeMethods).then((refusal) => {
      // Mid-answer (a pipelined request after one being answered) nothing more can be written.
      const current = (socket as Duplex & { _httpMessage?: http.ServerResponse })._httpMessage;
      if (!refusal || !socket.writable || current?.headersSent) socket.destroy();
      else writeRaw(socket, refusal);
    });
  });
  // Netlify's URL, as functions see it there: what the admin API's Origin check compares with. Set
  // before the first call starts a function instance, which takes this process's environment.
  process.env.URL = configuredUrl || url;
  started.resolve();
  const databaseUrl = process.env.DATABASE_URL || process.env.NETLIFY_DB_URL || '';
  if (!process.env.DATABASE_URL) writeRuntimeFile(root, { url, databaseUrl });
  return {
    url,
    databaseUrl,
    async stop() {
      removeRuntimeFile(root);
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
      const { closePool } = await import('../src/server/db.ts');
      await closePool();
      await stopWarmFunctions();
      await dev.stop();
      releaseFolder();
    },
  };
}

/** The answer to a request Node's parser refused: 405 for a method it does not know, else what Node itself answers. */
async function clientErrorRefusal(
  error: NodeJS.ErrnoException & { rawPacket?: Buffer },
  routeMethods: (path: string) => Promise<string>,
): Promise<Refusal | undefined> {
  if (error.code === 'ECONNRESET') return undefined;
  if (error.code === 'HPE_INVALID_METHOD') {
    const [method = '', target = ''] = (error.rawPacket?.toString('latin1').split('\r\n', 1)[0] ?? '').split(' ');
    const path = (target.startsWith('/') && pathOf(target, 'http://localhost')) || '';
    return refuseMethod(method || 'UNKNOWN', path, () => routeMethods(path));
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') return { ...BAD_REQUEST, status: 431 };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { ...BAD_REQUEST, status: 408 };
  return BAD_REQUEST;
}

/** What Node answers a request it cannot read: the status alone. */
const BAD_REQUEST: Refusal = { status: 400, headers: { Connection: 'close', 'Content-Length': '0' }, body: '' };

/** The path of a request target, or undefined when it (or the Host it is read against) is not an address. */
function pathOf(target: string, base: string): string | undefined {
  try {
    return new URL(target, base).pathname;
  } catch {
    return undefined;
  }
}

/**
 * The address functions see as the client's (context.ip): the connection's, as Netlify's edge
 * gives it, in IPv4 form when a dual-stack listener reports an IPv4 client as IPv4-mapped IPv6.
 */
function clientAddress(socket: Socket): string {
  const address = socket.remoteAddress ?? '';
  const mapped = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : '';
  return isIPv4(mapped) ? mapped : address;
}

/** Text types worth compressing (images, PDFs and fonts are compressed already). */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/i;

/**
 * Writes a web Response to Node's response, keeping every Set-Cookie (the emulator's helper keeps
 * only the last), and compressing text as Netlify's CDN does (brotli, else gzip): without it the
 * local site sends three times the bytes the deployed one does.
 */
async function sendWebResponse(response: Response, res: http.ServerResponse, req: http.IncomingMessage): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader('set-cookie', cookies);
  if (!response.body) {
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as NodeReadableStream);
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
  const compress =
    encoding &&
    req.method !== 'HEAD' &&
    !response.headers.has('content-encoding') &&
    COMPRESSIBLE.test(response.headers.get('content-type') ?? '');
  if (!compress) {
    await pipeline(body, res);
    return;
  }
  res.removeHeader('content-length');
  res.setHeader('content-encoding', encoding);
  res.setHeader(
    'vary',
    response.headers.get('vary') ? `${response.headers.get('vary')}, Accept-Encoding` : 'Accept-Encoding',
  );
  const encoder =
    encoding === 'br'
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : zlib.createGzip({ level: 6 });
  await pipeline(body, encoder, res);
}
