/**
 * The HTTP side of a local server that stands in for an outside provider's JSON API
 * (./whatsapp-cloud.ts, ./msg91.ts): each request's method, path, headers and body go to `answer`,
 * whose status and body are sent back as JSON.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface JsonRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface JsonServer {
  url: string;
  stop(): Promise<void>;
}

export async function startJsonServer(answer: (req: JsonRequest) => readonly [number, unknown]): Promise<JsonServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const [status, body] = answer({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((ok) => server.close(() => ok())) };
}
