/**
 * Where the local runtime's own sockets listen. Netlify's emulator starts its blob store (the
 * applicants' documents) with a port and no address: BlobsServer of @netlify/blobs and the
 * HTTPServer of @netlify/dev-utils it runs on take no host option, @netlify/dev passes none, and
 * Node then listens on every interface, so the office LAN (or a café's Wi-Fi) could reach it.
 * Rather than patch those packages' private members, a TCP listen in the runtime's process that
 * names no address gets `localhost`, which is where the emulator tells its clients to connect
 * (http://localhost:port) and where its database gateway already listens. A listen that names
 * one (the site's, from HOST) keeps it. Worker threads (the function instances) open no server.
 */
import net from 'node:net';

type ListenArgs = Parameters<net.Server['listen']>;

const LOCAL = 'localhost';
let installed = false;

/** The same arguments, with LOCAL as the address when they name neither an address nor a pipe or handle. */
export function withLocalAddress(args: unknown[]): unknown[] {
  const [first, second] = args;
  if (args.length === 0) return [0, LOCAL];
  if (typeof first === 'function') return [0, LOCAL, ...args];
  if (
    typeof first === 'number' ||
    first === undefined ||
    first === null ||
    (typeof first === 'string' && /^\d+$/.test(first))
  ) {
    return typeof second === 'string' ? args : [first ?? 0, LOCAL, ...args.slice(1)];
  }
  if (
    typeof first === 'object' &&
    !('path' in first) &&
    !('fd' in first) &&
    !('handle' in first) &&
    !('_handle' in first) &&
    !('host' in first)
  ) {
    return [{ ...first, host: LOCAL }, ...args.slice(1)];
  }
  return args;
}

export function listenLocallyByDefault(): void {
  if (installed) return;
  installed = true;
  const listen = net.Server.prototype.listen;
  net.Server.prototype.listen = function listenLocally(this: net.Server, ...args: ListenArgs) {
    return listen.apply(this, withLocalAddress(args) as ListenArgs);
  } as net.Server['listen'];
}
