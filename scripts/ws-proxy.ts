/**
 * A WebSocket-to-TCP proxy for one PostgreSQL server, as Neon's wsproxy (github.com/neondatabase/wsproxy)
 * is: each WebSocket at `/v1?address=host:port` becomes one TCP connection to that server, and
 * the bytes of the PostgreSQL protocol go through unchanged, binary messages one way, TCP data the
 * other. It is how @neondatabase/serverless, production's driver, reaches a server that is not
 * Neon's (its CONFIG.md, `wsProxy`), so the PostgreSQL test pass runs the runtime on that driver.
 *
 * Like wsproxy's ALLOW_ADDR_REGEX it goes nowhere but its one server. GET /connections answers
 * how many WebSockets it carried and the local ports of its TCP connections: a test compares
 * them with the server's pg_stat_activity to prove the runtime's sessions came through it.
 *
 * It can also stand for distance (`npm run bench -- distance`, tests/db/round-trips): a delay held
 * on every message from the driver, and on the WebSocket's opening, is a round trip's time to a
 * database far away; and it counts round trips, a turn of the conversation each: the driver
 * speaking after the server did (or first). Messages the driver sends without waiting between them
 * (a pipelined batch) are one round trip, as on a real line.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';

export interface WsProxy {
  /** `host:port`, as DATABASE_WS_PROXY takes it. */
  address: string;
  /** Milliseconds held on each message from the driver (0: none). */
  setDelay(ms: number): void;
  counts(): WsProxyCounts;
  close(): Promise<void>;
}

export interface WsProxyCounts {
  /** WebSockets carried through to the server. */
  connections: number;
  /** The local port of each TCP connection the proxy opened to the server (which pg_stat_activity shows as client_port). */
  ports: number[];
  /** Round trips carried, over every connection (a WebSocket's opening is one). */
  roundTrips: number;
}

export async function startWsProxy(target: { host: string; port: number }): Promise<WsProxy> {
  const allowed = `${target.host}:${target.port}`;
  const counts: WsProxyCounts = { connections: 0, ports: [], roundTrips: 0 };
  let delay = 0;
  // Equal delays keep their order (timers of one duration fire as they were set), so the bytes do too.
  const later = (fn: () => void) => (delay ? setTimeout(fn, delay) : fn());
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/connections') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(counts));
    } else {
      res.writeHead(404).end();
    }
  });
  const wss = new WebSocketServer({ noServer: true });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://proxy');
    if (url.pathname !== '/v1' || url.searchParams.get('address') !== allowed) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    counts.roundTrips++;
    later(() => wss.handleUpgrade(req, socket, head, (ws) => carry(ws)));
  });

  function carry(ws: WebSocket) {
    const tcp = connect({ host: target.host, port: target.port, noDelay: true });
    sockets.add(tcp);
    counts.connections++;
    tcp.once('connect', () => counts.ports.push(tcp.localPort!));
    let serverSpokeLast = true;
    // A message is a Buffer (ws's default binaryType); sent before the TCP connection is up, it waits in the socket.
    ws.on('message', (data: RawData) => {
      if (serverSpokeLast) counts.roundTrips++;
      serverSpokeLast = false;
      later(() => !tcp.destroyed && tcp.write(data as Buffer));
    });
    tcp.on('data', (chunk: Buffer) => {
      serverSpokeLast = true;
      ws.send(chunk, { binary: true });
    });
    ws.on('close', () => later(() => tcp.end()));
    ws.on('error', () => tcp.destroy());
    tcp.on('close', () => {
      sockets.delete(tcp);
      ws.close();
    });
    tcp.on('error', () => ws.terminate());
  }

  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    setDelay(ms) {
      delay = ms;
    },
    counts: () => ({ ...counts, ports: [...counts.ports] }),
    async close() {
      for (const ws of wss.clients) ws.terminate();
      for (const tcp of sockets) tcp.destroy();
      wss.close();
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
    },
  };
}
