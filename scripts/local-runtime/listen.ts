/** The runtime's listen, failing with what to do instead of leaving an 'error' event nobody waits for. */
import type { Server } from 'node:net';

/** The runtime cannot listen where it was told to (the port is taken, or not this PC's address). */
export class ListenError extends Error {}

export function listenOn(server: Server, port: number, host: string): Promise<void> {
  return new Promise((ok, fail) => {
    const failed = (error: NodeJS.ErrnoException) => fail(listenError(error, port, host) ?? error);
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      ok();
    });
  });
}

function listenError(error: NodeJS.ErrnoException, port: number, host: string): ListenError | undefined {
  const another = `choose another port, e.g. PORT=${port === 8889 ? 8890 : 8889} npm start (or PORT in .env)`;
  if (error.code === 'EADDRINUSE') {
    return new ListenError(
      `Port ${port} is already in use on ${host} (another npm start, or another program). Stop what is using it, or ${another}.`,
    );
  }
  if (error.code === 'EACCES') return new ListenError(`This account may not listen on port ${port}: ${another}.`);
  if (error.code === 'EADDRNOTAVAIL')
    return new ListenError(
      `HOST=${host} is not an address of this PC: leave HOST out (this PC only) or use HOST=0.0.0.0 (the office network).`,
    );
  return undefined;
}
