/**
 * The local runtime: Netlify's own emulator (@netlify/dev) serving the built site, the functions,
 * redirects, headers, Blobs and Netlify Database (PGlite) behind one HTTP server.
 * Used by `npm start` and by the test harness.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { resolve } from 'node:path';
import { isIPv4, type AddressInfo, type Socket } from 'node:net';
import { NetlifyDev } from '@netlify/dev';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { loadDotEnv, loadLocalSecrets } from './local-secrets.ts';
import { migrate, pgExecutor } from './migrate.ts';
import { installLocalRuntimePatches } from './local-runtime/patches.ts';
import { nodeRequestHandler, stopWarmFunctions } from './local-runtime/warm-functions.ts';
import { redirectHeaders } from './local-runtime/redirect-headers.ts';
import { removeRuntimeFile, writeRuntimeFile } from './runtime-file.ts';
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
  // An address set in .env (the one the office's browsers use, e.g. behind HOST=0.0.0.0), else this server's own.
  const configuredUrl = process.env.URL;
  await checkSeedPassword();
  loadLocalSecrets(root);
  process.env.NETLIFY_LOCAL = 'true';
  installLocalRuntimePatches();

  const dev = new NetlifyDev({
    projectRoot: root,
    // Edge functions need a Deno download; images and geolocation would call out to the network.
    edgeFunctions: { enabled: false },
    images: { enabled: false },
    geolocation: { enabled: false },
    aiGateway: { enabled: false },
    serverAddress: null,
    skipGitignore: true,
  });
  await dev.start();

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
  const server = http.createServer(async (req, res) => {
    try {
      const headers: Record<string, string> = {};
      const options = {
        headersCollector: (key: string, value: string) => {
          headers[key] = value;
        },
      };
      const result = await handle(req, clientAddress(req.socket), options);
      if (result?.type === 'redirect' && result.response.status >= 300 && result.response.status < 400) {
        await headersOfPath(new URL(req.url ?? '/', 'http://localhost').href, options.headersCollector);
      }
      if (result) {
        for (const [key, value] of Object.entries(headers)) res.setHeader(key, value);
        await sendWebResponse(result.response, res, req);
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
      console.error(error);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    }
  });
  await new Promise<void>((ok) => server.listen(options.port ?? 8888, options.host ?? '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  // Netlify's URL, as functions see it there: what the admin API's Origin check compares with. Set
  // before the first call starts a function instance, which takes this process's environment.
  process.env.URL = configuredUrl || url;
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
    },
  };
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
    encoding && req.method !== 'HEAD' && !response.headers.has('content-encoding') && COMPRESSIBLE.test(response.headers.get('content-type') ?? '');
  if (!compress) {
    await pipeline(body, res);
    return;
  }
  res.removeHeader('content-length');
  res.setHeader('content-encoding', encoding);
  res.setHeader('vary', response.headers.get('vary') ? `${response.headers.get('vary')}, Accept-Encoding` : 'Accept-Encoding');
  const encoder =
    encoding === 'br' ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : zlib.createGzip({ level: 6 });
  await pipeline(body, encoder, res);
}
